import Testing
@testable import CheckoutSimGraphQL

struct LexerTests {
    struct TokenCase: CustomTestStringConvertible, Sendable {
        let source: String
        let kind: TokenKind
        let value: String?
        var testDescription: String { source }
    }

    static let tokens: [TokenCase] = [
        .init(source: "!", kind: .bang, value: nil),
        .init(source: "$", kind: .dollar, value: nil),
        .init(source: "&", kind: .amp, value: nil),
        .init(source: "(", kind: .parenL, value: nil),
        .init(source: ")", kind: .parenR, value: nil),
        .init(source: "...", kind: .spread, value: nil),
        .init(source: ":", kind: .colon, value: nil),
        .init(source: "=", kind: .equals, value: nil),
        .init(source: "@", kind: .at, value: nil),
        .init(source: "[", kind: .bracketL, value: nil),
        .init(source: "]", kind: .bracketR, value: nil),
        .init(source: "{", kind: .braceL, value: nil),
        .init(source: "|", kind: .pipe, value: nil),
        .init(source: "}", kind: .braceR, value: nil),
        .init(source: "_name42", kind: .name, value: nil),
        .init(source: "0", kind: .int, value: nil),
        .init(source: "-42", kind: .int, value: nil),
        .init(source: "1.5", kind: .float, value: nil),
        .init(source: "-1.5e+10", kind: .float, value: nil),
        .init(source: "2E3", kind: .float, value: nil),
        .init(source: #""simple""#, kind: .string, value: "simple"),
        .init(source: #""esc \" \\ \/ \b \f \n \r \t""#, kind: .string, value: "esc \" \\ / \u{8} \u{C} \n \r \t"),
        .init(source: #""\u00e9\u0041""#, kind: .string, value: "éA"),
        .init(source: #""\uD83D\uDE00""#, kind: .string, value: "😀"),
        .init(source: "\"unicode ünï 😀\"", kind: .string, value: "unicode ünï 😀"),
        .init(source: #""""#, kind: .string, value: ""),
        .init(source: #""a longer text than a small string holds""#, kind: .string, value: "a longer text than a small string holds"),
        .init(source: #""before \n after, and a text past the escape""#, kind: .string, value: "before \n after, and a text past the escape"),
        .init(source: "\"\"\"\n    block\n      indented\n    \"\"\"", kind: .blockString, value: "block\n  indented"),
        .init(source: "\"\"\"esc \\\"\"\" quote\"\"\"", kind: .blockString, value: "esc \"\"\" quote"),
        .init(source: "\u{FEFF} # comment\n ,, name", kind: .name, value: nil),
    ]

    @Test(arguments: tokens)
    func lexesToken(_ testCase: TokenCase) throws {
        var lexer = Lexer(source: Array(testCase.source.utf8))
        let token = try lexer.next()
        #expect(token.kind == testCase.kind)
        let isString = token.kind == .string || token.kind == .blockString
        #expect((isString ? lexer.stringValue : nil) == testCase.value)
        #expect(try lexer.next().kind == .endOfFile)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let source: String
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { message }
    }

    static let errors: [ErrorCase] = [
        .init(source: "?", message: "Syntax Error: Unexpected character: \"?\".", line: 1, column: 1),
        .init(source: "\u{7}", message: "Syntax Error: Unexpected character: U+0007.", line: 1, column: 1),
        .init(source: "..", message: "Syntax Error: Unexpected character: \".\".", line: 1, column: 1),
        .init(source: "'a'", message: "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", line: 1, column: 1),
        .init(source: "\"abc", message: "Syntax Error: Unterminated string.", line: 1, column: 5),
        .init(source: "\"a\nb\"", message: "Syntax Error: Unterminated string.", line: 1, column: 3),
        .init(source: "\"\u{1}\"", message: "Syntax Error: Invalid character within String: U+0001.", line: 1, column: 2),
        .init(source: #""\x""#, message: #"Syntax Error: Invalid character escape sequence: "\x"."#, line: 1, column: 2),
        .init(source: #""\u12G4""#, message: #"Syntax Error: Invalid Unicode escape sequence: "\u12G4"."#, line: 1, column: 2),
        .init(source: #""\uD800""#, message: #"Syntax Error: Invalid Unicode escape sequence: "\uD800"."#, line: 1, column: 2),
        .init(source: "\"\"\"never closed", message: "Syntax Error: Unterminated string.", line: 1, column: 16),
        .init(source: "00", message: "Syntax Error: Invalid number, unexpected digit after 0: \"0\".", line: 1, column: 2),
        .init(source: "1.", message: "Syntax Error: Invalid number, expected digit but got: <EOF>.", line: 1, column: 3),
        .init(source: "1.a", message: "Syntax Error: Invalid number, expected digit but got: \"a\".", line: 1, column: 3),
        .init(source: "1e", message: "Syntax Error: Invalid number, expected digit but got: <EOF>.", line: 1, column: 3),
        .init(source: "12abc", message: "Syntax Error: Invalid number, expected digit but got: \"a\".", line: 1, column: 3),
        .init(source: "1.5.", message: "Syntax Error: Invalid number, expected digit but got: \".\".", line: 1, column: 4),
        .init(source: "-", message: "Syntax Error: Invalid number, expected digit but got: <EOF>.", line: 1, column: 2),
        .init(source: "\n\n  ?", message: "Syntax Error: Unexpected character: \"?\".", line: 3, column: 3),
        .init(source: "ü ?", message: "Syntax Error: Unexpected character: U+00FC.", line: 1, column: 1),
    ]

    @Test(arguments: errors)
    func reportsError(_ testCase: ErrorCase) {
        var lexer = Lexer(source: Array(testCase.source.utf8))
        do {
            while try lexer.next().kind != .endOfFile {}
            Issue.record("expected an error")
        } catch {
            #expect(error.message == testCase.message)
            #expect(error.locations == [SourceLocation(line: testCase.line, column: testCase.column)])
            #expect(error.code == .parseFailed)
        }
    }

    /// Validation compares response keys by `Name.hash`, which the lexer works out as it reads a
    /// name; a name built from introspection data must hash the same, and different names apart.
    @Test(arguments: ["a", "_", "id", "products", "__typename", "productCount", "aVeryLongFieldNameIndeed_2"])
    func aNameHashesTheSameReadOrBuilt(_ name: String) throws {
        let document = try Parser.parse("{ \(name) other: \(name) }")
        let read = document.fields[0].name
        #expect(read.value == name)
        #expect(read.hash == Name(value: name, offset: 0).hash)
        #expect(document.fields[1].responseKeyHash == Name(value: "other", offset: 0).hash)
        #expect(document.fields[1].responseKeyHash != read.hash)
    }

    @Test func columnsCountUnicodeScalars() {
        let source = Array("{ \"😀é\" ?".utf8)
        #expect(SourceLocation.of(offset: source.count - 1, in: source) == SourceLocation(line: 1, column: 8))
    }

    @Test func lineTerminatorsCountOnce() {
        let source = Array("a\r\nb\rc\nd".utf8)
        #expect(SourceLocation.of(offset: source.count - 1, in: source) == SourceLocation(line: 4, column: 1))
    }

    /// The name masks against the spec's `[_0-9A-Za-z]`, for every byte; and a name ends at the
    /// first byte outside it, its hash the same as one worked out from its text.
    @Test(arguments: 0...255)
    func nameBytesAreTheSpecsLetterDigitAndUnderscore(_ value: Int) throws {
        let byte = UInt8(value)
        let expected = byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        #expect(Lexer.isNameContinue(byte) == expected)
        var lexer = Lexer(source: [UInt8(ascii: "a"), byte, UInt8(ascii: " ")])
        let token = try lexer.next()
        #expect(token.kind == .name)
        #expect(token.end == (expected ? 2 : 1))
        let text = Array([UInt8(ascii: "a"), byte][..<token.end])
        #expect(lexer.nameHash == text.withUnsafeBufferPointer { Name.hash(of: $0) })
    }
}
