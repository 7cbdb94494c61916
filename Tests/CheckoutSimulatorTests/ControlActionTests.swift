import Foundation
import Testing
@testable import CheckoutSimulator

/// One control action type for every transport (docs/control.md): the same argument gives the
/// same answer over HTTP (`POST /__sim/NAME`, a real server) and over `serve --stdio`
/// (`{"NAME": ARGUMENT}`).
struct ControlActionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The argument as JSON text; nil: none (an empty body over HTTP, `true` on a control line).
        let argument: String?
        let status: Int
        /// What the answer's body contains (the whole body where it is fixed).
        let body: String
        var testDescription: String { "\(name) \(argument ?? "(none)")" }

        /// The control line carrying this action; an absent argument is `true` on a line.
        var line: String { #"{"\#(name)": \#(argument ?? "true")}"# }
    }

    static let cases: [Case] = [
        Case(name: "reset", argument: nil, status: 200, body: #"{"ok":true}"#),
        Case(name: "reset", argument: "{}", status: 200, body: #"{"ok":true}"#),
        Case(name: "reset", argument: "false", status: 400, body: #"A reset takes nothing, true or {}."#),
        Case(name: "advance", argument: #""2h""#, status: 200, body: #"{"ok":true,"now":"2026-03-01T12:00:00Z"}"#),
        Case(name: "advance", argument: #"{"by": "90m"}"#, status: 200, body: #"{"ok":true,"now":"2026-03-01T11:30:00Z"}"#),
        Case(name: "advance", argument: #"{"by": "2 weeks"}"#, status: 400, body: #"An advance is \"2h\" or {\"by\": \"2h\"}"#),
        Case(name: "advance", argument: #"{"by": "2h", "extra": 1}"#, status: 400, body: "BAD_REQUEST"),
        Case(name: "scenario", argument: #""scenario \"Brands\"\nstep \"brands\"\n  send Brands\n  expect $.data.brands count > 0\n""#,
             status: 200, body: #""passed":true"#),
        Case(name: "scenario", argument: #""step \"no header\"\n""#, status: 400, body: "scenario:1:1"),
        Case(name: "levers", argument: #"{"payments": {"next": "declined"}, "stock": {"pixel-8": 0}}"#, status: 200,
             body: #"{"ok":true,"levers":{"payments":{"next":"declined","declineCode":"generic_decline","count":1},"checkout":null,"scratchCards":null,"signIn":null}}"#),
        Case(name: "levers", argument: "{}", status: 200, body: #"{"ok":true,"levers":{"payments":null,"checkout":null,"scratchCards":null,"signIn":null}}"#),
        Case(name: "levers", argument: #"{"stock": {"nope": 1}}"#, status: 400, body: #"No product has the id \"nope\"."#),
    ]

    /// The HTTP body for `testCase`: a scenario's text as it is, other arguments as JSON.
    static func httpBody(_ testCase: Case) throws -> String? {
        guard let argument = testCase.argument else { return nil }
        guard testCase.name == "scenario" else { return argument }
        return try #require(try JSONSerialization.jsonObject(with: Data(argument.utf8), options: .fragmentsAllowed) as? String)
    }

    @Test(arguments: cases)
    func httpAndStdioAnswerAlike(_ testCase: Case) async throws {
        let stdio = StdioLines(simulator: try Simulator(now: "2026-03-01T10:00:00Z"))
        let lineAnswer = try #require(stdio.respond(to: testCase.line))
        try await ServerHarness.with(simulator: try Simulator(now: "2026-03-01T10:00:00Z")) { harness in
            let answer = try await harness.send("POST", "/__sim/\(testCase.name)", body: try Self.httpBody(testCase))
            #expect(answer.status == testCase.status)
            #expect(answer.body.contains(testCase.body), "HTTP: \(answer.body)")
            #expect(answer.body == lineAnswer, "the same bytes over HTTP and stdio")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        }
    }

    @Test func networkIsAnHTTPActionOnly() async throws {
        let stdio = StdioLines(simulator: try Simulator())
        #expect(stdio.respond(to: #"{"network": {"offline": true}}"#)?.contains("serve --stdio has no network") == true)
        try await ServerHarness.with { harness in
            let set = try await harness.send("POST", "/__sim/network", body: #"{"latencyMs": 5}"#)
            #expect(set.body == #"{"ok":true,"network":{"offline":false,"faults":[{"fault":"latencyMs","ms":5,"operation":null,"count":null}]}}"#)
        }
    }

    @Test func aControlLineHasOneMember() throws {
        let stdio = StdioLines(simulator: try Simulator())
        let answer = try #require(stdio.respond(to: #"{"reset": true, "query": "{ brands { id } }"}"#))
        #expect(answer.contains("A control line has one member"))
    }
}

/// The request path: one decoder, one prepared document per text, the executor's bytes handed on.
struct RequestPathTests {
    /// A GET learns whether it is a mutation from the prepared document it then runs with: the
    /// text is prepared once, and a later POST of it finds it cached.
    @Test func aGetPreparesItsDocumentOnce() async throws {
        let simulator = try Simulator()
        let query = "query Once { brands { id } }"
        let mutation = #"mutation Add { addToCart(productId: "pixel-8") { cart { totalQuantity } } }"#
        try await ServerHarness.with(simulator: simulator) { harness in
            let before = simulator.preparedDocumentCount
            let get = try await harness.send("GET", "/graphql?query=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            #expect(get.status == 200)
            #expect(simulator.preparedDocumentCount == before + 1)
            let refused = try await harness.send("GET", "/graphql?query=" + (mutation.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            #expect(refused.status == 405)
            #expect(refused.headers["allow"] == "POST")
            #expect(simulator.preparedDocumentCount == before + 2, "the refused mutation was prepared once, in the cache")
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["query": mutation]), as: UTF8.self)
            #expect(try await harness.post(body).body.contains(#""totalQuantity":1"#))
            #expect(simulator.preparedDocumentCount == before + 2, "the POST found it cached")
        }
    }

    /// The response document is written once: every reader of it shares the executor's bytes.
    @Test func theResponseBytesAreSharedNotCopied() throws {
        let response = try Simulator().execute(GraphQLRequest(query: "{ brands { id name } }"))
        let first = response.compactBytes().withUnsafeBufferPointer { $0.baseAddress }
        let second = response.compactBytes().withUnsafeBufferPointer { $0.baseAddress }
        #expect(first != nil)
        #expect(first == second)
        #expect(response.hasData)
        #expect(response.data.map { Array($0.prefix(9)) } == Array(#"{"brands""#.utf8))
    }
}
