import Foundation
import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// Shopify's search syntax in `products(query:)` (docs/storefront.md#search-syntax).
struct StorefrontSearchTests {
    static func handles(_ query: String) throws -> [String] {
        let simulator = try Simulator()
        let answer = simulator.execute(GraphQLRequest(
            query: "query($q: String) { products(first: 250, query: $q, sortKey: TITLE) { nodes { handle } } }", variables: ["q": .string(query)]),
            dialect: .storefront).json
        #expect(answer["errors"] == nil, "\(query): \(answer.serialized())")
        return (answer["data"]?["products"]?["nodes"]?.arrayValue ?? []).compactMap { $0["handle"]?.stringValue }
    }

    @Test(arguments: [
        ("vendor:Samsung AND variants.price:>1000", ["samsung-qn90c-55", "galaxy-s24-ultra", "samsung-frame-65"]),
        ("vendor:samsung variants.price:<=300", ["galaxy-buds2-pro", "galaxy-watch6", "samsung-t7-ssd", "samsung-990-pro"]),
        (#"title:"galaxy watch6""#, ["galaxy-watch6"]),
        ("pixel OR ipad", ["ipad-air", "ipad-mini", "pixel-7a", "pixel-8", "pixel-8-pro", "pixel-tablet", "pixel-buds-pro", "pixel-watch-2"]),
        ("pixel -tablet NOT pro", ["pixel-7a", "pixel-8", "pixel-watch-2"]),
        ("(vendor:Google OR vendor:Apple) AND product_type:Tablets", ["ipad-air", "ipad-mini", "pixel-tablet"]),
        ("iph* available_for_sale:false", ["iphone-se"]),
        ("sku:galaxy-watch6-silver-40", ["galaxy-watch6"]),
        ("tag:\"256 GB\" vendor:apple", ["iphone-15-256", "iphone-15-pro"]),
    ])
    func queriesFilterAsShopifyReadsThem(_ query: String, _ expected: [String]) throws {
        #expect(try Set(Self.handles(query)) == Set(expected), "\(query)")
    }

    /// Each comparison at a price some variant has exactly (the cheapest, a middle one, the
    /// dearest): the products found are those with a variant on the right side of it, the
    /// boundary included or not as the operator says, worked out from the fixtures.
    @Test(arguments: ["<", "<=", ">", ">=", ""])
    func priceComparisonsKeepTheirBoundary(_ comparison: String) throws {
        let products = try Fixtures.bundled().catalog.products
        let prices = Set(products.flatMap { $0.variants.map(\.price) }).sorted()
        for boundary in [prices[0], prices[prices.count / 2], prices[prices.count - 1]] {
            let text = "\(boundary / 100).\(String(format: "%02d", Int(boundary % 100)))"
            let expected = products.filter { product in
                product.variants.contains { variant in
                    switch comparison {
                    case "<": variant.price < boundary
                    case "<=": variant.price <= boundary
                    case ">": variant.price > boundary
                    case ">=": variant.price >= boundary
                    default: variant.price == boundary
                    }
                }
            }.map(\.id)
            #expect(!expected.isEmpty || comparison == "<" || comparison == ">", "the boundary \(text) is some variant's price")
            #expect(try Set(Self.handles("variants.price:\(comparison)\(text)")) == Set(expected), "variants.price:\(comparison)\(text)")
        }
    }

    /// Text that does not read as a query is read as plain terms; nothing typed is an error.
    @Test(arguments: [
        "(pixel", "pixel)", "OR", "AND pixel", "pixel OR", "NOT", "((((((((((((((((((((((((((((((((((((((((pixel",
        "-", "\"unclosed phrase", "vendor:", "price:>abc", String(repeating: "NOT ", count: 5000) + "pixel",
        String(repeating: "(", count: 10000), "🙂:🙂 ::: :<", "",
    ])
    func anythingTypedIsReadWithoutAnError(_ query: String) throws {
        _ = try Self.handles(query)
    }

    @Test func unreadableTextIsPlainTerms() throws {
        #expect(try Self.handles("(pixel 8") == Self.handles("pixel 8"))
        #expect(try Self.handles("pixel 8").contains("pixel-8"))
    }
}
