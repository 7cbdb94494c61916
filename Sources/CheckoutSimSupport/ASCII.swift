/// ASCII case folding for HTTP's case-insensitive tokens (field names, media types), byte by
/// byte: `String.lowercased()` is Unicode-aware and costs thousands of instructions a request.
///
/// Not generic on purpose: a generic `package` function runs unspecialized in the modules that
/// call it (Benchmarks/NOTES.md, issue 30), so it takes a buffer of bytes.
package enum ASCII {
    /// `A`–`Z` as `a`–`z`; every other byte as it is.
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// The bytes as text, with `A`–`Z` lowercased.
    /// - Complexity: O(n), one pass into the new string's storage.
    package static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for index in bytes.indices { buffer[index] = lowercased(bytes[index]) }
            return bytes.count
        }
    }

    /// Whether the byte is `A`–`Z`, `a`–`z` or `0`–`9`.
    package static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
    }

    /// The text with `A`–`Z` lowercased.
    package static func lowercased(_ text: String) -> String {
        var text = text
        return text.withUTF8 { lowercased($0) }
    }
}
