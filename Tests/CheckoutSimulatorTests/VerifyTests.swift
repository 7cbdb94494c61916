import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimGraphQL

/// `verify` (docs/journal.md, "Verifying"): count bounds, and near misses that explain a failure.
struct VerifyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        /// Which journal: `filled` (`JournalTests.filled`), `empty`, or `paged` (a cursor walk and a checkout).
        var journal = "filled"
        let pattern: String
        let passed: Bool
        let count: Int
        /// Each near miss as `seq: field field …`, nearest first.
        let nearMisses: [String]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "any AddToCart", pattern: #"{"operation": "AddToCart"}"#, passed: true, count: 3, nearMisses: []),
        Case(id: "exactly 3", pattern: #"{"operation": "AddToCart", "count": 3}"#, passed: true, count: 3, nearMisses: []),
        Case(id: "exactly 2 is too many", pattern: #"{"operation": "AddToCart", "count": 2}"#, passed: false, count: 3, nearMisses: []),
        Case(id: "by variables", pattern: #"{"operation": "AddToCart", "variables": {"id": "pixel-8"}}"#, passed: true, count: 2, nearMisses: []),
        Case(id: "session and variables", pattern: #"{"operation": "AddToCart", "session": "bob", "variables": {"id": "iphone-15", "n": 1}}"#,
             passed: true, count: 1, nearMisses: []),
        Case(id: "a quantity never sent", pattern: #"{"operation": "AddToCart", "variables": {"id": "pixel-8", "n": 3}}"#,
             passed: false, count: 0, nearMisses: ["3: variables.n", "2: variables.n", "4: variables.id variables.n"]),
        Case(id: "the wrong session", pattern: #"{"operation": "AddToCart", "session": "carol"}"#,
             passed: false, count: 0, nearMisses: ["4: session", "3: session", "2: session"]),
        // Nothing of the operation was sent: the nearest entries of any operation explain it (docs/journal.md).
        Case(id: "an operation never sent", pattern: #"{"operation": "Checkout"}"#, passed: false, count: 0,
             nearMisses: ["5: operation", "4: operation", "3: operation"]),
        Case(id: "another operation with the same variables", pattern: #"{"operation": "Favorite", "variables": {"id": "pixel-8"}}"#,
             passed: false, count: 0, nearMisses: ["3: operation", "2: operation", "5: operation variables.id"]),
        Case(id: "at most 1 query", pattern: #"{"operation": "Brands", "atMost": 1}"#, passed: false, count: 2, nearMisses: []),
        Case(id: "between 1 and 2 queries", pattern: #"{"operation": "Brands", "atLeast": 1, "atMost": 2}"#, passed: true, count: 2, nearMisses: []),
        // The bounds are inclusive: a count equal to either bound holds.
        Case(id: "at least 3 adds, 3 sent", pattern: #"{"operation": "AddToCart", "atLeast": 3}"#, passed: true, count: 3, nearMisses: []),
        Case(id: "at most 3 adds, 3 sent", pattern: #"{"operation": "AddToCart", "atMost": 3}"#, passed: true, count: 3, nearMisses: []),
        Case(id: "at most 2 adds, 3 sent", pattern: #"{"operation": "AddToCart", "atMost": 2}"#, passed: false, count: 3, nearMisses: []),
        Case(id: "at least 4 adds", pattern: #"{"operation": "AddToCart", "atLeast": 4}"#, passed: false, count: 3,
             nearMisses: []),
        Case(id: "empty: none expected", journal: "empty", pattern: #"{"operation": "AddToCart", "atMost": 0}"#, passed: true, count: 0, nearMisses: []),
        Case(id: "empty: one expected", journal: "empty", pattern: #"{"operation": "AddToCart"}"#, passed: false, count: 0, nearMisses: []),
        Case(id: "paged: the second page", journal: "paged", pattern: ##"{"operation": "Page", "variables": {"first": 2, "after": "#string"}}"##,
             passed: true, count: 1, nearMisses: []),
        Case(id: "paged: a page of 3", journal: "paged", pattern: #"{"operation": "Page", "variables": {"first": 3}}"#, passed: false, count: 0,
             nearMisses: ["2: variables.first", "1: variables.first"]),
    ]

    /// The journal a case runs against.
    static func journal(_ name: String) throws -> Simulator {
        switch name {
        case "empty": return try Simulator()
        case "paged":
            let simulator = try Simulator()
            let page = "query Page($first: Int, $after: String) { products(first: $first, after: $after) { pageInfo { endCursor } } }"
            let first = simulator.execute(GraphQLRequest(query: page, variables: ["first": 2]))
            let cursor = try RecordingTests.value(first.serialized(pretty: false), ["data", "products", "pageInfo", "endCursor"])
            _ = simulator.execute(GraphQLRequest(query: page, variables: ["first": 2, "after": .string(cursor)]))
            return simulator
        default: return try JournalTests.filled()
        }
    }

    @Test(arguments: cases)
    func verifies(_ testCase: Case) throws {
        let simulator = try Self.journal(testCase.journal)
        let pattern = try Simulator.RequestPattern.parse(Array(testCase.pattern.utf8)).get()
        let verification = simulator.verify(pattern)
        #expect(verification.passed == testCase.passed)
        #expect(verification.count == testCase.count)
        let misses = verification.nearMisses.map { miss in "\(miss.entry.seq): " + miss.differences.map(\.field).joined(separator: " ") }
        #expect(misses == testCase.nearMisses)
    }

    /// The pattern's bounds are inclusive: 256 values and a depth of 8 are accepted, one more of either is not.
    @Test func thePatternBoundsAreInclusive() throws {
        func pattern(_ variables: String) -> Result<Simulator.RequestPattern, BadRequest> {
            Simulator.RequestPattern.parse(Array(#"{"operation": "AddToCart", "variables": \#(variables)}"#.utf8))
        }
        func values(_ count: Int) -> String { "{" + (0..<count).map { "\"k\($0)\": 1" }.joined(separator: ",") + "}" }
        func nested(_ depth: Int) -> String { String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth) }
        #expect((try? pattern(values(256)).get()) != nil)
        #expect((try? pattern(values(257)).get()) == nil)
        #expect((try? pattern(nested(8)).get()) != nil, "variables 8 deep (the pattern itself one more)")
        #expect((try? pattern(nested(9)).get()) == nil)
        let padding = Simulator.RequestPattern.maxBytes - #"{"operation": "AddToCart", "session": ""}"#.utf8.count
        let atLimit = #"{"operation": "AddToCart", "session": "\#(String(repeating: "s", count: padding))"}"#
        #expect(atLimit.utf8.count == Simulator.RequestPattern.maxBytes)
        #expect((try? Simulator.RequestPattern.parse(Array(atLimit.utf8)).get()) != nil)
        #expect((try? Simulator.RequestPattern.parse(Array((atLimit + " ").utf8)).get()) == nil)
    }

    @Test func aFailedVerificationExplainsItselfOverHTTP() async throws {
        try await ServerHarness.with(simulator: try JournalTests.filled()) { harness in
            let failed = try await harness.send("POST", "/__sim/verify", body: #"{"operation": "AddToCart", "variables": {"id": "pixel-8", "n": 3}}"#)
            #expect(failed.status == 422)
            #expect(failed.body.hasPrefix(
                #"{"ok":false,"count":0,"expected":"at least 1 AddToCart request with variables containing {\"id\":\"pixel-8\",\"n\":3}","nearMisses":[{"seq":3,"operationName":"AddToCart","session":"default","variables":{"id":"pixel-8","n":10},"differences":[{"field":"variables.n","expected":3,"found":10}]}"#))
            let passed = try await harness.send("POST", "/__sim/verify", body: #"{"operation": "Brands", "count": 2}"#)
            #expect(passed.status == 200)
            #expect(passed.body == #"{"ok":true,"count":2}"#)
            // Issue 40: a pattern is bounded in bytes, depth and values; its bounds must be satisfiable; it names an operation.
            let manyKeys = "{" + (0..<90_000).map { "\"\($0)\":1" }.joined(separator: ",") + "}"
            let deep = String(repeating: #"{"a": "#, count: 12) + "1" + String(repeating: "}", count: 12)
            let wide = "{" + (0..<300).map { "\"k\($0)\": 1" }.joined(separator: ",") + "}"
            for bad in ["{}", #"{"operation": 1}"#, #"{"operation": "A", "count": 1, "atMost": 2}"#, #"{"operation": "A", "times": 1}"#, "nope",
                        #"{"operation": "A", "atLeast": 2, "atMost": 1}"#, #"{"operation": ""}"#, #"{"operation": "a b"}"#,
                        #"{"operation": "AddToCart", "variables": \#(manyKeys)}"#, #"{"operation": "AddToCart", "variables": \#(deep)}"#,
                        #"{"operation": "AddToCart", "variables": \#(wide)}"#] {
                let refused = try await harness.send("POST", "/__sim/verify", body: bad)
                #expect(refused.status == 400, "\(bad.prefix(80))")
            }
        }
    }
}
