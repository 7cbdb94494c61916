/// Standard base64 (RFC 4648 §4, padded, no line breaks): the text `Data.base64EncodedString()`
/// gives, without Foundation's `Data` and bridging: every page of a connection encodes its
/// cursors, and the bridge cost more than the encoding (Benchmarks/NOTES.md).
package enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 of `text`'s UTF-8 bytes.
    /// - Complexity: O(`text`'s UTF-8 length).
    package static func encode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { encode($0) }
    }

    /// The base64 of `bytes`.
    package static func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: encodedCount(bytes.count)) { encode(bytes, into: $0) }
    }

    /// How many bytes the base64 of `count` bytes takes.
    package static func encodedCount(_ count: Int) -> Int {
        (count + 2) / 3 * 4
    }

    /// Writes the base64 of `bytes` at the front of `output`, which has room for
    /// `encodedCount(bytes.count)` bytes, and returns how many it wrote.
    package static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        alphabet.withUnsafeBufferPointer { alphabet in
            var read = 0
            var written = 0
            while read + 3 <= bytes.count {
                let group = UInt32(bytes[read]) << 16 | UInt32(bytes[read + 1]) << 8 | UInt32(bytes[read + 2])
                output[written] = alphabet[Int(group >> 18 & 63)]
                output[written + 1] = alphabet[Int(group >> 12 & 63)]
                output[written + 2] = alphabet[Int(group >> 6 & 63)]
                output[written + 3] = alphabet[Int(group & 63)]
                read += 3
                written += 4
            }
            let left = bytes.count - read
            if left > 0 {
                let group = UInt32(bytes[read]) << 16 | (left == 2 ? UInt32(bytes[read + 1]) << 8 : 0)
                output[written] = alphabet[Int(group >> 18 & 63)]
                output[written + 1] = alphabet[Int(group >> 12 & 63)]
                output[written + 2] = left == 2 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "=")
                output[written + 3] = UInt8(ascii: "=")
                written += 4
            }
            return written
        }
    }
}

extension Base64 {
    /// The URL-safe base64 of `bytes` without padding (RFC 4648 §5): what a PKCE challenge and a
    /// JSON Web Token's parts are written in.
    package static func urlEncode(_ bytes: [UInt8]) -> String {
        let padded = bytes.withUnsafeBufferPointer { encode($0) }
        var url = ""
        url.unicodeScalars.reserveCapacity(padded.utf8.count)
        for scalar in padded.unicodeScalars where scalar != "=" {
            url.unicodeScalars.append(scalar == "+" ? "-" : scalar == "/" ? "_" : scalar)
        }
        return url
    }
}
