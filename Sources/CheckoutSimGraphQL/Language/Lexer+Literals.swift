/// Number and string literals, with graphql-js's error wording.
extension Lexer {
    mutating func readNumber() throws(GraphQLError) -> Token {
        let start = position
        var isFloat = false
        if source[position] == UInt8(ascii: "-") { position += 1 }
        if byte(at: position) == UInt8(ascii: "0") {
            position += 1
            if let next = byte(at: position), isDigit(next) {
                throw error("Invalid number, unexpected digit after 0: \(describeCharacter(at: position)).", at: position)
            }
        } else {
            try readDigits()
        }
        if byte(at: position) == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            try readDigits()
        }
        if byte(at: position) == UInt8(ascii: "e") || byte(at: position) == UInt8(ascii: "E") {
            isFloat = true
            position += 1
            if byte(at: position) == UInt8(ascii: "+") || byte(at: position) == UInt8(ascii: "-") { position += 1 }
            try readDigits()
        }
        if let next = byte(at: position), next == UInt8(ascii: ".") || next == UInt8(ascii: "_") || isLetter(next) {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: position)).", at: position)
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: position)
    }

    private mutating func readDigits() throws(GraphQLError) {
        guard let first = byte(at: position), isDigit(first) else {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: position)).", at: position)
        }
        while let next = byte(at: position), isDigit(next) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    mutating func readString() throws(GraphQLError) -> Token {
        let start = position
        position += 1
        var value: [UInt8] = []
        var runStart = position
        while position < source.count {
            let byte = source[position]
            if byte == UInt8(ascii: "\"") {
                if runStart == start + 1 {
                    // No escape: the text is the source's bytes, decoded once, with no array
                    // between (an allocation and a copy per string: Benchmarks/NOTES.md, issue 43).
                    stringValue = String(decoding: source[runStart..<position], as: UTF8.self)
                } else {
                    value.append(contentsOf: source[runStart..<position])
                    stringValue = String(decoding: value, as: UTF8.self)
                }
                position += 1
                return Token(kind: .string, start: start, end: position)
            }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: "\\") {
                value.append(contentsOf: source[runStart..<position])
                try readEscape(into: &value)
                runStart = position
                continue
            }
            if byte < 0x20 && byte != 0x09 {
                throw error("Invalid character within String: \(describeCharacter(at: position)).", at: position)
            }
            position += 1
        }
        throw error("Unterminated string.", at: position)
    }

    private mutating func readEscape(into value: inout [UInt8]) throws(GraphQLError) {
        let escapeStart = position
        guard let code = byte(at: position + 1) else { throw error("Unterminated string.", at: position + 1) }
        position += 2
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): value.append(code)
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "u"):
            guard var scalar = hex4(at: position) else { throw invalidUnicodeEscape(from: escapeStart, length: 6) }
            position += 4
            if (0xD800...0xDBFF).contains(scalar) {
                guard byte(at: position) == UInt8(ascii: "\\"), byte(at: position + 1) == UInt8(ascii: "u"),
                      let low = hex4(at: position + 2), (0xDC00...0xDFFF).contains(low)
                else { throw invalidUnicodeEscape(from: escapeStart, length: 6) }
                position += 6
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let decoded = Unicode.Scalar(scalar) else { throw invalidUnicodeEscape(from: escapeStart, length: 6) }
            value.append(contentsOf: String(Character(decoded)).utf8)
        default:
            let shown = String(decoding: source[escapeStart..<min(position, source.count)], as: UTF8.self)
            throw error("Invalid character escape sequence: \"\(shown)\".", at: escapeStart)
        }
    }

    private func invalidUnicodeEscape(from start: Int, length: Int) -> GraphQLError {
        var end = start
        while end < min(start + length, source.count), source[end] != UInt8(ascii: "\""), source[end] >= 0x20 { end += 1 }
        let shown = String(decoding: source[start..<end], as: UTF8.self)
        return error("Invalid Unicode escape sequence: \"\(shown)\".", at: start)
    }

    private func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= source.count else { return nil }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            let byte = source[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    mutating func readBlockString() throws(GraphQLError) -> Token {
        let start = position
        position += 3
        var raw: [UInt8] = []
        var runStart = position
        while position < source.count {
            let byte = source[position]
            if byte == UInt8(ascii: "\""), self.byte(at: position + 1) == UInt8(ascii: "\""),
               self.byte(at: position + 2) == UInt8(ascii: "\"")
            {
                raw.append(contentsOf: source[runStart..<position])
                position += 3
                stringValue = Lexer.blockStringValue(String(decoding: raw, as: UTF8.self))
                return Token(kind: .blockString, start: start, end: position)
            }
            if byte == UInt8(ascii: "\\"), self.byte(at: position + 1) == UInt8(ascii: "\""),
               self.byte(at: position + 2) == UInt8(ascii: "\""), self.byte(at: position + 3) == UInt8(ascii: "\"")
            {
                raw.append(contentsOf: source[runStart..<position])
                raw.append(contentsOf: Array("\"\"\"".utf8))
                position += 4
                runStart = position
                continue
            }
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                throw error("Invalid character within String: \(describeCharacter(at: position)).", at: position)
            }
            position += 1
        }
        throw error("Unterminated string.", at: position)
    }

    /// The spec's BlockStringValue(): common indentation removed, blank first/last lines dropped.
    static func blockStringValue(_ raw: String) -> String {
        var lines: [Substring] = []
        var current = raw.startIndex
        var lineStart = raw.startIndex
        while current < raw.endIndex {
            let character = raw[current]
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(raw[lineStart..<current])
                lineStart = raw.index(after: current)
            }
            current = raw.index(after: current)
        }
        lines.append(raw[lineStart...])

        func indentation(_ line: Substring) -> Int {
            line.prefix { $0 == " " || $0 == "\t" }.count
        }
        var common: Int?
        for line in lines.dropFirst() {
            let indent = indentation(line)
            guard indent < line.count else { continue }
            common = min(common ?? indent, indent)
        }
        var result = lines.enumerated().map { index, line -> Substring in
            guard index > 0, let common else { return line }
            return line.dropFirst(min(common, line.count))
        }
        while let first = result.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { result.removeFirst() }
        while let last = result.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { result.removeLast() }
        return result.joined(separator: "\n")
    }
}
