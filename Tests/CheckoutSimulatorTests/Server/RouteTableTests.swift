import Testing
@testable import CheckoutSimulator

/// The server's one route table (docs/http.md#routes): every path is matched once, exactly or by
/// a pattern, and what a pattern takes from the path travels with the route.
struct RouteTableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let path: String
        /// The route's `Allow` field when it matches (which route it is), nil for none.
        let allow: String?
        let values: [String: String]
        var testDescription: String { path }
    }

    static let cases: [Case] = [
        Case(path: "/graphql", allow: "GET, HEAD, POST", values: [:]),
        Case(path: "/__sim/levers", allow: "GET, HEAD, POST", values: [:]),
        Case(path: "/__sim/reset", allow: "POST", values: [:]),
        Case(path: "/api/2025-01/graphql.json", allow: "GET, HEAD, POST", values: ["version": "2025-01"]),
        Case(path: "/api/unstable/graphql", allow: "GET, HEAD, POST", values: ["version": "unstable"]),
        Case(path: "/api/2026-04/schema.graphql", allow: "GET, HEAD", values: ["version": "2026-04"]),
        // A retired version falls forward to the oldest (the handler's); a path naming no
        // version, a wrong file or a longer path has no route (a 404).
        Case(path: "/api/1999-01/graphql.json", allow: "GET, HEAD, POST", values: ["version": "1999-01"]),
        Case(path: "/api/2025-13/graphql.json", allow: nil, values: [:]),
        Case(path: "/api/latest/graphql.json", allow: nil, values: [:]),
        Case(path: "/api/2025-01/graphql.xml", allow: nil, values: [:]),
        Case(path: "/api/2025-01/graphql.json/more", allow: nil, values: [:]),
        Case(path: "/api//graphql.json", allow: nil, values: [:]),
        // The rest of the path, as spelled, slashes and all; empty is the handler's to refuse.
        Case(path: "/checkouts/cn/abc123", allow: "GET, HEAD", values: ["token": "abc123"]),
        Case(path: "/checkouts/cn/a/b", allow: "GET, HEAD", values: ["token": "a/b"]),
        Case(path: "/checkouts/cn/", allow: "GET, HEAD", values: ["token": ""]),
        Case(path: "/checkouts/cn", allow: nil, values: [:]),
        Case(path: "/orders/7", allow: "GET, HEAD", values: ["id": "7"]),
        Case(path: "/nothing", allow: nil, values: [:]),
        Case(path: "", allow: nil, values: [:]),
    ]

    @Test(arguments: cases) func theServersTableMatchesEachPathOnce(_ testCase: Case) {
        let match = SimulatorServer.routes.match(testCase.path)
        #expect(match?.route.allow == testCase.allow)
        let values = Dictionary(uniqueKeysWithValues: (match?.values ?? []).map { ($0.name, String($0.value)) })
        #expect(values == testCase.values)
    }

    /// A pattern's checks decide; patterns are tried in the order added; an exact path wins.
    @Test func patternsAreTriedInOrderAfterExactPaths() {
        var table = RouteTable<SimulatorServer.Route>()
        let first = SimulatorServer.Route(methods: ["GET"]) { _, _ in .json(200, []) }
        let second = SimulatorServer.Route(methods: ["POST"]) { _, _ in .json(200, []) }
        let exact = SimulatorServer.Route(methods: ["DELETE"]) { _, _ in .json(200, []) }
        table.add("/items/{id}", accepts: ["id": { $0.allSatisfy(\.isNumber) }], first)
        table.add("/items/{name}", second)
        table.add("/items/new", exact)
        #expect(table.match("/items/42")?.route.allow == "GET, HEAD")
        #expect(table.match("/items/42")?.value("id") == "42")
        #expect(table.match("/items/shoe")?.route.allow == "POST")
        #expect(table.match("/items/shoe")?.value("name") == "shoe")
        #expect(table.match("/items/new")?.route.allow == "DELETE")
        #expect(table.match("/items/") == nil, "a value segment is never empty")
        #expect(table.match("/items") == nil)
    }
}
