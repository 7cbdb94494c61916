/// The bytes a JSON string cannot hold as they are: control characters, `"` and `\`. The writer
/// escapes them (`JSONWriter.writeString`); the parser stops at them, a quote ending the string,
/// a backslash starting an escape, a control character an error (`JSONParser.parseString`). Both
/// test eight bytes at a time.
enum JSONSpecialBytes {
    /// Whether `byte` is one of them.
    @inline(__always)
    static func contains(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The high bit of each byte of `word` that is one of them; zero when none is. Exact for the
    /// lowest such byte: the "has a zero byte" arithmetic, applied to the word (for bytes below
    /// 0x20) and to its XOR with `"` and with `\`, may mark bytes above it by a borrow, never
    /// below it. (On a little-endian load the lowest byte is the first in memory.)
    @inline(__always)
    static func mask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let controls = (word &- ones &* 0x20) & ~word
        return (controls | (quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
    }

    /// Where the first of them at or after `index` in `bytes` is (`bytes.count` when there is
    /// none), eight bytes tested at a time: what the parser stops at in a string and what the
    /// writer escapes.
    @inline(__always)
    static func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                // Byte `i` of the word is the byte at `index + i`, whatever the machine's order.
                let found = mask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count, !contains(bytes[index]) { index += 1 }
        return index
    }
}
