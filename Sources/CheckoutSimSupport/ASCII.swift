/// ASCII case folding for HTTP's case-insensitive tokens (field names, media types), byte by
/// byte: `String.lowercased()` is Unicode-aware and cost thousands of instructions per request.
package enum ASCII {
    /// `A`–`Z` as `a`–`z`; every other byte as it is.
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// The text with `A`–`Z` lowercased.
    package static func lowercased<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes.map(lowercased), as: UTF8.self)
    }
}
