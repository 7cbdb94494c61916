import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator

/// Issue 29's in-process bounds: the cost rule, search and text caps, a batch's one response
/// limit, and the two visible defects (empty brands, type-system definitions).
struct RequestBoundsTests {
    static func codes(_ response: GraphQLResponse) -> [String] {
        response.errors.map(\.code.rawValue)
    }

    /// The issue's request: 400 aliases searching 200,000 one-letter words (36 s of CPU under the
    /// lock before). Each search is over the word limit, so each field refuses it at once; and the
    /// whole is over the cost budget once the budget is scaled to the catalog as 20,000,000 is to
    /// 100,000 products (12,800 for the bundled 64), so there it is refused before anything runs.
    @Test func theSearchFloodIsRefused() throws {
        let aliases = (0..<400).map { "a\($0): products(filter: {search: $s}) { totalCount }" }.joined(separator: " ")
        let words = Array(repeating: "a", count: 200_000).joined(separator: " ")
        let request = GraphQLRequest(query: "query ($s: String) { \(aliases) }", variables: JSONObject([("s", .string(words))]))
        let fieldByField = try Simulator().execute(request)
        #expect(Set(Self.codes(fieldByField)) == ["BAD_USER_INPUT"])
        #expect(fieldByField.errors.count == 1, "the first refusal nulls the non-null root, and the rest never run")
        var limits = RequestLimits()
        limits.maxCost = 12_800
        let upFront = try Simulator(limits: limits).execute(request)
        #expect(Self.codes(upFront) == ["REQUEST_TOO_COMPLEX"])
        #expect(upFront.data == nil)
        #expect(upFront.errors.first?.message.hasPrefix("The request costs 460800, more than the limit of 12800") == true, "\(upFront.errors)")
    }

    struct CostCase: CustomTestStringConvertible, Sendable {
        let name: String
        let query: String
        /// The cost the rule gives over the 64-product catalog; refused past 192.
        let cost: Int
        var testDescription: String { name }
    }

    /// The rule as the README states it, over the bundled 64 products with a limit of three listings.
    static let costCases: [CostCase] = [
        .init(name: "three listings", query: "{ a: products { totalCount } b: products { totalCount } c: brandSections { totalCount } }", cost: 192),
        .init(name: "four listings", query: "{ a: products { totalCount } b: products { totalCount } c: products { totalCount } d: products { totalCount } }", cost: 256),
        .init(name: "one skipped", query: "{ a: products { totalCount } b: products { totalCount } c: products { totalCount } d: products @skip(if: true) { totalCount } }", cost: 192),
        .init(name: "through a fragment", query: "{ ...F a: products { totalCount } } fragment F on Query { b: products { totalCount } c: products { totalCount } d: suggestedProducts { id } }", cost: 256),
        .init(name: "a word doubles a scan", query: #"{ a: products(filter: {search: "pro"}) { totalCount } b: products { totalCount } }"#, cost: 192),
        .init(name: "two words triple it", query: #"{ a: products(filter: {search: "pro max"}) { totalCount } b: products { totalCount } }"#, cost: 256),
        .init(name: "facets are four scans", query: "{ productFacets { totalCount } }", cost: 256),
        .init(name: "the rest is free", query: "{ cart { totalQuantity } brands { id } offers { code } a: product(id: \"pixel-8\") { id } }", cost: 0),
    ]

    @Test(arguments: costCases)
    func requestsAreCostedBeforeTheyRun(_ item: CostCase) throws {
        var limits = RequestLimits()
        limits.maxCost = 192
        let simulator = try Simulator(limits: limits)
        let response = simulator.execute(GraphQLRequest(query: item.query))
        if item.cost > 192 {
            #expect(Self.codes(response) == ["REQUEST_TOO_COMPLEX"])
            #expect(response.errors.first?.message.hasPrefix("The request costs \(item.cost), more than the limit of 192") == true, "\(response.errors)")
        } else {
            #expect(response.errors.isEmpty, "\(response.errors)")
        }
    }

    /// A refused mutation changes nothing: the cost is known before its first field runs.
    @Test func aRefusedMutationChangesNothing() throws {
        var limits = RequestLimits()
        limits.maxCost = 0
        let simulator = try Simulator(limits: limits)
        // Mutation fields cost nothing, so the mutation runs; a listing beside it in a query is refused.
        let added = simulator.execute(GraphQLRequest(query: #"mutation { addToCart(productId: "pixel-8") { cart { totalQuantity } } }"#))
        #expect(added.errors.isEmpty)
        let refused = simulator.execute(GraphQLRequest(query: "{ cart { totalQuantity } products { totalCount } }"))
        #expect(Self.codes(refused) == ["REQUEST_TOO_COMPLEX"])
    }

    /// docs/schema.md#ordering-search-and-filters: at most 256 characters and 16 words, never truncated; nothing is remembered.
    @Test(arguments: [
        (String(repeating: "x", count: 257), "longer than 256 characters"),
        (Array(repeating: "pro", count: 17).joined(separator: " "), "has 17 words, more than 16"),
    ])
    func searchesPastTheLimitsAreRefused(_ search: String, _ message: String) throws {
        let simulator = try Simulator()
        let response = simulator.execute(GraphQLRequest(
            query: "query ($s: String) { products(filter: {search: $s}) { totalCount } }", variables: JSONObject([("s", .string(search))])))
        #expect(Self.codes(response) == ["BAD_USER_INPUT"])
        #expect(response.errors.first?.message.contains(message) == true, "\(response.errors)")
        let recent = simulator.execute(GraphQLRequest(query: "{ recentSearches }"))
        #expect(recent.serialized(pretty: false) == #"{"data":{"recentSearches":[]}}"#)
        let atLimit = simulator.execute(GraphQLRequest(
            query: "query ($s: String) { products(filter: {search: $s}) { totalCount } }",
            variables: JSONObject([("s", .string(Array(repeating: "p", count: 16).joined(separator: " ")))])))
        #expect(atLimit.errors.isEmpty)
    }

    /// docs/http.md: the response limit bounds a whole batch (a 30 KB batch once built 1.43 GiB).
    @Test func aBatchSharesOneResponseLimit() throws {
        var limits = RequestLimits()
        limits.maxResponseBytes = 4_000
        let simulator = try Simulator(limits: limits)
        let item = #"{"query":"{ products(first: 20) { nodes { id name } } }"}"#
        let body = "[" + Array(repeating: item, count: 20).joined(separator: ",") + "]"
        let answer = GraphQLHTTP.respond(
            to: .init(method: "POST", query: "", contentType: "application/json", body: Array(body.utf8)), simulator: simulator)
        #expect(answer.status == 200)
        let responses = try #require(try JSONParser.parse(answer.body).arrayValue)
        #expect(responses.count == 20)
        let tooLarge = responses.filter { $0["errors"]?[0]?["extensions"]?["code"] == .string("RESPONSE_TOO_LARGE") }.count
        #expect(tooLarge >= 17, "every item past the shared limit is refused")
        #expect(answer.body.count < 4_000 + 20 * 200, "the whole batch stays near the limit: \(answer.body.count) bytes")
    }

    /// A failure spends the batch's response budget too: an operation stopped at the limit wrote
    /// that much first, so the operations after it are refused, not run (issue 59: a batch of 100
    /// operations that each ran to the limit and failed took 23–39 s).
    @Test func aBatchsFailuresSpendItsResponseBudget() throws {
        var limits = RequestLimits()
        limits.maxResponseBytes = 4_000
        let simulator = try Simulator(limits: limits)
        let big = #"{"query":"{ products(first: 100) { nodes { id name description } } }"}"#
        let add = #"{"query":"mutation { addToCart(productId: \"pixel-8\") { cart { totalQuantity } } }"}"#
        let body = "[" + [big, add, big, add].joined(separator: ",") + "]"
        let answer = GraphQLHTTP.respond(
            to: .init(method: "POST", query: "", contentType: "application/json", body: Array(body.utf8)), simulator: simulator)
        let codes = try #require(try JSONParser.parse(answer.body).arrayValue, "\(answer.status) \(String(decoding: answer.body.prefix(400), as: UTF8.self))").map { $0["errors"]?[0]?["extensions"]?["code"]?.stringValue ?? "ok" }
        #expect(codes == ["RESPONSE_TOO_LARGE", "RESPONSE_TOO_LARGE", "RESPONSE_TOO_LARGE", "RESPONSE_TOO_LARGE"], "\(answer.body.prefix(600))")
        let cart = simulator.execute(GraphQLRequest(query: "{ cart { totalQuantity } }")).serialized(pretty: false)
        #expect(cart == #"{"data":{"cart":{"totalQuantity":0}}}"#, "nothing after the first failure ran")
    }

    /// docs/limits.md: a batch is one HTTP request, so its operations spend one cost budget.
    @Test func aBatchSharesOneCostBudget() throws {
        var limits = RequestLimits()
        limits.maxCost = 192
        let simulator = try Simulator(limits: limits)
        let item = #"{"query":"{ products { totalCount } }"}"#
        let body = "[" + Array(repeating: item, count: 5).joined(separator: ",") + "]"
        let answer = GraphQLHTTP.respond(
            to: .init(method: "POST", query: "", contentType: "application/json", body: Array(body.utf8)), simulator: simulator)
        let responses = try #require(try JSONParser.parse(answer.body).arrayValue)
        let codes = responses.map { $0["errors"]?[0]?["extensions"]?["code"]?.stringValue ?? "ok" }
        #expect(codes == ["ok", "ok", "ok", "REQUEST_TOO_COMPLEX", "REQUEST_TOO_COMPLEX"])
    }

    /// docs/schema.md#everything-else: addProduct keeps no text past its cap.
    @Test func addProductCapsEveryText() throws {
        let simulator = try Simulator()
        func add(description: String, url: String = "https://example.com/a.jpg") -> GraphQLResponse {
            simulator.execute(GraphQLRequest(
                query: """
                    mutation ($d: String, $u: String) { addProduct(input: {name: "Mug", category: "Kitchen", price: "9.00", stock: 1,
                      description: $d, imageURL: $u}) { product { id } errors { code field } } }
                    """,
                variables: JSONObject([("d", .string(description)), ("u", .string(url))])))
        }
        let long = add(description: String(repeating: "d", count: 10_001), url: "https://example.com/" + String(repeating: "a", count: 2_048))
        #expect(long.serialized(pretty: false).contains(#""product":null"#), "\(long.serialized(pretty: false))")
        #expect(long.serialized(pretty: false).contains(#"{"code":"INVALID_INPUT","field":["input","description"]}"#), "\(long.serialized(pretty: false))")
        #expect(long.serialized(pretty: false).contains(#"{"code":"INVALID_INPUT","field":["input","imageURL"]}"#), "\(long.serialized(pretty: false))")
        let atLimit = add(description: String(repeating: "d", count: 10_000))
        #expect(atLimit.serialized(pretty: false).contains(#""product":{"id":"new-1"}"#), "\(atLimit.serialized(pretty: false))")
        // Issue 40: "a" and 100,000 combining accents is one grapheme cluster but 100,001 scalars,
        // which is what memory holds: the caps count scalars.
        let stacked = add(description: "a" + String(repeating: "\u{301}", count: 100_000))
        #expect(stacked.serialized(pretty: false).contains(#"{"code":"INVALID_INPUT","field":["input","description"]}"#))
        let stackedAtLimit = add(description: "a" + String(repeating: "\u{301}", count: 9_999))
        #expect(stackedAtLimit.serialized(pretty: false).contains(#""product":{"id":"new-2"}"#), "10,000 scalars are at the limit")
    }

    /// Session names and the texts checkout keeps are capped too: nothing a client sends grows
    /// the shop without bound.
    @Test func sessionNamesAndCheckoutTextsAreCapped() throws {
        let simulator = try Simulator()
        let cart = GraphQLRequest(query: "{ cart { totalQuantity } }")
        #expect(Self.codes(simulator.execute(cart, session: String(repeating: "s", count: 257))) == ["BAD_REQUEST"])
        #expect(simulator.execute(cart, session: String(repeating: "s", count: 256)).errors.isEmpty)
        _ = simulator.execute(GraphQLRequest(query: #"mutation { addToCart(productId: "pixel-8") { cart { totalQuantity } } }"#))
        func checkout(key: String) -> String {
            simulator.execute(GraphQLRequest(
                query: """
                    mutation ($k: String) { checkout(input: {card: {number: "4000000000000002", expMonth: 12, expYear: 2030, cvc: "123"},
                      idempotencyKey: $k}) { payment { status } errors { code field } } }
                    """,
                variables: JSONObject([("k", .string(key))]))).serialized(pretty: false)
        }
        #expect(checkout(key: String(repeating: "k", count: 256)).contains(#"{"code":"INVALID_INPUT","field":["input","idempotencyKey"]}"#))
        #expect(checkout(key: String(repeating: "k", count: 255)).contains(#""code":"PAYMENT_DECLINED""#))
    }

    /// docs/schema.md: the house brand appears only once a product uses it, or with includeEmpty.
    @Test func brandsWithoutProductsAreLeftOutUnlessAskedFor() throws {
        let simulator = try Simulator()
        func ids(_ query: String) -> [String] {
            let json = simulator.execute(GraphQLRequest(query: query)).json
            return json["data"]?["brands"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        }
        #expect(!ids("{ brands { id } }").contains("checkout-sim-basics"))
        #expect(ids("{ brands(includeEmpty: true) { id } }").contains("checkout-sim-basics"))
        _ = simulator.execute(GraphQLRequest(query: #"mutation { addProduct(input: {name: "Mug", category: "Kitchen", price: "9.00", stock: 1}) { product { id } } }"#))
        #expect(ids("{ brands { id } }").contains("checkout-sim-basics"))
    }

    /// graphql-js: `The "Foo" definition is not executable.`, a validation error at the definition.
    @Test(arguments: [
        ("type Foo { a: Int }", #"The \"Foo\" definition is not executable.","locations":[{"line":1,"column":1}]"#),
        (#""A shop" type Foo { a: Int } { brands { id } }"#, #"The \"Foo\" definition is not executable.","locations":[{"line":1,"column":1}]"#),
        ("{ cart { totalQuantity } }\nextend schema @foo", #"The schema definition is not executable.","locations":[{"line":2,"column":1}]"#),
        ("scalar Date { cart { totalQuantity } }", #"The \"Date\" definition is not executable.","locations":[{"line":1,"column":1}]"#),
    ])
    func typeSystemDefinitionsAreNotExecutable(_ document: String, _ expected: String) throws {
        let response = try Simulator().execute(GraphQLRequest(query: document))
        #expect(response.serialized(pretty: false).contains(expected), "\(response.serialized(pretty: false))")
        #expect(Self.codes(response).allSatisfy { $0 == "GRAPHQL_VALIDATION_FAILED" })
    }
}
