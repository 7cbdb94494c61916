#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON syntax error with the position where it was found.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    package let message: String
    /// The 1-based line.
    package let line: Int
    /// The 1-based column, counting Unicode scalars.
    package let column: Int

    /// `line:column: message`.
    package var description: String { "\(line):\(column): \(message)" }
}

/// Parses RFC 8259 JSON from UTF-8 bytes into an ordered `JSON` value.
///
/// Nesting deeper than `maxDepth` is an error rather than a stack overflow.
package struct JSONParser {
    /// The input, valid for the duration of one `parse` call.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private let maxDepth: Int
    private var depth = 0
    /// Members of the objects and items of the arrays being parsed, innermost last. Each container
    /// is copied out once at its end, so it is allocated at its exact size instead of regrowing.
    private var pendingKeys: [String] = []
    private var pendingValues: [JSON] = []
    /// Recently seen object keys by a hash of their bytes: a fixture repeats the same dozen keys
    /// thousands of times, and reusing the string skips decoding it again. Each of the 64 slots
    /// holds a position in `recentKeys` (-1: empty), so a request body with three keys makes
    /// and drops three entries, not 64 (Benchmarks/NOTES.md, issue 43).
    private var recentKeySlots: [Int8] = []
    private var recentKeys: [(start: Int, length: Int, text: String)] = []
    /// The key lists of recent objects. A fixture's items repeat one list of keys, so an object
    /// whose keys equal a recent list shares that array instead of allocating its own (ten
    /// collections of 10,000 items: 286–308 → 238–268 ms to load, peak memory 257 → 216 MB).
    private var recentKeyLists: [[String]] = []

    /// Parses `text`, which must hold exactly one JSON value.
    package static func parse(_ text: String, maxDepth: Int = 512) throws(JSONParseError) -> JSON {
        // Parses the string's own UTF-8 in place: a fixture file can be tens of megabytes.
        var text = text
        return try text.withUTF8 { buffer in Result { () throws(JSONParseError) in try parse(buffer, maxDepth: maxDepth) } }.get()
    }

    /// Parses UTF-8 `bytes`, which must hold exactly one JSON value.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONParseError) in try parse(buffer, maxDepth: maxDepth) } }.get()
    }

    /// Parses UTF-8 `bytes`, which only need to stay valid for the call.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSON {
        // A JSON text is UTF-8 (RFC 8259 §8.1): bytes that are not are refused, not repaired.
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            let hex = String(bytes[invalid], radix: 16, uppercase: true)
            throw error("the text is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" : "")\(hex) starts no character)", at: invalid)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if position < bytes.count {
            throw error("unexpected \(describeCurrent()) after the JSON value")
        }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let location = SourceLocation.of(offset: offset ?? position, in: Array(bytes))
        return JSONParseError(message: message, line: location.line, column: location.column)
    }

    private func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        return "character U+" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSON {
        guard position < bytes.count else { throw error("expected a JSON value, found end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a JSON value, found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, bytes[position..<position + utf8.count].elementsEqual(utf8) else {
            throw error("expected a JSON value, found \(describeCurrent())")
        }
        position += utf8.count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw error("nesting is deeper than the limit of \(maxDepth)") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSON {
        try enter()
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject())
        }
        reservePending()
        let keyBase = pendingKeys.count
        let valueBase = pendingValues.count
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key, found \(describeCurrent())")
            }
            let key = try parseKey()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected \":\" after an object key, found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            pendingKeys.append(key)
            pendingValues.append(value)
            skipWhitespace()
            guard position < bytes.count else { throw error("expected \",\" or \"}\", found end of input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                let object = JSONObject(keys: sharedKeys(from: keyBase), values: Array(pendingValues[valueBase...]))
                pendingKeys.removeSubrange(keyBase...)
                pendingValues.removeSubrange(valueBase...)
                return .object(object)
            }
            throw error("expected \",\" or \"}\", found \(describeCurrent())")
        }
    }

    /// Room for the first containers' members at once: grown from empty, the pending lists took
    /// several allocations for a small request body (Benchmarks/NOTES.md, issue 43).
    @inline(__always)
    private mutating func reservePending() {
        guard pendingValues.capacity == 0 else { return }
        pendingKeys.reserveCapacity(16)
        pendingValues.reserveCapacity(16)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSON {
        try enter()
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array([])
        }
        reservePending()
        let base = pendingValues.count
        while true {
            skipWhitespace()
            let value = try parseValue()
            pendingValues.append(value)
            skipWhitespace()
            guard position < bytes.count else { throw error("expected \",\" or \"]\", found end of input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                let items = Array(pendingValues[base...])
                pendingValues.removeSubrange(base...)
                return .array(items)
            }
            throw error("expected \",\" or \"]\", found \(describeCurrent())")
        }
    }

    /// The keys pending from `base` on, as a recent object's equal list when there is one.
    private mutating func sharedKeys(from base: Int) -> [String] {
        let count = pendingKeys.count - base
        search: for index in recentKeyLists.indices where recentKeyLists[index].count == count {
            for offset in 0..<count where recentKeyLists[index][offset] != pendingKeys[base + offset] { continue search }
            return recentKeyLists[index]
        }
        let list = Array(pendingKeys[base...])
        if recentKeyLists.count < 4 { recentKeyLists.append(list) } else { recentKeyLists[3] = list }
        return list
    }

    /// An object key: a string, reused from `recentKeys` when the same bytes were seen before.
    private mutating func parseKey() throws(JSONParseError) -> String {
        let start = position + 1
        let end = nextSpecial(from: start)
        let length = end - start
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), length > 0, length <= 32, let base = bytes.baseAddress else {
            return try parseString()
        }
        if recentKeySlots.isEmpty {
            recentKeySlots = Array(repeating: -1, count: 64)
            recentKeys.reserveCapacity(16)
        }
        let slot = (length &* 31 &+ Int(bytes[start]) &* 7 &+ Int(bytes[end - 1])) & 63
        position = end + 1
        let held = Int(recentKeySlots[slot])
        if held >= 0, recentKeys[held].length == length, memcmp(base + recentKeys[held].start, base + start, length) == 0 {
            return recentKeys[held].text
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if held >= 0 {
            recentKeys[held] = (start, length, text)
        } else {
            recentKeySlots[slot] = Int8(recentKeys.count)
            recentKeys.append((start, length, text))
        }
        return text
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        position += 1
        // Fast path: no escapes, so the string is the bytes between the quotes.
        let scan = nextSpecial(from: position)
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<scan]), as: UTF8.self)
            position = scan + 1
            return text
        }
        // Escapes only shorten the text (the six bytes of `\uXXXX` make at most three), so the
        // bytes up to the closing quote bound it: one allocation, not one per doubling.
        var end = scan
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end = nextSpecial(from: end + (bytes[end] == UInt8(ascii: "\\") ? 2 : 1))
        }
        var result: [UInt8] = []
        result.reserveCapacity(min(end, bytes.count) - position)
        // Runs between escapes are copied whole; the bytes before the first were scanned already.
        var runStart = position
        position = scan
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                result.append(contentsOf: bytes[runStart..<position])
                position += 1
                return String(decoding: result, as: UTF8.self)
            }
            if byte < 0x20 { throw error("control characters must be escaped inside strings") }
            result.append(contentsOf: bytes[runStart..<position])
            position += 1
            try parseEscape(into: &result)
            runStart = position
            position = nextSpecial(from: position)
        }
        throw error("unterminated string", at: start)
    }

    /// Where the first quote, backslash or control character at or after `index` is
    /// (`bytes.count` when there is none), eight bytes at a time: a byte-by-byte loop was most of
    /// reading a request body, whose query is one long string (Benchmarks/NOTES.md, issue 43).
    @inline(__always)
    private func nextSpecial(from index: Int) -> Int {
        JSONSpecialBytes.firstIndex(in: bytes, from: index)
    }

    private mutating func parseEscape(into result: inout [UInt8]) throws(JSONParseError) {
        guard position < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): result.append(byte)
        case UInt8(ascii: "\\"): result.append(byte)
        case UInt8(ascii: "/"): result.append(byte)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"):
            var code = try parseHex4()
            if (0xD800...0xDBFF).contains(code) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("a high surrogate must be followed by a low surrogate escape") }
                position += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error("unpaired low surrogate")
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("invalid Unicode escape") }
            result.append(contentsOf: String(Character(scalar)).utf8)
        default:
            position -= 1
            throw error("invalid escape sequence \"\\\(Character(Unicode.Scalar(byte)))\"")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexValue(bytes[position]) else { throw error("expected four hex digits after \\u") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw error("numbers must not have leading zeros") }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit after \".\"") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in the exponent") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if isInteger, let integer = integerValue(start..<position) { return .int(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw error("number out of range", at: start) }
        return .double(number)
    }

    /// The integer an optional minus and digits spell; nil when it does not fit in an `Int`.
    /// Read straight from the bytes: making a `String` for `Int(_:)` first cost more than the rest
    /// of parsing a number.
    private func integerValue(_ range: Range<Int>) -> Int? {
        let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
        var value = 0
        for index in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
            let digit = Int(bytes[index] &- UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            value = next
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
