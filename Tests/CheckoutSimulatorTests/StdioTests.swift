import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

struct StdioTests {
    static let script = [
        #"{"query": "{ products(first: 2, filter: {search: \"pixel\"}) { nodes { id stock } pageInfo { endCursor } } }"}"#,
        #"{"query": "{ recentSearches }", "session": "bob"}"#,
        #"{"query": "{ recentSearches }"}"#,
        "",
        "not json",
        #"[1, 2]"#,
        #"{"query": 5}"#,
        #"{"query": "{ nope }"}"#,
        #"{"query": "query A { brands { id } } query B { categories { name } }", "operationName": "B"}"#,
        #"{"advance": "2h"}"#,
        #"{"advance": "2 weeks"}"#,
        #"{"reset": true}"#,
        #"{"query": "{ recentSearches }"}"#,
    ]

    static let expected = [
        #"{"data":{"products":{"nodes":[{"id":"pixel-8","stock":16},{"id":"pixel-8-pro","stock":6}],"pageInfo":{"endCursor":"djF8cHJvZHVjdHN8RkVBVFVSRUR8cGl4ZWwtOC1wcm98aToyMg=="}}}}"#,
        #"{"data":{"recentSearches":[]}}"#,
        #"{"data":{"recentSearches":["pixel"]}}"#,
        #"{"errors":[{"message":"The line is not valid JSON: 1:1: expected a JSON value, found \"n\".","extensions":{"code":"BAD_REQUEST"}}]}"#,
        #"{"errors":[{"message":"Expected a JSON object, found an array.","extensions":{"code":"BAD_REQUEST"}}]}"#,
        #"{"errors":[{"message":"Expected \"query\" to be a string.","extensions":{"code":"BAD_REQUEST"}}]}"#,
        #"{"errors":[{"message":"Cannot query field \"nope\" on type \"Query\".","locations":[{"line":1,"column":3}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#,
        #"{"data":{"categories":[{"name":"Accessories"},{"name":"Cameras"},{"name":"Cycling"},{"name":"Gaming"},{"name":"Headphones"},{"name":"Laptops"},{"name":"Monitors"},{"name":"Phones"},{"name":"Speakers"},{"name":"Storage"},{"name":"TVs"},{"name":"Tablets"},{"name":"Wearables"}]}}"#,
        #"{"ok":true,"now":"2026-03-01T12:00:00Z"}"#,
        #"{"errors":[{"message":"An advance is \"2h\" or {\"by\": \"2h\"}, with units s, m, h or d.","extensions":{"code":"BAD_REQUEST"}}]}"#,
        #"{"ok":true}"#,
        #"{"data":{"recentSearches":[]}}"#,
    ]

    @Test func answersEachLineInOrder() throws {
        let server = StdioLines(simulator: try Simulator())
        let responses = Self.script.compactMap { server.respond(to: $0) }
        #expect(responses == Self.expected)
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func twoProcessesGiveByteIdenticalOutput() throws {
        let binary = try #require(Processes.checkoutSim)
        let input = Self.script.joined(separator: "\n") + "\n"
        let first = try Processes.run(binary, ["serve", "--stdio"], input: input)
        let second = try Processes.run(binary, ["serve", "--stdio"], input: input)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout == Self.expected.joined(separator: "\n") + "\n")
    }

    /// A line past 16 MiB is refused once and skipped to its newline; CRLF endings and a last
    /// line without a newline are answered like any other.
    @Test(.enabled(if: Processes.checkoutSim != nil))
    func anOverlongLineIsRefusedAndTheRestAnswered() throws {
        let binary = try #require(Processes.checkoutSim)
        let brands = #"{"query": "{ brands { id } }"}"#
        let input = brands + "\r\n" + String(repeating: "x", count: 17 << 20) + "\n" + #"{"reset": true}"# + "\n\n" + brands
        let result = try Processes.run(binary, ["serve", "--stdio"], input: input)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(result.status == 0)
        #expect(lines.count == 5, "\(lines.map { $0.prefix(80) })")
        #expect(lines.first?.hasPrefix(#"{"data":{"brands":[{"id":"apple"}"#) == true)
        #expect(lines.dropFirst().first == #"{"errors":[{"message":"The line is longer than 16777216 bytes; it was skipped up to its newline.","extensions":{"code":"BAD_REQUEST"}}]}"#)
        #expect(lines.dropFirst(2).first == #"{"ok":true}"#)
        #expect(lines.dropFirst(3).first == lines.first, "the last line, without a newline, is answered too")
        #expect(lines.last == "")
    }
}

struct CommandLineTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let stdoutPrefix: String
        let stderrPrefix: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        .init(arguments: ["query", "--compact", "{ brands { id } }"], status: 0,
              stdoutPrefix: #"{"data":{"brands":[{"id":"apple"},"#, stderrPrefix: ""),
        .init(arguments: ["query", "{ brands { id }"], status: 0, stdoutPrefix: "{\n  \"errors\": [\n", stderrPrefix: ""),
        .init(arguments: ["query", "--variables", "{\"id\": }", "query ($id: ID!) { product(id: $id) { id } }"], status: 1,
              stdoutPrefix: "", stderrPrefix: "error: --variables:1:8: expected a JSON value, found \"}\"\n{\"id\": }\n       ^"),
        .init(arguments: ["query", "--compact", "--variables", "{\"id\": \"pixel-8\"}", "query ($id: ID!) { product(id: $id) { name } }"],
              status: 0, stdoutPrefix: #"{"data":{"product":{"name":"Pixel 8 128 GB"}}}"#, stderrPrefix: ""),
        .init(arguments: ["frobnicate"], status: 1, stdoutPrefix: "", stderrPrefix: "error: unknown command \"frobnicate\""),
        .init(arguments: ["query", "--prety", "{ brands { id } }"], status: 1, stdoutPrefix: "",
              stderrPrefix: "error: unknown option --prety (did you mean --pretty?)"),
        .init(arguments: ["query", "--now", "yesterday", "{ brands { id } }"], status: 1, stdoutPrefix: "",
              stderrPrefix: "error: --now: expected an ISO-8601 time"),
        .init(arguments: ["query", "--fixtures", "/nonexistent", "{ brands { id } }"], status: 2, stdoutPrefix: "",
              stderrPrefix: "error: invalid fixtures in /nonexistent:\n/nonexistent: $: no such fixtures folder"),
        .init(arguments: ["fixtures", "check"], status: 0, stdoutPrefix: "ok: bundled fixtures: 64 products, 9 brands", stderrPrefix: ""),
        .init(arguments: ["schema"], status: 0, stdoutPrefix: "\"\"\"\nAsks for a fragment's fields after the rest of the answer, in a part of their own.\n\"\"\"\ndirective @defer(", stderrPrefix: ""),
        .init(arguments: ["--help"], status: 0, stdoutPrefix: "checkout-sim — a deterministic GraphQL mock shop", stderrPrefix: ""),
        .init(arguments: ["help", "serve"], status: 0, stdoutPrefix: "USAGE: checkout-sim serve [--port N]", stderrPrefix: ""),
        .init(arguments: ["serve", "--port", "65536"], status: 1, stdoutPrefix: "",
              stderrPrefix: "error: --port: expected a port number 0–65535, found \"65536\""),
        .init(arguments: ["serve", "--stdio", "--port", "4000"], status: 1, stdoutPrefix: "",
              stderrPrefix: "error: --port is for the HTTP server; --stdio reads standard input"),
        .init(arguments: ["query", "--operation", "Brnds", "query Brands { brands { id } } query Cart { cart { id } }"], status: 1, stdoutPrefix: "",
              stderrPrefix: "error: --operation: the document has no operation named \"Brnds\" (did you mean \"Brands\"?); it has \"Brands\", \"Cart\""),
        .init(arguments: ["--version"], status: 0, stdoutPrefix: "checkout-sim 0.4.0\n", stderrPrefix: ""),
        .init(arguments: ["rn"], status: 1, stdoutPrefix: "", stderrPrefix: "error: unknown command \"rn\" (did you mean \"run\"?)"),
        .init(arguments: ["help", "bench"], status: 0, stdoutPrefix: "USAGE: checkout-sim bench [--iterations N]", stderrPrefix: ""),
        .init(arguments: ["bench", "--help"], status: 0, stdoutPrefix: "USAGE: checkout-sim bench [--iterations N]", stderrPrefix: ""),
        .init(arguments: ["bench", "--catalog", "5"], status: 1, stdoutPrefix: "",
              stderrPrefix: "error: --catalog: expected a number of products from 20 to 1000000, found \"5\""),
        .init(arguments: ["run", Processes.packageRoot.appendingPathComponent("Scenarios").path, "--filter", "no such journey"], status: 1,
              stdoutPrefix: "", stderrPrefix: "error: --filter \"no such journey\" matches none of the"),
    ]

    @Test(.enabled(if: Processes.checkoutSim != nil), arguments: cases)
    func runs(_ testCase: Case) throws {
        let result = try Processes.run(try #require(Processes.checkoutSim), testCase.arguments)
        #expect(result.status == testCase.status)
        #expect(result.stdout.hasPrefix(testCase.stdoutPrefix), "\(result.stdout)")
        #expect(result.stderr.hasPrefix(testCase.stderrPrefix), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }
}

struct SchemaReferenceTests {
    @Test(.enabled(if: Processes.graphQLCoreAvailable))
    func graphQLCoreAcceptsOurSDLAndIntrospection() throws {
        let simulator = try Simulator()
        let introspectionQuery = try String(contentsOf: Processes.packageRoot.appendingPathComponent("Tests/Reference/introspection-query.graphql"), encoding: .utf8)
        let introspection = simulator.execute(GraphQLRequest(query: introspectionQuery)).json
        #expect(introspection["errors"] == nil)
        let request = JSON.object(JSONObject([("sdl", .string(simulator.sdl)), ("introspection", introspection["data"] ?? .null)]))
        let result = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"),
                                       ["python3", Processes.packageRoot.appendingPathComponent("Tests/Reference/schema_check.py").path],
                                       input: request.serialized())
        let answer = try JSONParser.parse(result.stdout)
        #expect(answer["buildSchema"] == "ok")
        #expect(answer["buildClientSchema"] == "ok")
        #expect(answer["roundTrip"] == .string(simulator.sdl))
    }

    static let shapeQueries: [(String, JSON)] = [
        ("{ products(first: 3, sort: PRICE_DESC) { nodes { id name price { amount formatted } brand { name } } pageInfo { hasNextPage endCursor } totalCount } }", [:]),
        ("query ($f: ProductFilter, $skip: Boolean!) { products(first: 5, filter: $f) { edges { cursor node { ...P stock @skip(if: $skip) } } } } fragment P on Product { id ... on Product { inStock maxPerOrder } compareAtPrice { formatted } }",
         ["f": ["search": "galaxy"], "skip": true]),
        ("{ brandSections(first: 5) { sections { brand { id name productCount } products { __typename id } } totalCount } brands { id } }", [:]),
        ("{ categories { name productCount } paymentTestCards { number outcome declineCode } recentSearches }", [:]),
        (#"{ product(id: "iphone-15") { id createdAt imageURL } }"#, [:]),
    ]

    @Test(.enabled(if: Processes.graphQLCoreAvailable))
    func responseShapesMatchGraphQLCore() throws {
        let simulator = try Simulator()
        var cases: [JSON] = []
        var ours: [String] = []
        for (query, variables) in Self.shapeQueries {
            let response = simulator.execute(GraphQLRequest(query: query, variables: variables.objectValue ?? JSONObject()))
            #expect(response.errors.isEmpty, "\(response.errors)")
            ours.append(response.serialized(pretty: false))
            cases.append(.object(JSONObject([("query", .string(query)), ("variables", variables), ("data", response.json["data"] ?? .null)])))
        }
        let request = JSON.object(JSONObject([("sdl", .string(simulator.sdl)), ("cases", .array(cases))]))
        let result = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"),
                                       ["python3", Processes.packageRoot.appendingPathComponent("Tests/Reference/execute_shape.py").path],
                                       input: request.serialized())
        let reference = result.stdout.split(separator: "\n").map(String.init)
        #expect(reference == ours, "\(result.stderr)")
    }
}
