import Testing
@testable import CheckoutSimGraphQL

struct JSONTests {
    struct WriteCase: CustomTestStringConvertible, Sendable {
        let value: JSON
        let compact: String
        var testDescription: String { compact }
    }

    static let writes: [WriteCase] = [
        .init(value: .string("quote \" backslash \\ slash / tab \t newline \n bell \u{7}"),
              compact: #""quote \" backslash \\ slash / tab \t newline \n bell \u0007""#),
        .init(value: .string("ünïcødé 😀"), compact: "\"ünïcødé 😀\""),
        .init(value: .double(3.0), compact: "3"),
        .init(value: .double(-0.5), compact: "-0.5"),
        .init(value: .int(-9_223_372_036_854_775_807), compact: "-9223372036854775807"),
        .init(value: ["b": 1, "a": [true, nil, "x"]], compact: #"{"b":1,"a":[true,null,"x"]}"#),
        .init(value: .object(JSONObject()), compact: "{}"),
        .init(value: .array([]), compact: "[]"),
    ]

    @Test(arguments: writes)
    func writesCompactJSON(_ testCase: WriteCase) throws {
        #expect(testCase.value.serialized() == testCase.compact)
        #expect(try JSONParser.parse(testCase.compact) == testCase.value || testCase.value == .double(3.0))
    }

    /// The writer skips clean text eight bytes at a time and checks the last eight as one more
    /// word; every escapable byte at every offset of strings of 1 to 20 bytes must still be
    /// escaped exactly as byte by byte.
    @Test(arguments: [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x09, 0x1A, 0x1F, 0x0A, UInt8(ascii: "~"), 0x7F, 0xC3])
    func escapesEveryOffsetOfAWord(_ special: UInt8) {
        let escaped: String = switch special {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case 0x00: "\\u0000"
        case 0x1F: "\\u001f"
        case 0x1A: "\\u001a"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0xC3: "é"
        default: String(UnicodeScalar(special))
        }
        for length in 1...20 {
            for offset in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[offset] = special
                if special == 0xC3 { bytes.insert(0xA9, at: offset + 1) }
                let text = String(decoding: bytes, as: UTF8.self)
                let expected = "\"" + String(repeating: "a", count: offset) + escaped
                    + String(repeating: "a", count: length - 1 - offset) + "\""
                #expect(JSON.string(text).serialized() == expected, "length \(length), offset \(offset)")
            }
        }
    }

    /// Strings are copied a word at a time into room past the end when the block has it, and
    /// byte by byte when it does not: both must give what escaping byte by byte gives, with two
    /// escapable bytes anywhere in strings of 0 to 24 bytes.
    @Test(arguments: [16, 4096])
    func escapesLikeAByteByByteReference(capacity: Int) {
        func reference(_ bytes: [UInt8]) -> String {
            var out = "\""
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): out += "\\\""
                case UInt8(ascii: "\\"): out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x09: out += "\\t"
                case 0x00..<0x20: out += "\\u00" + (byte < 0x10 ? "0" : "1") + String(byte & 0xF, radix: 16)
                default: out += String(UnicodeScalar(byte))
                }
            }
            return out + "\""
        }
        for length in 1...24 {
            for first in 0...length {
                for second in [first, (first + 7) % length, length - 1] where second < length {
                    var bytes = [UInt8]((0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) })
                    if first < length { bytes[first] = UInt8(ascii: "\"") }
                    bytes[second] = first == second ? 0x01 : 0x0A
                    var writer = JSONWriter(capacity: capacity)
                    writer.write(.string(String(decoding: bytes, as: UTF8.self)))
                    let written = writer.withBytes { String(decoding: $0, as: UTF8.self) }
                    #expect(written == reference(bytes), "length \(length), offsets \(first) and \(second)")
                }
            }
        }
    }

    /// Short pieces are copied as overlapping words, longer ones with `memcpy`: every length,
    /// after every offset into a small block (so pieces straddle its growth), lands byte for byte.
    @Test(arguments: [0, 1, 3, 7, 13])
    func appendsPiecesOfEveryLength(offset: Int) {
        var writer = JSONWriter(capacity: 16)
        var expected = [UInt8](repeating: UInt8(ascii: "."), count: offset)
        for _ in 0..<offset { writer.append(byte: UInt8(ascii: ".")) }
        for length in 0...40 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + (length * 7 + $0) % 26) }
            piece.withUnsafeBufferPointer { writer.append($0) }
            expected += piece
        }
        #expect(writer.bytes == expected)
    }

    /// The writer starts small and doubles; output far past its first capacity must be intact,
    /// including a truncation (null bubbling) after growing.
    @Test func growsPastItsFirstCapacityAndTruncates() {
        let items = (0..<600).map { JSON.string("item-\($0)-\"q\"") }
        let expected = "[" + (0..<600).map { #""item-\#($0)-\"q\"""# }.joined(separator: ",") + "]"
        var writer = JSONWriter(capacity: 16)
        writer.write(.array(items))
        #expect(writer.count == expected.utf8.count)
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == expected)
        writer.truncate(to: 1)
        writer.writeInt(Int.min)
        writer.append(byte: UInt8(ascii: "]"))
        #expect(writer.bytes == Array("[-9223372036854775808]".utf8))
    }

    @Test func writesPrettyJSON() {
        let value: JSON = ["a": [1, 2], "b": ["c": .object(JSONObject())], "d": .array([])]
        #expect(value.serialized(pretty: true) == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {\n    \"c\": {}\n  },\n  \"d\": []\n}\n")
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let text: String
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { message }
    }

    static let errors: [ErrorCase] = [
        .init(text: "", message: "expected a JSON value, found end of input", line: 1, column: 1),
        .init(text: "{\"a\" 1}", message: "expected \":\" after an object key, found \"1\"", line: 1, column: 6),
        .init(text: "[1,\n 2,,]", message: "expected a JSON value, found \",\"", line: 2, column: 4),
        .init(text: "{'a': 1}", message: "expected a string key, found \"'\"", line: 1, column: 2),
        .init(text: "\"abc", message: "unterminated string", line: 1, column: 1),
        .init(text: "01", message: "numbers must not have leading zeros", line: 1, column: 2),
        .init(text: "[1] 2", message: "unexpected \"2\" after the JSON value", line: 1, column: 5),
        .init(text: #""\q""#, message: "invalid escape sequence \"\\q\"", line: 1, column: 3),
        .init(text: String(repeating: "[", count: 100_000), message: "nesting is deeper than the limit of 512", line: 1, column: 513),
    ]

    @Test(arguments: errors)
    func reportsParseErrors(_ testCase: ErrorCase) {
        #expect(throws: JSONParseError(message: testCase.message, line: testCase.line, column: testCase.column)) {
            try JSONParser.parse(testCase.text)
        }
    }

    /// Strings are scanned eight bytes at a time: a closing quote, an escape or a raw control
    /// character must be found at every offset of a word, among bytes that look alike (one
    /// above a control character, either side of the backslash, two-byte UTF-8).
    @Test(arguments: 0..<20)
    func findsQuotesEscapesAndControlsAtEveryOffset(_ offset: Int) throws {
        for fill in [" ", "!", "[", "]", "a", "é"] {
            let run = String(repeating: fill, count: offset)
            #expect(try JSONParser.parse("\"\(run)\"") == .string(run))
            #expect(try JSONParser.parse("\"\(run)\\n\(run)\\\"\"") == .string(run + "\n" + run + "\""))
            #expect(try JSONParser.parse("{\"\(run)k\": 1}")["\(run)k"] == .int(1))
            #expect(throws: JSONParseError(
                message: "control characters must be escaped inside strings", line: 1, column: run.unicodeScalars.count + 2)
            ) { try JSONParser.parse("\"\(run)\u{1F}x\"") }
            #expect(throws: JSONParseError(message: "unterminated string", line: 1, column: 1)) { try JSONParser.parse("\"\(run)") }
        }
    }

    struct UTF8Case: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        /// The offset of the first byte that starts no character; nil when the text is valid.
        let invalidAt: Int?
        var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }
    }

    /// A JSON text is UTF-8: bytes that are not are refused, at the byte that starts no
    /// character, never repaired into U+FFFD (issue 59: a body with invalid UTF-8 was accepted).
    @Test(arguments: [
        UTF8Case(bytes: [0xFF], invalidAt: 0),
        UTF8Case(bytes: [0x80], invalidAt: 0),
        UTF8Case(bytes: [0xC0, 0x80], invalidAt: 0),  // an overlong NUL
        UTF8Case(bytes: [0xC1, 0xBF], invalidAt: 0),
        UTF8Case(bytes: [0xE0, 0x9F, 0xBF], invalidAt: 0),  // overlong
        UTF8Case(bytes: [0xED, 0xA0, 0x80], invalidAt: 0),  // a surrogate
        UTF8Case(bytes: [0xF0, 0x8F, 0xBF, 0xBF], invalidAt: 0),  // overlong
        UTF8Case(bytes: [0xF4, 0x90, 0x80, 0x80], invalidAt: 0),  // past U+10FFFF
        UTF8Case(bytes: [0xF5, 0x80, 0x80, 0x80], invalidAt: 0),
        UTF8Case(bytes: [0xE2, 0x82], invalidAt: 0),  // cut short
        UTF8Case(bytes: [0xE2, 0x82, 0x41], invalidAt: 0),
        UTF8Case(bytes: Array("abcdefghij".utf8) + [0xC3], invalidAt: 10),
        UTF8Case(bytes: [0xC3, 0xA9], invalidAt: nil),  // é
        UTF8Case(bytes: [0xE2, 0x82, 0xAC], invalidAt: nil),  // €
        UTF8Case(bytes: [0xED, 0x9F, 0xBF], invalidAt: nil),  // U+D7FF
        UTF8Case(bytes: [0xEE, 0x80, 0x80], invalidAt: nil),  // U+E000
        UTF8Case(bytes: [0xF0, 0x9D, 0x84, 0x9E], invalidAt: nil),  // 𝄞
        UTF8Case(bytes: [0xF4, 0x8F, 0xBF, 0xBF], invalidAt: nil),  // U+10FFFF
    ])
    func refusesTextThatIsNotUTF8(_ testCase: UTF8Case) throws {
        let text = [UInt8(ascii: "\"")] + testCase.bytes + [UInt8(ascii: "\"")]
        if let invalid = testCase.invalidAt {
            #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
            do {
                _ = try JSONParser.parse(text)
            } catch {
                #expect(error.column == invalid + 2, "\(error.message)")
                #expect(error.message.hasPrefix("the text is not valid UTF-8 (byte 0x"), "\(error.message)")
            }
        } else {
            #expect(try JSONParser.parse(text) == .string(String(decoding: testCase.bytes, as: UTF8.self)))
        }
    }

    @Test func keepsMemberOrderAndNumbers() throws {
        let parsed = try JSONParser.parse(#"{"z": 1, "a": 2.5, "m": -3e2, "u": "\u00e9\ud83d\ude00"}"#)
        #expect(parsed.objectValue?.keys == ["z", "a", "m", "u"])
        #expect(parsed["a"] == .double(2.5))
        #expect(parsed["m"] == .double(-300))
        #expect(parsed["u"] == .string("é😀"))
    }

    /// Keys are reused from a small table keyed by length and end bytes; keys that share a slot
    /// but differ in the middle must stay distinct, and nested containers must keep their members.
    @Test func reusedKeysStayDistinctAndNestedMembersStayPut() throws {
        let parsed = try JSONParser.parse(#"[{"axb": 1, "ayb": {"axb": [2, {"k\u0041": 3}]}, "": 4}, {"ayb": 5, "axb": 6}]"#)
        #expect(parsed[0]?.objectValue?.keys == ["axb", "ayb", ""])
        #expect(parsed[0]?["ayb"]?["axb"]?[1]?["kA"] == .int(3))
        #expect(parsed[0]?[""] == .int(4))
        #expect(parsed[1]?.objectValue?.keys == ["ayb", "axb"])
        #expect(parsed[1]?["axb"] == .int(6))
    }
}

/// Pretty responses are indented from the compact bytes (`JSONReindent`): the text must be what
/// serialising the parsed value pretty gives, whatever the strings hold.
struct JSONReindentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let compact: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(name: "scalars", compact: #"{"a":1,"b":-2.5,"c":true,"d":null,"e":"x"}"#),
        .init(name: "empty containers", compact: #"{"a":{},"b":[],"c":[{}],"d":[[]]}"#),
        .init(name: "nesting", compact: #"{"data":{"products":{"nodes":[{"id":"a","price":{"amount":"1.00"}},{"id":"b"}]}}}"#),
        .init(name: "structural characters inside strings", compact: #"{"k:{":"a,b:[c]{d}","q":"say \"hi\": {x}","s":"back\\slash\\\""}"#),
        .init(name: "escapes and unicode", compact: #"{"t":"tab\tnew\nline\u0001","u":"héllo ✓ 😀"}"#),
        .init(name: "top-level array", compact: #"[1,[2,[3,{}]],"]"]"#),
        .init(name: "empty object", compact: "{}"),
    ]

    @Test(arguments: cases)
    func reindentsAsTheWriterWould(_ testCase: Case) throws {
        let value = try JSONParser.parse(testCase.compact)
        #expect(JSONWriter.string(value) == testCase.compact, "the case must be canonical compact JSON")
        let reindented = String(decoding: JSONReindent.pretty(Array(testCase.compact.utf8)), as: UTF8.self)
        #expect(reindented + "\n" == JSONWriter.string(value, pretty: true))
    }
}

/// The journal's error codes (`GraphQLResponse.errorCodes`): every payload `errors` and
/// `userErrors` list is found by a scan of the bytes, whatever other lists surround it.
struct ResponseErrorCodeTests {
    @Test(arguments: [
        (#"{"a":{"nodes":[{"x":1}],"selectedOptions":[{"name":"errors"}]}}"#, [String]()),
        (#"{"a":{"userErrors":[{"code":"INVALID"}],"nodes":[{"x":1}]}}"#, ["INVALID"]),
        (#"{"a":{"errors":[{"code":"OUT_OF_STOCK"}]},"b":{"userErrors":[]}}"#, ["OUT_OF_STOCK"]),
        (#"{"b":{"userErrors":[]},"a":{"userErrors":[{"message":"m"}]}}"#, ["(an error without a selected code)"]),
        (#"{"xerrors":[{"code":"NO"}],"err":[{"code":"NO"}]}"#, []),
        (#"{"s":"\"errors\":[{","a":[{"b":"rs\":[{"}]}"#, []),
    ] as [(String, [String])])
    func payloadErrorCodesAreFound(data: String, codes: [String]) {
        let response = GraphQLResponse(data: Array(data.utf8), errors: [GraphQLError("boom", code: .internalServerError)])
        #expect(response.errorCodes == codes + ["INTERNAL_SERVER_ERROR"])
    }
}
