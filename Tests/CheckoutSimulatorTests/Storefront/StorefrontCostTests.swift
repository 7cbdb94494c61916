import CheckoutSimGraphQL
import Testing
@testable import CheckoutSimulator

/// The Storefront dialect's cost rule (docs/limits.md#the-cost-rule; issue 59, item 1): page sizes
/// multiply down nested connections, and a filtered scan costs what it reads, not what it prints.
struct StorefrontCostTests {
    static func run(_ simulator: Simulator, _ query: String) -> String {
        simulator.execute(GraphQLRequest(query: query), session: "default", dialect: .storefront).serialized(pretty: false)
    }

    /// `levels` of `products(first: 250)` → `collections(first: 250)`, each branch ending in a
    /// collection's filtered `products(first: 1)` that matches nothing.
    static func nested(_ levels: Int) -> String {
        var inner = "products(first: 1, filters: [{price: {min: 999999}}]) { nodes { id } }"
        for _ in 0..<levels { inner = "products(first: 250) { nodes { collections(first: 250) { nodes { \(inner) } } } }" }
        return "{ collections(first: 250) { nodes { \(inner) } } }"
    }

    /// The 346-byte document of the sweep ran 6–12 s holding the shop, then answered
    /// RESPONSE_TOO_LARGE; it is refused before anything runs, naming where the cost is.
    @Test(arguments: [1, 2, 4])
    func nestedConnectionsArePricedThroughEveryLevel(_ levels: Int) throws {
        let simulator = try Simulator()
        let answer = Self.run(simulator, Self.nested(levels))
        #expect(answer.hasPrefix(#"{"errors":[{"message":"The request costs "#), "\(answer.prefix(300))")
        #expect(answer.contains(#"(\"collections\" costs the most: "#), "\(answer.prefix(300))")
        #expect(answer.contains(#""code":"QUERY_TOO_COMPLEX""#), "the Storefront dialect names it as Shopify does")
        #expect(!answer.contains(#""data""#), "refused before it ran")
    }

    /// What an app asks stays well inside the budget: a page of products with their variants and
    /// images, a collection's filtered page, a search.
    @Test func everydayRequestsAreAdmitted() throws {
        let simulator = try Simulator()
        for query in [
            "{ products(first: 250) { nodes { title variants(first: 100) { nodes { price { amount } selectedOptions { name value } } } images(first: 20) { nodes { url } } } } }",
            #"{ collection(handle: "apple") { products(first: 50, filters: [{price: {min: 100}}, {available: true}]) { nodes { title } filters { label values { label } } } } }"#,
            #"{ search(query: "phone", first: 50) { nodes { ... on Product { title } } } predictiveSearch(query: "gal") { products { title } } }"#,
        ] {
            let answer = Self.run(simulator, query)
            #expect(answer.hasPrefix(#"{"data":"#), "\(answer.prefix(300))")
        }
    }
}
