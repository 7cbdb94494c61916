import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimGraphQL

/// Each row of issue #13's table through the library and through `checkout-sim query`: the same
/// bytes both ways, and the value the app needs at the path it reads.
struct ShopAppQueryTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let app: String
        let query: String
        let path: [String]
        let expected: String
        var testDescription: String { app }
    }

    static let cases: [Case] = [
        .init(app: "Eteration facets", query: #"{ productFacets(filter: {brandIds: ["apple"]}) { brands { brand { id } count } totalCount } }"#,
              path: ["productFacets", "brands"], expected: #"{"brand":{"id":"samsung"},"count":11}"#),
        .init(app: "Eteration page 3", query: "{ products(first: 4, offset: 8) { nodes { id } pageInfo { hasPreviousPage } } }",
              path: ["products", "nodes"], expected: #"[{"id":"ipad-mini"},{"id":"airpods-pro-2"},{"id":"apple-watch-s9"},{"id":"galaxy-s24"}]"#),
        .init(app: "Eteration favorites", query: #"mutation { addFavorite(productId: "pixel-8") { favorites { id favoritedAt } } }"#,
              path: ["addFavorite", "favorites"], expected: #"[{"id":"pixel-8","favoritedAt":"2026-03-01T10:00:00Z"}]"#),
        .init(app: "Eteration clear favorites", query: "mutation { clearFavorites { favorites { id } errors { code } } }",
              path: ["clearFavorites"], expected: #"{"favorites":[],"errors":[]}"#),
        .init(app: "Swipe name prefix", query: #"{ products(filter: {search: " galaxy s", searchMode: NAME_PREFIX}) { totalCount } }"#,
              path: ["products", "totalCount"], expected: "2"),
        .init(app: "Swipe word prefix", query: #"{ products(filter: {search: "wh-1000", searchMode: WORD_PREFIX}) { nodes { id } } }"#,
              path: ["products", "nodes"], expected: #"[{"id":"sony-wh-1000xm5"}]"#),
        .init(app: "Swipe tax", query: #"mutation { addProduct(input: {name: "Lamp", category: "Lighting", price: "24.99", taxRate: "20"}) { product { brand { id } taxRate priceIncludingTax { amount } } } }"#,
              path: ["addProduct", "product"], expected: #"{"brand":{"id":"checkout-sim-basics"},"taxRate":"20","priceIncludingTax":{"amount":"29.99"}}"#),
        .init(app: "Getir cells", query: #"{ product(id: "samsung-t7-ssd") { thumbnailURL attribute shortDescription } }"#,
              path: ["product"], expected: #"{"thumbnailURL":"https://images.checkout-sim.example/thumbnails/samsung-t7-ssd-200.jpg","attribute":"1 TB","shortDescription":"USB 3.2, 1,050 MB/s"}"#),
        .init(app: "EBCOM remove search", query: #"mutation { removeRecentSearch(term: "x") { recentSearches } }"#,
              path: ["removeRecentSearch", "recentSearches"], expected: "[]"),
        .init(app: "EBCOM clear searches", query: "mutation { clearRecentSearches { recentSearches } }",
              path: ["clearRecentSearches", "recentSearches"], expected: "[]"),
    ]

    @Test(arguments: cases)
    func libraryAndCommandLineAgree(_ testCase: Case) throws {
        let library = try Simulator().execute(GraphQLRequest(query: testCase.query))
        var value: JSON? = library.json["data"]
        for key in testCase.path { value = value?[key] }
        let found = try #require(value).serialized()
        #expect(found == testCase.expected || found.contains(testCase.expected), "\(found)")
        #expect(library.json["errors"] == nil)
        guard let tool = Processes.checkoutSim else { return }
        let result = try Processes.run(tool, ["query", "--compact", testCase.query])
        #expect(result.status == 0)
        #expect(result.stdout == library.serialized(pretty: false) + "\n")
    }

    /// Foy For You's stepper, through the library: a decrease after the stock ran out is accepted.
    @Test func aStepperDecreaseIsAcceptedAfterTheStockIsGone() throws {
        let simulator = try Simulator()
        let card = #"{card: {number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123"}}"#
        _ = simulator.execute(GraphQLRequest(query: #"mutation { addToCart(productId: "nest-hub-max", quantity: 4) { errors { code } } }"#), session: "alice")
        _ = simulator.execute(GraphQLRequest(query: #"mutation { addToCart(productId: "nest-hub-max", quantity: 5) { errors { code } } }"#), session: "bob")
        let paid = simulator.execute(GraphQLRequest(query: "mutation { checkout(input: \(card)) { order { id } } }"), session: "bob")
        #expect(paid.json["data"]?["checkout"]?["order"]?["id"] == "order-1001")
        let down = simulator.execute(GraphQLRequest(query: #"mutation { updateCartLine(productId: "nest-hub-max", quantity: 3) { cart { totalQuantity } errors { code } } }"#), session: "alice")
        #expect(down.serialized(pretty: false) == #"{"data":{"updateCartLine":{"cart":{"totalQuantity":3},"errors":[]}}}"#)
    }

    /// `productFacets` counts without recording a search; `products` records one.
    @Test func facetsDoNotRecordSearches() throws {
        let simulator = try Simulator()
        _ = simulator.execute(GraphQLRequest(query: #"{ productFacets(filter: {search: "pixel"}) { totalCount } }"#))
        _ = simulator.execute(GraphQLRequest(query: #"{ products(filter: {search: "bose"}) { totalCount } }"#))
        let searches = simulator.execute(GraphQLRequest(query: "{ recentSearches }"))
        #expect(searches.serialized(pretty: false) == #"{"data":{"recentSearches":["bose"]}}"#)
    }
}
