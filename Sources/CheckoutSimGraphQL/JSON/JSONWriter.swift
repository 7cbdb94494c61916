/// Serialises `JSON` into UTF-8 bytes, compact or pretty, byte-for-byte reproducibly.
///
/// Strings are escaped per RFC 8259: `"`, `\`, and control characters only; non-ASCII stays UTF-8
/// and `/` is not escaped. Integral doubles print without `.0`. Pretty output indents by two
/// spaces and puts `": "` between key and value.
///
/// The output lives in one heap block the writer owns, grown by doubling. A response writes a
/// few hundred small pieces; appending checks capacity once per piece and copies with `memcpy`,
/// where an `Array` would also check uniqueness on every append. The writer cannot be copied,
/// so nothing else ever shares the block.
package struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes have been written.
    package private(set) var count = 0
    /// Whether output is indented (two spaces, `": "` after keys).
    package let pretty: Bool
    private var depth = 0
    /// The most bytes the output may reach. Past it the writer sets `overflowed` and starts
    /// again at the front of its block, so a runaway response costs no more memory than the limit
    /// while its writer unwinds; what was written is then meaningless.
    package var limit = Int.max
    /// Whether the output passed `limit`.
    package private(set) var overflowed = false

    /// An empty writer with room for `capacity` bytes before it grows.
    package init(pretty: Bool = false, capacity: Int = 1024) {
        self.pretty = pretty
        self.capacity = max(16, capacity)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written so far, as an array.
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Room for `extra` more bytes, returning where they go.
    @inline(__always)
    private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count + extra > capacity { grow(extra) }
        return base + count
    }

    private mutating func grow(_ extra: Int) {
        if count + extra > limit {
            overflowed = true
            count = 0
            if extra <= capacity { return }
        }
        let grownCapacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: grownCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = grownCapacity
    }

    /// Appends one byte as it is.
    @inline(__always)
    package mutating func append(byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    /// Appends `true` or `false`, stored byte by byte (a `StaticString` went through a closure
    /// and a `memcpy` for five bytes; most listings write a flag per item).
    package mutating func writeBool(_ flag: Bool) {
        if flag {
            let bytes = reserve(4)
            (bytes[0], bytes[1], bytes[2], bytes[3]) = (UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e"))
            count += 4
        } else {
            let bytes = reserve(5)
            (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4]) = (UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"))
            count += 5
        }
    }

    /// Appends `bytes` as they are (already valid JSON text).
    ///
    /// Most pieces are a key or a kept leaf of a few bytes: up to 16 are copied as two
    /// overlapping words in place, not through a `memcpy` call (Benchmarks/NOTES.md, issue 43).
    /// Always inlined: left to the optimiser, it stopped being inlined into the executor's leaf
    /// runs once their object's loop moved, and a call per piece cost the Storefront listing 4 %.
    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        let target = UnsafeMutableRawPointer(reserve(length))
        let from = UnsafeRawPointer(source)
        switch length {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        case 0..<4:
            for index in 0..<length { target.storeBytes(of: from.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self) }
        default:
            target.copyMemory(from: from, byteCount: length)
        }
        count += length
    }

    /// Appends `bytes` as they are (already valid JSON text).
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Drops everything written after the first `length` bytes (null bubbling rewrites a value).
    package mutating func truncate(to length: Int) {
        count = min(max(0, length), count)
    }

    /// The serialisation of `value`; pretty output ends with a newline.
    package static func string(_ value: JSON, pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(value)
        if pretty { writer.append(byte: UInt8(ascii: "\n")) }
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `value`, object members in their order.
    package mutating func write(_ value: JSON) {
        switch value {
        case .null: append("null")
        case .bool(let flag): writeBool(flag)
        case .int(let number): writeInt(number)
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .array(let items):
            if items.isEmpty { return append("[]") }
            append(byte: UInt8(ascii: "["))
            depth += 1
            for (index, item) in items.enumerated() {
                if index > 0 { append(byte: UInt8(ascii: ",")) }
                newline()
                write(item)
            }
            depth -= 1
            newline()
            append(byte: UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty { return append("{}") }
            append(byte: UInt8(ascii: "{"))
            depth += 1
            var first = true
            for (key, member) in object.members {
                if !first { append(byte: UInt8(ascii: ",")) }
                first = false
                newline()
                writeString(key)
                append(pretty ? ": " : ":")
                write(member)
            }
            depth -= 1
            newline()
            append(byte: UInt8(ascii: "}"))
        }
    }

    private mutating func newline() {
        guard pretty else { return }
        append(byte: UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) { append(byte: UInt8(ascii: " ")) }
    }

    /// Appends literal JSON text such as `null` or `,`.
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Writes `number` in decimal.
    package mutating func writeInt(_ number: Int) {
        // At most 19 digits and a sign; digits are written right to left into reserved room.
        let out = reserve(20)
        var magnitude = number.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        if number < 0 { out[0] = UInt8(ascii: "-") }
        let length = digits + (number < 0 ? 1 : 0)
        var index = length
        repeat {
            index -= 1
            out[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += length
    }

    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else { return append("null") }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            return writeInt(Int(number))
        }
        append(Array(number.description.utf8))
    }

    /// Writes `text` as a JSON string, escaped.
    package mutating func writeString(_ text: String) {
        append(byte: UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            var copy = text
            copy.withUTF8 { writeEscaped($0) }
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// Writes `utf8` (valid UTF-8) as a JSON string, escaped.
    package mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        append(byte: UInt8(ascii: "\""))
        writeEscaped(utf8)
        append(byte: UInt8(ascii: "\""))
    }

    /// Writes `utf8` as a JSON string as it is: its writer promises it holds nothing JSON escapes
    /// (`UTF8Writable.isEscapeFree`: a cursor's base64, a time).
    package mutating func writeString(escapeFree utf8: UnsafeBufferPointer<UInt8>) {
        append(byte: UInt8(ascii: "\""))
        append(utf8)
        append(byte: UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        let length = utf8.count
        // Most strings are short and clean: copied word by word while no byte needs escaping,
        // storing whole words into room reserved past the end, without a call to `memcpy`. The
        // slack is used only when the block already has it, so the writer never grows or
        // overflows early for it.
        guard count + length + 8 <= capacity else { return writeEscapedRuns(utf8) }
        let out = base + count
        var index = 0
        if length >= 8 {
            while index + 8 <= length {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if JSONSpecialBytes.mask(word) != 0 { break }
                UnsafeMutableRawPointer(out + index).storeBytes(of: word, as: UInt64.self)
                index += 8
            }
            // The last bytes as one word that overlaps what was copied already.
            if index + 8 > length && index < length {
                let word = UnsafeRawPointer(source + length - 8).loadUnaligned(as: UInt64.self)
                if JSONSpecialBytes.mask(word) == 0 {
                    UnsafeMutableRawPointer(out + length - 8).storeBytes(of: word, as: UInt64.self)
                    index = length
                }
            }
        } else {
            while index < length, !JSONSpecialBytes.contains(source[index]) {
                out[index] = source[index]
                index += 1
            }
        }
        count += index
        if index < length { writeEscapedRuns(UnsafeBufferPointer(rebasing: utf8[index...])) }
    }

    /// `writeEscaped` run by run: clean runs copied in bulk, the bytes between them escaped.
    private mutating func writeEscapedRuns(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var runStart = 0
        var index = JSONSpecialBytes.firstIndex(in: utf8, from: 0)
        while index < count {
            let byte = base[index]
            append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
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
                append(byte: Self.hexDigit(byte >> 4))
                append(byte: Self.hexDigit(byte & 0xF))
            }
            index = JSONSpecialBytes.firstIndex(in: utf8, from: index)
        }
        append(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension JSONWriter {
    /// Calls `body` with the bytes written so far, without copying them.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

extension JSON {
    /// The compact (default) or pretty serialisation; pretty output ends with a newline.
    package func serialized(pretty: Bool = false) -> String {
        JSONWriter.string(self, pretty: pretty)
    }
}
