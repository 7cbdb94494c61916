import CheckoutSimulator
import CheckoutSimGraphQL

/// Requests an attacker or a fuzzer would send, each answered with a clean error well inside a
/// second (docs/limits.md). `HostileInputTests` asserts every answer; `bench` times them
/// (`hostile-slowest`) and shows validation growing no faster than n·log n (`fragments-*`).
package enum HostileCorpus {
    /// One hostile request and what its answer must say.
    package struct Case: Sendable, CustomStringConvertible {
        package let name: String
        /// The document, or nil for a stdio line (`line`).
        package let query: String?
        /// A `serve --stdio` line, for cases about the transport's JSON.
        package let line: String?
        package let operationName: String?
        /// The `extensions.code` of the first error; nil when the request must succeed.
        package let code: String?
        /// Text the first error's message contains.
        package let message: String

        package var description: String { name }
    }

    static func repeated(_ count: Int, _ piece: (Int) -> String) -> String {
        (0..<count).map(piece).joined(separator: " ")
    }

    /// `count` fragments, each selecting `id` and spreading the next; the last spreads the first
    /// when `cycle`, else nothing.
    package static func fragmentChain(_ count: Int, cycle: Bool) -> String {
        var text = "{ products(first: 1) { nodes { ...F0 } } }\n"
        for index in 0..<count {
            let next = index + 1 < count ? " ...F\(index + 1)" : (cycle ? " ...F0" : "")
            text += "fragment F\(index) on Product { id\(next) }\n"
        }
        return text
    }

    package static let cases: [Case] = [
        Case(name: "overlap through a fragment cycle (59 bytes)", query: "fragment A on Product{brand{...A} brand{...A}} {__typename}",
             line: nil, operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "Cannot spread fragment \"A\" within itself."),
        Case(name: "chain of 1,600 fragments", query: fragmentChain(1_600, cycle: false), line: nil, operationName: nil, code: nil,
             message: ""),
        Case(name: "cycle of 1,600 fragments", query: fragmentChain(1_600, cycle: true), line: nil, operationName: nil,
             code: "GRAPHQL_VALIDATION_FAILED", message: "Cannot spread fragment \"F0\" within itself via \"F1\""),
        Case(name: "1,000 operations over a chain of 1,100 fragments",
             query: repeated(1_000) { "query Q\($0) { ...F0 }" } + " "
                + repeated(1_100) { "fragment F\($0) on Query { \($0 + 1 < 1_100 ? "...F\($0 + 1)" : "__typename") }" },
             line: nil, operationName: "Q999", code: nil, message: ""),
        Case(name: "fragments doubling 40 times", query: "{ ...D0 } "
                + repeated(40) { "fragment D\($0) on Query { ...D\($0 + 1) ...D\($0 + 1) }" } + " fragment D40 on Query { __typename }",
             line: nil, operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "selects more than 5000 fields"),
        Case(name: "selections nested past 25 levels through fragments",
             query: "{ __schema { types { ...T0 } } } "
                + repeated(30) { "fragment T\($0) on __Type { ofType { ...T\($0 + 1) } }" } + " fragment T30 on __Type { name }",
             line: nil, operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "more than 25 levels deep"),
        Case(name: "unknown field of 1 MiB", query: "{ " + String(repeating: "q", count: (1 << 20) - 8) + " }", line: nil,
             operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "Cannot query field"),
        Case(name: "100 unknown fields of 10 KB", query: "{ " + repeated(100) { "f\($0)" + String(repeating: "x", count: 10_000) } + " }",
             line: nil, operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "Cannot query field"),
        Case(name: "200k-deep selections", query: String(repeating: "{ a ", count: 200_000), line: nil, operationName: nil,
             code: "GRAPHQL_PARSE_FAILED", message: "nesting exceeds the limit"),
        Case(name: "200k-deep list value", query: "{ product(id: " + String(repeating: "[", count: 200_000) + ") { id } }", line: nil,
             operationName: nil, code: "GRAPHQL_PARSE_FAILED", message: "nesting exceeds the limit"),
        Case(name: "200k-deep variables", query: nil,
             line: "{\"query\":\"{ __typename }\",\"variables\":{\"v\":" + String(repeating: "[", count: 200_000) + "}}",
             operationName: nil, code: "BAD_REQUEST", message: "not valid JSON"),
        Case(name: "2 MiB document", query: "{ __typename }" + String(repeating: " ", count: 2 << 20), line: nil, operationName: nil,
             code: "GRAPHQL_PARSE_FAILED", message: "more than the limit"),
        Case(name: "50,000 aliases", query: "{ " + repeated(50_000) { "a\($0): __typename" } + " }", line: nil, operationName: nil,
             code: "GRAPHQL_PARSE_FAILED", message: "tokens"),
        Case(name: "100,000 fragments", query: "{ __typename } " + repeated(100_000) { "fragment G\($0) on Query { __typename }" },
             line: nil, operationName: nil, code: "GRAPHQL_PARSE_FAILED", message: "more than the limit"),
        Case(name: "NUL byte", query: "{ __typename \u{0} }", line: nil, operationName: nil, code: "GRAPHQL_PARSE_FAILED",
             message: "Unexpected character: U+0000"),
        Case(name: "invalid UTF-8 in a stdio line", query: nil, line: "{\"query\":\"{ __typename \u{FFFD} }\"}", operationName: nil,
             code: "GRAPHQL_PARSE_FAILED", message: "Unexpected character"),
        Case(name: "huge Int literal", query: "{ products(first: 99999999999999999999999999) { totalCount } }", line: nil,
             operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "non 32-bit signed integer"),
        Case(name: "huge Float variable", query: nil,
             line: "{\"query\":\"query ($n: Int) { products(first: $n) { totalCount } }\",\"variables\":{\"n\":1e400}}",
             operationName: nil, code: "BAD_REQUEST", message: "number out of range"),
        Case(name: "3,000 unused variables", query: "query (" + repeated(3_000) { "$v\($0): Int" } + ") { __typename }", line: nil,
             operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "is never used"),
        Case(name: "2,000 repeated directives", query: "{ __typename " + repeated(2_000) { _ in "@skip(if: false)" } + " }", line: nil,
             operationName: nil, code: "GRAPHQL_VALIDATION_FAILED", message: "can only be used once"),
        Case(name: "aliases over introspection past 16 MiB",
             query: "{ " + repeated(714) { "a\($0): __schema { types { description fields { description type { description } } } }" } + " }",
             line: nil, operationName: nil, code: "RESPONSE_TOO_LARGE", message: "larger than the limit"),
        Case(name: "variables of 2 MiB", query: nil,
             line: "{\"query\":\"{ __typename }\",\"variables\":{\"v\":\"" + String(repeating: "v", count: 2 << 20) + "\"}}",
             operationName: nil, code: "BAD_REQUEST", message: "more than the limit of 1048576"),
    ]
}
