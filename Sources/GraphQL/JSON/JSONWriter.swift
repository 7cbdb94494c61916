/// Serialises `JSON` into UTF-8 bytes, compact or pretty, byte-for-byte reproducibly.
///
/// Strings are escaped per RFC 8259: `"`, `\` and control characters only; non-ASCII stays UTF-8
/// and `/` is not escaped. Integral doubles print without `.0`. Pretty output indents by two
/// spaces and puts `": "` between key and value.
public struct JSONWriter {
    public var bytes: [UInt8] = []
    public let pretty: Bool
    private var depth = 0

    public init(pretty: Bool = false, capacity: Int = 1024) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    public static func string(_ value: JSON, pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(value)
        if pretty { writer.bytes.append(UInt8(ascii: "\n")) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    public mutating func write(_ value: JSON) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): writeInt(number)
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .array(let items):
            if items.isEmpty { return append("[]") }
            bytes.append(UInt8(ascii: "["))
            depth += 1
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                write(item)
            }
            depth -= 1
            newline()
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty { return append("{}") }
            bytes.append(UInt8(ascii: "{"))
            depth += 1
            var first = true
            for (key, member) in object.members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                newline()
                writeString(key)
                append(pretty ? ": " : ":")
                write(member)
            }
            depth -= 1
            newline()
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func writeInt(_ number: Int) {
        if number == 0 { return bytes.append(UInt8(ascii: "0")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
        }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        withUnsafeBytes(of: &digits) { buffer in
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else { return append("null") }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            return writeInt(Int(number))
        }
        bytes.append(contentsOf: number.description.utf8)
    }

    public mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            var copy = text
            copy.withUTF8 { writeEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        // Most strings need no escaping: skip eight clean bytes at a time, copy clean runs in bulk.
        let count = utf8.count
        var runStart = 0
        var index = 0
        while index < count {
            if index + 8 <= count, !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = base[index]
            guard Self.needsEscape(byte) else {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            index += 1
            runStart = index
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            default:
                append("\\u00")
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Bytes that JSON strings must escape: control characters, `"` and `\`.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// True when one of the eight bytes in `word` may need escaping (never false when one does).
    ///
    /// Each test sets a byte's high bit when that byte is below 0x20 or equals `"` or `\`, the
    /// usual "has a zero byte" arithmetic applied to the word and to its XOR with the character.
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quoteHit = (quote &- ones) & ~quote
        let backslashHit = (backslash &- ones) & ~backslash
        return (control | quoteHit | backslashHit) & highs != 0
    }
}

extension JSON {
    /// The compact (default) or pretty serialisation; pretty output ends with a newline.
    public func serialized(pretty: Bool = false) -> String {
        JSONWriter.string(self, pretty: pretty)
    }
}
