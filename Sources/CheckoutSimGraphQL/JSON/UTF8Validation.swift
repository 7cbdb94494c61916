/// Whether bytes are well-formed UTF-8 (RFC 3629, as JSON texts must be: RFC 8259 §8.1): no
/// stray continuation byte, no overlong form, no surrogate, nothing past U+10FFFF, no sequence
/// cut short. Linear, eight ASCII bytes at a time.
enum UTF8Validation {
    /// The offset of the first byte that starts no well-formed sequence; nil when all are well formed.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        while index < count {
            // ASCII runs, a word at a time.
            while index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The sequence's length and the range its second byte must fall in (which rules out
            // overlong forms, surrogates and code points past U+10FFFF).
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; second = 0x80...0x8F
            default: return index
            }
            guard index + length <= count, second.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return index }
            index += length
        }
        return nil
    }
}
