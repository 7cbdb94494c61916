import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shopify's complexity limit for a Storefront request without an access token
/// (docs/storefront.md#cost): over 1,000 it is `MAX_COMPLEXITY_EXCEEDED` with `cost` and
/// `maxCost`, on every transport; with a token only the simulator's own budget holds.
struct StorefrontComplexityTests {
    /// Documents and their complexity by the published rules, each worked out by hand.
    static let priced: [(query: String, complexity: Int)] = [
        ("{ shop { name } }", 1),
        ("{ products(first: 10) { nodes { title } } }", 2 + 10 * 1),
        // `edges` and `node` are an object each, and `pageInfo` counts with every item.
        ("{ products(first: 10) { edges { node { title } } pageInfo { hasNextPage } } }", 2 + 10 * 3),
        ("{ a: products(first: 5) { nodes { id } } b: products(first: 5) { nodes { id } } }", 2 * (2 + 5)),
        ("{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }", 2 + 250 * (1 + 2 + 250)),
        (#"{ nodes(ids: ["gid://shopify/Product/1", "gid://shopify/Product/2"]) { id } }"#, 2),
        ("{ products(first: 2) { nodes { options { name } } } }", 2 + 2 * (1 + 10)),
        ("fragment F on Product { collections(first: 3) { nodes { title } } } { products(first: 2) { nodes { ...F } } }", 2 + 2 * (1 + 2 + 3)),
        ("mutation { cartCreate { cart { id lines(first: 5) { nodes { quantity } } } } }", 10 + 1 + 2 + 5),
    ]

    /// With a limit of 0 every document is refused and says its complexity.
    @Test(arguments: priced)
    func complexityFollowsThePublishedRules(_ query: String, _ complexity: Int) throws {
        var limits = RequestLimits()
        limits.maxComplexity = 0
        let response = try Simulator(limits: limits).execute(GraphQLRequest(query: query), dialect: .storefront)
        let error = try #require(response.errors.first)
        #expect(error.code == .maxComplexityExceeded)
        #expect(error.extensions["cost"] == .int(complexity), "\(query)")
        #expect(error.extensions["maxCost"] == .int(0))
    }

    /// Four aliased pages of 248 cost exactly 1,000 and are answered; one more item is refused.
    static func pages(_ last: Int) -> String {
        "{ a: products(first: 248) { nodes { id } } b: products(first: 248) { nodes { id } } c: products(first: 248) { nodes { id } } d: products(first: \(last)) { nodes { id } } }"
    }

    @Test func theTokenlessLimitIsOneThousandOverHTTP() async throws {
        try await ServerHarness.with { harness in
            let plain = ["Content-Type": "application/json"]
            let atLimit = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(Self.pages(248)), headers: plain)
            #expect(atLimit.status == 200)
            #expect(atLimit.body.hasPrefix(#"{"data":{"a":{"nodes":[{"id":"gid://shopify/Product/"#), "\(atLimit.body.prefix(200))")
            let over = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(Self.pages(249)), headers: plain)
            #expect(over.status == 200)
            #expect(over.body.hasSuffix(#""extensions":{"code":"MAX_COMPLEXITY_EXCEEDED","cost":1001,"maxCost":1000}}]}"#), "\(over.body)")
            #expect(!over.body.contains(#""data""#))
            // A token (either of Shopify's fields) lifts it; the simulator's budget still holds.
            for field in ["X-Shopify-Storefront-Access-Token", "Shopify-Storefront-Private-Token"] {
                let deep = "{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }"
                let withToken = try await harness.send(
                    "POST", "/api/2025-01/graphql.json", body: StorefrontHTTPTests.body(deep), headers: plain.merging([field: "any"]) { $1 })
                #expect(withToken.body.hasPrefix(#"{"data":{"products":"#), "\(field): \(withToken.body.prefix(200))")
            }
            // The native endpoint has no such limit.
            let native = try await harness.post(StorefrontHTTPTests.body("{ a: products(first: 100) { nodes { id } } b: products(first: 100) { nodes { id } } }"))
            #expect(native.body.hasPrefix(#"{"data":"#))
        }
    }

    /// The URL protocol holds a tokenless request to the same limit, with the same bytes.
    @Test func theURLProtocolAnswersTheSame() async throws {
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://sim-shop.myshopify.com", in: configuration)
        defer { route.unregister() }
        let session = URLSession(configuration: configuration)
        func send(token: String?) async throws -> String {
            var request = URLRequest(url: try #require(URL(string: "https://sim-shop.myshopify.com/api/2026-04/graphql.json")))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let token { request.setValue(token, forHTTPHeaderField: "X-Shopify-Storefront-Access-Token") }
            request.httpBody = Data(StorefrontHTTPTests.body(Self.pages(249)).utf8)
            let (data, _) = try await session.data(for: request)
            return String(decoding: data, as: UTF8.self)
        }
        let refused = try await send(token: nil)
        #expect(refused.contains(#""extensions":{"code":"MAX_COMPLEXITY_EXCEEDED","cost":1001,"maxCost":1000}"#), "\(refused)")
        let answered = try await send(token: "public-token")
        #expect(answered.hasPrefix(#"{"data":"#))
    }
}
