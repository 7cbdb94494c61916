import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimSupport

/// Every request the server answered records into a file that replays it (docs/journal.md,
/// "Recording"): requests whose texts once broke the file — backslashes, placeholders, session
/// names with spaces or marks, several operations, line ends, a fence inside a block string —
/// are recorded, the file is replayed on a fresh simulator (with `--update`, then without), and
/// the replay's journal must match the original request by request: session, operation,
/// variables and response bytes.
struct RecordingRoundTripTests {
    /// One request the recording must replay.
    struct Request: CustomTestStringConvertible, Sendable {
        let id: String
        var session = "default"
        let query: String
        var variables: JSONObject = [:]
        var operationName: String?
        var testDescription: String { id }
    }

    static let search = "query SearchProducts($search: String!) { products(first: 2, filter: {search: $search}) { totalCount nodes { id } } }"
    static let add = "mutation AddToCart($id: ID!) { addToCart(productId: $id, quantity: 1) { cart { totalQuantity } } }"
    static let cart = "query Cart { cart { totalQuantity } }"

    static let cases: [[Request]] = [
        [Request(id: "a Windows path in a string variable", query: search, variables: ["search": #"C:\"#])],
        [Request(id: "a placeholder's text in a variable", query: search, variables: ["search": "{{cursor}}"]),
         Request(id: "braces and a placeholder in a key", query: search, variables: ["search": "{{{x}}} {{ y }}"])],
        [Request(id: "a session with a tab", session: "tab\there", query: add, variables: ["id": "pixel-8"]),
         Request(id: "its cart", session: "tab\there", query: cart)],
        [Request(id: "a session with a no-break space", session: "nb\u{00A0}sp", query: add, variables: ["id": "pixel-8"]),
         Request(id: "a session with a comment mark", session: "hash #tag", query: add, variables: ["id": "pixel-8"]),
         Request(id: "back to the first", session: "nb\u{00A0}sp", query: cart)],
        [Request(id: "session a b", session: "a b", query: add, variables: ["id": "pixel-8"]),
         Request(id: "session a-b is another", session: "a-b", query: cart),
         Request(id: "session a b again", session: "a b", query: cart)],
        [Request(id: "two operations, the second named", query: "query A { products(first: 1) { totalCount } } query B { products(first: 3) { nodes { id } } }",
                 operationName: "B")],
        [Request(id: "an operation name that is not a name", query: "query A { products(first: 1) { totalCount } }", operationName: "a b\n# x")],
        [Request(id: "a document ending in CR", query: "query { products(first: 1) { totalCount } }\r"),
         Request(id: "a document with CR LF lines", query: "query {\r\n  products(first: 2) { totalCount }\r\n}\r\n")],
        [Request(id: "a block string holding a fence and scenario lines",
                 query: "query { products(first: 2, filter: {search: \"\"\"\n```\nstep \"x\"\n  lever stock iphone-15 0\n````\n\"\"\"}) { totalCount } }"),
         Request(id: "stock unchanged", query: "query { product(id: \"iphone-15\") { stock } }")],
        // The parser trims a no-break space as white space: a line of it and backticks is a fence too.
        [Request(id: "a block string holding a fence after a no-break space",
                 query: "query { products(first: 2, filter: {search: \"\"\"\n\u{00A0}```\nsnapshot\n\"\"\"}) { totalCount } }")],
    ]

    @Test(arguments: cases)
    func replaysRequestForRequest(_ requests: [Request]) throws {
        let original = try Simulator()
        for request in requests {
            _ = original.execute(GraphQLRequest(query: request.query, variables: request.variables, operationName: request.operationName), session: request.session)
        }
        let recorded = original.recordedScenario(name: "Round trip: \(requests[0].id)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("round-trip-\(ProcessInfo.processInfo.processIdentifier)-\(StepRunner.slug(requests[0].id))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("recorded.scenario").path
        for update in [true, false] {
            let replay = try Simulator()
            let scenario = try #require(try? replay.parseScenario(recorded, file: file).get(), "the recording does not parse:\n\(recorded)")
            var options = RunOptions()
            options.update = update
            let report = replay.runLive([scenario], options: options)
            #expect(report.passed, "\(TerminalReport(color: false).file(report.files[0]))\n\(recorded)")
            let sent = original.requests(), replayed = replay.requests()
            #expect(sent.count == replayed.count, "\(recorded)")
            for (before, after) in zip(sent, replayed) {
                #expect(after.session == before.session)
                #expect(after.operationName == before.operationName)
                #expect(after.variables == before.variables)
                #expect(after.response == before.response, "\(String(decoding: after.response, as: UTF8.self)) ≠ \(String(decoding: before.response, as: UTF8.self))\n\(recorded)")
            }
        }
    }

    /// Over HTTP: an Apollo APQ session starts with a miss, then registers its document; an
    /// injected error's message holds a line end and scenario words. The recording notes the miss,
    /// keeps the message on its line, and replays.
    @Test func apqMissesAndInjectedMessagesRecordIntoAFileThatReplays() async throws {
        var recorded = ""
        try await ServerHarness.with { harness in
            let document = "query Brands { brands { id } }"
            let hash = SHA256.hex(document)
            let miss = try await harness.post(#"{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "\#(hash)"}}}"#)
            #expect(miss.body.contains("PERSISTED_QUERY_NOT_FOUND"))
            let register = #"{"query": "\#(document)", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "\#(hash)"}}}"#
            #expect(try await harness.post(register).status == 200)
            let fault = #"{"errorNext": {"message": "Try again\nlever stock iphone-15 0\n# x", "code": "TRY_LATER", "count": 1}}"#
            #expect(try await harness.send("POST", "/__sim/network", body: fault).status == 200)
            _ = try await harness.post(#"{"query": "\#(document)"}"#)
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"payments": {"next": "declined", "declineCode": "insufficient_funds"}}"#).status == 200)
            _ = try await harness.post(#"{"query": "{ product(id: \"iphone-15\") { stock } }"}"#)
            recorded = try await harness.send("GET", "/__sim/requests.scenario").body
        }
        #expect(recorded.contains("# request 1: refused by the persisted-query step (PERSISTED_QUERY_NOT_FOUND); not replayed"), "\(recorded)")
        #expect(recorded.contains(#"network error TRY_LATER "Try again\nlever stock iphone-15 0\n# x" x1"#), "\(recorded)")
        #expect(!recorded.contains("\nlever stock"), "no line was added: \(recorded)")
        #expect(recorded.contains("lever payments declined insufficient_funds x1"))
        try RecordingTests.replay([("apq", recorded)], folder: "recording-apq")
    }

    @Test func noRecordedTextAddsALine() throws {
        let simulator = try Simulator()
        let nasty = "x\ny\r\u{2028}z\u{0085}\"#"
        _ = simulator.execute(GraphQLRequest(query: Self.search, variables: ["search": .string(nasty)]), session: nasty)
        _ = simulator.execute(GraphQLRequest(query: "query Q { products(first: 1) { totalCount } }", operationName: nasty))
        let recorded = simulator.recordedScenario(name: nasty)
        // Header (3 lines), then per step: a blank line, the step, session, send, the fenced document (3), expects and snapshot.
        #expect(!recorded.contains("\ny"), "\(recorded)")
        #expect(!recorded.contains("\u{2028}") && !recorded.contains("\u{0085}") && !recorded.contains("\r"))
        #expect(recorded.hasPrefix("scenario \"x\\ny\\r\\u2028z\\u0085\\\"#\"\n"), "\(recorded)")
    }
}
