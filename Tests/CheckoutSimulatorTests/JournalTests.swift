import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request journal (docs/journal.md), fed by every transport through real parts: a server on
/// a real socket, a real `URLSession` through `SimulatorURLProtocol`, stdio lines, the library.
struct JournalTests {
    static let addToCart = #"mutation AddToCart($id: ID!, $n: Int) { addToCart(productId: $id, quantity: $n) { cart { totalQuantity } errors { code } } }"#

    static func body(_ query: String, _ variables: String = "{}", operation: String? = nil) -> String {
        #"{"query": \#(JSONWriter.string(.string(query))), "variables": \#(variables)"# + (operation.map { #", "operationName": "\#($0)""# } ?? "") + "}"
    }

    /// One journey over every transport, against a fresh simulator; the journal as JSON lines.
    static func journey() async throws -> (simulator: Simulator, lines: [String]) {
        let simulator = try Simulator(now: "2026-03-01T10:00:00Z")
        _ = simulator.execute(GraphQLRequest(query: "query Brands { brands { id } }"), session: "lib")
        let stdio = StdioLines(simulator: simulator)
        _ = stdio.respond(to: #"{"query": "{ nope }", "session": "line"}"#)
        _ = stdio.respond(to: #"{"advance": "1h"}"#)

        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shop.test/graphql", in: configuration)
        defer { route.unregister() }
        var request = URLRequest(url: try #require(URL(string: "https://shop.test/graphql")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("app", forHTTPHeaderField: "X-Checkout-Session")
        request.setValue("ShopApp-iOS", forHTTPHeaderField: "apollographql-client-name")
        request.setValue("1.4.0", forHTTPHeaderField: "apollographql-client-version")
        request.httpBody = Data(body(addToCart, #"{"id": "pixel-8", "n": 99}"#).utf8)
        _ = try await URLSession(configuration: configuration).data(for: request)

        try await ServerHarness.with(simulator: simulator) { harness in
            _ = try await harness.post(body(addToCart, #"{"id": "pixel-8", "n": 2}"#), session: "app")
            _ = try await harness.post(body("{ brands { id } ", "{}"), accept: "application/graphql-response+json")
            _ = try await harness.post("[" + body("query A { categories { name } }") + "," + body(addToCart, #"{"id": "nope"}"#) + "]")
            _ = try await harness.send("POST", "/graphql", body: "not json")
        }
        return (simulator, simulator.requests().map { $0.json.serialized() })
    }

    @Test func everyTransportJournalsItsRequestsTheSameWayEveryRun() async throws {
        let (simulator, lines) = try await Self.journey()
        let entries = simulator.requests()
        #expect(entries.map(\.seq) == Array(1...7), "the body that is not JSON is no entry")
        #expect(entries.map(\.transport) == [.library, .stdio, .urlprotocol, .http, .http, .http, .http])
        #expect(entries.map(\.session) == ["lib", "line", "app", "app", "default", "default", "default"])
        #expect(entries.map(\.operationName) == ["Brands", nil, "AddToCart", "AddToCart", nil, "A", "AddToCart"])
        #expect(entries.map(\.operationType) == ["query", "query", "mutation", "mutation", nil, "query", "mutation"])
        #expect(entries.map(\.status) == [200, 200, 200, 200, 400, 200, 200])
        #expect(entries.map(\.errorCodes) == [
            [], ["GRAPHQL_VALIDATION_FAILED"], ["QUANTITY_LIMIT_EXCEEDED"], [], ["GRAPHQL_PARSE_FAILED"], [], ["PRODUCT_NOT_FOUND"],
        ])
        #expect(entries.map { $0.at.iso8601 } == ["2026-03-01T10:00:00Z", "2026-03-01T10:00:00Z"] + Array(repeating: "2026-03-01T11:00:00Z", count: 5))
        #expect(entries[2].client == Simulator.JournalEntry.Client(name: "ShopApp-iOS", version: "1.4.0"))
        #expect(entries[3].client == nil)
        #expect(entries[2].variables == JSONObject([("id", .string("pixel-8")), ("n", .int(99))]))
        #expect(lines[2].hasPrefix(#"{"seq":3,"at":"2026-03-01T11:00:00Z","session":"app","transport":"urlprotocol","operationName":"AddToCart","operationType":"mutation","query":"#))
        #expect(lines[2].hasSuffix(#""status":200,"errorCodes":["QUANTITY_LIMIT_EXCEEDED"],"fault":null,"client":{"name":"ShopApp-iOS","version":"1.4.0"},"dialect":"native"}"#))
        let again = try await Self.journey().lines
        #expect(again == lines, "byte-identical from run to run")
    }

    @Test func aDocumentSentOftenIsKeptOnceAndTheBoundsDropTheOldest() throws {
        let simulator = try Simulator()
        simulator.maxJournalEntries = 5
        let query = "query Page($n: Int) { products(first: $n) { nodes { id } } }" + String(repeating: " ", count: 50_000)
        for index in 1...12 {
            _ = simulator.execute(GraphQLRequest(query: query, variables: ["n": .int(index % 3 + 1)]))
        }
        let entries = simulator.requests()
        #expect(entries.map(\.seq) == [8, 9, 10, 11, 12])
        #expect(simulator.droppedRequests == 7)
        let bytes = simulator.journal.withLock { $0.bytes }
        #expect(bytes < 50_000 + 5 * 1_000, "the 50 KB document counts once: \(bytes) bytes")
        let first = entries[0].query.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        let last = entries[4].query.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(first != nil && first == last, "entries share one copy of the document")

        simulator.maxJournalBytes = 40_000
        _ = simulator.execute(GraphQLRequest(query: query))
        #expect(simulator.requests().isEmpty, "a request bigger than the byte bound is dropped at once")
        #expect(simulator.droppedRequests == 13)

        simulator.reset()
        #expect(simulator.droppedRequests == 0)
        _ = simulator.execute(GraphQLRequest(query: "{ brands { id } }"))
        #expect(simulator.requests().map(\.seq) == [1], "a reset numbers from 1 again")
    }

    /// A request an injected fault stops is journaled with the fault, over the server and the URL protocol.
    @Test func requestsStoppedByAFaultAreJournaledWithIt() async throws {
        let simulator = try Simulator()
        try await ServerHarness.with(simulator: simulator) { harness in
            _ = try await harness.send("POST", "/__sim/network", body: #"{"failNext": {"count": 1, "status": 503}}"#)
            #expect(try await harness.post(Self.body(Self.addToCart, #"{"id": "pixel-8"}"#), session: "app").status == 503)
        }
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shop.test/graphql", in: configuration)
        defer { route.unregister() }
        route.setOffline(true)
        var request = URLRequest(url: try #require(URL(string: "https://shop.test/graphql?query=%7B%20brands%20%7B%20id%20%7D%20%7D")))
        request.setValue("ShopApp", forHTTPHeaderField: "apollographql-client-name")
        await #expect(throws: (any Error).self) { _ = try await URLSession(configuration: configuration).data(for: request) }
        let entries = simulator.requests()
        #expect(entries.map(\.fault) == ["fail 503", "offline"])
        #expect(entries.map(\.status) == [503, 0])
        #expect(entries.map(\.transport) == [.http, .urlprotocol])
        #expect(entries.map(\.errorCodes) == [["INTERNAL_SERVER_ERROR"], []])
        #expect(entries.map(\.operationType) == ["mutation", "query"])
        #expect(entries[0].session == "app")
        #expect(entries[1].client?.name == "ShopApp")
        #expect(route.requests(matching: Simulator.RequestFilter(type: "query")).map(\.seq) == [2], "the route shows its simulator's journal")
        #expect(simulator.execute(GraphQLRequest(query: "{ cart { totalQuantity } }"), session: "app").serialized(pretty: false)
            == #"{"data":{"cart":{"totalQuantity":0}}}"#, "the stopped add never reached the shop")
    }

    struct FilterCase: CustomTestStringConvertible, Sendable {
        let query: String
        let seqs: [Int]
        var testDescription: String { query.isEmpty ? "(none)" : query }
    }

    static let filters: [FilterCase] = [
        FilterCase(query: "", seqs: [1, 2, 3, 4, 5]),
        FilterCase(query: "operation=AddToCart", seqs: [2, 3, 4]),
        FilterCase(query: "session=bob", seqs: [4, 5]),
        FilterCase(query: "type=query", seqs: [1, 5]),
        FilterCase(query: "error=QUANTITY_LIMIT_EXCEEDED", seqs: [3]),
        FilterCase(query: "since=2&limit=2", seqs: [3, 4]),
        FilterCase(query: "operation=AddToCart&variables=%7B%22id%22%3A%22pixel-8%22%7D", seqs: [2, 3]),
        FilterCase(query: "variables=%7B%22n%22%3A1%7D&session=bob", seqs: [4]),
        FilterCase(query: "status=400", seqs: []),
    ]

    /// Five requests: a query, three adds (one past the per-order limit), a query for another session.
    /// Issue 40: variables of many empty objects (two bytes of JSON, a slot each in memory) once
    /// counted ~10× under what they keep, so 16 MiB of journal held 150 MB.
    @Test func theBoundCountsWhatVariablesReallyKeep() throws {
        let simulator = try Simulator()
        let empties = JSON.array(Array(repeating: .object(JSONObject()), count: 100_000))
        for _ in 1...16 {
            _ = simulator.execute(GraphQLRequest(query: "{ brands { id } }", variables: ["a": empties]))
        }
        let kept = simulator.requests().count
        let perEntry = 100_000 * MemoryLayout<JSON>.stride
        #expect(kept * perEntry <= simulator.maxJournalBytes, "\(kept) entries of \(perEntry) bytes each")
        #expect(kept >= 1)
        #expect(simulator.journal.withLock { $0.bytes } <= simulator.maxJournalBytes)
        // A dropped entry's slot waits for compaction (up to 64 of them), but holds nothing: the
        // 14 dropped here once kept their variables, 150 MB the bound did not count.
        let slots = simulator.journal.withLock { $0.slots }
        #expect(slots.count > kept, "the dropped slots are still there, awaiting compaction")
        #expect(slots.dropLast(kept).allSatisfy { $0.variables.isEmpty && $0.response.isEmpty })
    }

    /// Entries are filled after the state lock but in the order requests ran (issue 40: status
    /// and codes are worked out outside the lock): from 8 threads, 240 `addProduct`s journal as
    /// seq 1…240, the k-th entry's response holding the k-th product made, `new-k`.
    @Test func entriesFilledOutsideTheLockKeepTheOrderRequestsRan() throws {
        let simulator = try Simulator()
        let add = #"mutation { addProduct(input: {name: "Mug", category: "Kitchen", price: "9.00", stock: 1}) { product { id } } }"#
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<30 { _ = simulator.execute(GraphQLRequest(query: add)) }
        }
        let entries = simulator.requests()
        #expect(entries.map(\.seq) == Array(1...240), "no place left unfilled, none out of order")
        let ids = entries.map { (try? JSONParser.parse($0.response))?["data"]?["addProduct"]?["product"]?["id"]?.stringValue ?? "-" }
        #expect(ids == (1...240).map { "new-\($0)" }, "\(ids.prefix(12))")
        // A reset between taking a place and filling it leaves nothing behind: numbering starts again at 1.
        simulator.reset()
        _ = simulator.execute(GraphQLRequest(query: add))
        #expect(simulator.requests().map(\.seq) == [1])
    }

    static func filled() throws -> Simulator {
        let simulator = try Simulator()
        _ = simulator.execute(GraphQLRequest(query: "query Brands { brands { id } }"))
        _ = simulator.execute(GraphQLRequest(query: addToCart, variables: ["id": "pixel-8", "n": 1]))
        _ = simulator.execute(GraphQLRequest(query: addToCart, variables: ["id": "pixel-8", "n": 10]))
        _ = simulator.execute(GraphQLRequest(query: addToCart, variables: ["id": "iphone-15", "n": 1]), session: "bob")
        _ = simulator.execute(GraphQLRequest(query: "query Brands { brands { id } }"), session: "bob")
        return simulator
    }

    @Test(arguments: filters)
    func filtersOverHTTP(_ testCase: FilterCase) async throws {
        try await ServerHarness.with(simulator: try Self.filled()) { harness in
            let listed = try await harness.send("GET", "/__sim/requests?" + testCase.query)
            #expect(listed.status == 200)
            let json = try #require(try JSONParser.parse(listed.body).objectValue)
            #expect(json["requests"]?.arrayValue?.compactMap { $0["seq"]?.intValue } == testCase.seqs)
            #expect(json["dropped"] == .int(0))
            let counted = try await harness.send("GET", "/__sim/requests/count?" + testCase.query)
            let expectedCount = testCase.query.contains("limit=") ? 3 : testCase.seqs.count
            #expect(counted.body == #"{"count":\#(expectedCount)}"#)
        }
    }

    @Test func badFiltersAreRefusedAndDeleteEmptiesTheJournalAlone() async throws {
        try await ServerHarness.with(simulator: try Self.filled()) { harness in
            for bad in ["color=red", "type=subscription", "limit=-1", "variables=%5B1%5D", "since=x"] {
                let refused = try await harness.send("GET", "/__sim/requests?" + bad)
                #expect(refused.status == 400, "\(bad)")
                #expect(refused.body.contains("BAD_REQUEST"))
            }
            #expect(try await harness.send("DELETE", "/__sim/requests").body == #"{"ok":true}"#)
            #expect(try await harness.send("GET", "/__sim/requests/count").body == #"{"count":0}"#)
            _ = try await harness.post(Self.body("{ cart { totalQuantity } }"))
            let after = try #require(harness.simulator.requests().first)
            #expect(after.seq == 6, "numbering goes on after a DELETE")
            #expect(try await harness.post(Self.body("{ cart { totalQuantity } }")).body.contains(#""totalQuantity":1"#), "the cart stayed")
            #expect(try await harness.send("PUT", "/__sim/requests").headers["allow"] == "GET, HEAD, DELETE")
        }
    }
}
