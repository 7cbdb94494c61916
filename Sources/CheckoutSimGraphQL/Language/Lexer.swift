/// Splits a GraphQL document (UTF-8 bytes) into tokens, skipping ignored tokens.
///
/// Works on bytes, not `Character`s: every syntactic character of GraphQL is ASCII, so only
/// string contents and error positions ever need Unicode decoding.
package struct Lexer {
    /// The document being read.
    package let source: [UInt8]
    /// The byte offset of the next unread byte.
    package internal(set) var position: Int
    /// The decoded value of the last string or block-string token read; the parser takes it
    /// before reading on.
    package internal(set) var stringValue = ""
    /// `Name.hash` of the last name token read; the parser takes it before reading on.
    package internal(set) var nameHash: UInt64 = 0
    /// How many tokens have been read, checked against the token limit.
    package private(set) var tokenCount = 0
    let maxTokens: Int

    /// A lexer at the start of `source` (after a byte-order mark, if any).
    package init(source: [UInt8], maxTokens: Int = .max) {
        self.source = source
        self.maxTokens = maxTokens
        position = source.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    func error(_ message: String, at offset: Int) -> GraphQLError {
        GraphQLError.syntax(message, at: offset, in: source)
    }

    /// The next significant token; `.endOfFile` once the input is exhausted.
    ///
    /// Inlined where the parser reads on: punctuators and names, nearly every token, cost no call
    /// beyond the scan, and the rest (numbers, strings, errors) go through `slowToken(at:)`
    /// (Benchmarks/NOTES.md, issue 43).
    @inline(__always)
    package mutating func next() throws(GraphQLError) -> Token {
        let from = position
        let (start, kind, end, hash) = source.withUnsafeBufferPointer { Lexer.scan($0, from: from) }
        position = start
        guard kind != .endOfFile else { return Token(kind: .endOfFile, start: start, end: start) }
        tokenCount += 1
        if let kind, tokenCount <= maxTokens {
            position = end
            if kind == .name { nameHash = hash }
            return Token(kind: kind, start: start, end: end)
        }
        return try slowToken(at: start)
    }

    /// A token the scan leaves to be read here, at `start` (counted already): a number, a string,
    /// or an error (past the token limit, or a character no token starts with).
    private mutating func slowToken(at start: Int) throws(GraphQLError) -> Token {
        if tokenCount > maxTokens {
            throw error("Document contains more than \(maxTokens) tokens. Parsing aborted.", at: position)
        }
        switch source[start] {
        case UInt8(ascii: "."):
            throw error("Unexpected character: \".\".", at: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        case UInt8(ascii: "\""):
            if byte(at: position + 1) == UInt8(ascii: "\""), byte(at: position + 2) == UInt8(ascii: "\"") {
                return try readBlockString()
            }
            return try readString()
        case UInt8(ascii: "'"):
            throw error(
                "Unexpected single quote character ('), did you mean to use a double quote (\")?", at: position)
        default:
            throw error("Unexpected character: \(describeCharacter(at: position)).", at: position)
        }
    }

    /// Skips ignored bytes, then reads a punctuator or a name, all through one pointer to the
    /// bytes: where the next token starts, its kind (`.endOfFile` at the end; nil for a token the
    /// slow path reads: numbers, strings, anything wrong), where it ends and, for a name, its hash.
    /// One bounds check per byte, the loop's own, and no call per ignored run; a function of the
    /// bytes alone, as a method every call copied the lexer first (Benchmarks/NOTES.md, issue 43).
    @inline(__always)
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int
    ) -> (start: Int, kind: TokenKind?, end: Int, hash: UInt64) {
        var position = offset
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                position += 1
                continue
            case 0xEF where position + 2 < bytes.count && bytes[position + 1] == 0xBB && bytes[position + 2] == 0xBF:
                position += 3
                continue
            case UInt8(ascii: "#"):
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                continue
            default:
                break
            }
            break
        }
        guard position < bytes.count else { return (bytes.count, .endOfFile, bytes.count, 0) }
        let start = position
        let first = bytes[position]
        let kind: TokenKind
        switch first {
        case UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            var hash = Name.hash(Name.hashStart, next: first)
            var end = start + 1
            while end < bytes.count, Lexer.isNameContinue(bytes[end]) {
                hash = Name.hash(hash, next: bytes[end])
                end += 1
            }
            return (start, .name, end, hash)
        case UInt8(ascii: "!"): kind = .bang
        case UInt8(ascii: "$"): kind = .dollar
        case UInt8(ascii: "&"): kind = .amp
        case UInt8(ascii: "("): kind = .parenL
        case UInt8(ascii: ")"): kind = .parenR
        case UInt8(ascii: ":"): kind = .colon
        case UInt8(ascii: "="): kind = .equals
        case UInt8(ascii: "@"): kind = .at
        case UInt8(ascii: "["): kind = .bracketL
        case UInt8(ascii: "]"): kind = .bracketR
        case UInt8(ascii: "{"): kind = .braceL
        case UInt8(ascii: "|"): kind = .pipe
        case UInt8(ascii: "}"): kind = .braceR
        case UInt8(ascii: ".") where start + 2 < bytes.count && bytes[start + 1] == UInt8(ascii: ".")
            && bytes[start + 2] == UInt8(ascii: "."):
            return (start, .spread, start + 3, 0)
        default:
            return (start, nil, start, 0)
        }
        return (start, kind, start + 1, 0)
    }

    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        offset < source.count ? source[offset] : nil
    }

    /// Whether `text` is a GraphQL name, `/[_A-Za-z][_0-9A-Za-z]*/`.
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isNameContinue(first), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return text.utf8.allSatisfy(isNameContinue)
    }

    /// Whether `byte` may continue a name (`[_0-9A-Za-z]`): a bit in one of two masks, one for
    /// the bytes below 64 (the digits) and one for 64 to 127 (letters and `_`).
    @inline(__always)
    static func isNameContinue(_ byte: UInt8) -> Bool {
        // Most bytes of a name are lowercase letters: one subtraction and one comparison.
        if byte &- UInt8(ascii: "a") < 26 { return true }
        let low: UInt64 = 0x03FF_0000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        if byte < 64 { return (low >> UInt64(byte)) & 1 == 1 }
        return byte < 128 && (high >> UInt64(byte - 64)) & 1 == 1
    }

    /// The scalar at `offset` the way graphql-js prints it: `"x"` when printable ASCII, else `U+XXXX`.
    func describeCharacter(at offset: Int) -> String {
        guard offset < source.count else { return "<EOF>" }
        let (scalar, _) = decodeScalar(at: offset)
        if scalar.value >= 0x20 && scalar.value <= 0x7E {
            return scalar == "\"" ? "'\"'" : "\"\(Character(scalar))\""
        }
        return Lexer.codePoint(scalar.value)
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Decodes one UTF-8 scalar; malformed bytes decode as U+FFFD with length 1.
    func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = source[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, offset + length <= source.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for index in 1..<length {
            let next = source[offset + index]
            guard next & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", 1) }
        return (scalar, length)
    }
}
