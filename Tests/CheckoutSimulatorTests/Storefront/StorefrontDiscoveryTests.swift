import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// Collections with filter facets, search, predictive search, recommendations, product types
/// and tags (docs/storefront.md#collections, #search).
struct StorefrontDiscoveryTests {
    static func run(_ query: String, _ variables: JSONObject = JSONObject()) throws -> JSON {
        let answer = try Simulator().execute(GraphQLRequest(query: query, variables: variables), dialect: .storefront).json
        #expect(answer["errors"] == nil, "\(answer.serialized())")
        return answer["data"] ?? .null
    }

    @Test func aCollectionListsItsProductsWithFacetsCountedDisjunctively() throws {
        let data = try Self.run("""
            { collection(handle: "samsung") { id title handle
                products(first: 20, sortKey: PRICE, filters: [{productType: "Phones"}, {productType: "Wearables"}, {available: true}]) {
                  nodes { handle }
                  filters { id label type values { label count input } } } } }
            """)
        let collection = try #require(data["collection"])
        #expect(collection["id"] == "gid://shopify/Collection/3000002")
        #expect(collection["title"] == "Samsung")
        #expect(collection["products"]?["nodes"]?.arrayValue?.compactMap { $0["handle"]?.stringValue } == [
            "galaxy-watch6", "galaxy-a54", "galaxy-s24", "galaxy-z-flip5", "galaxy-s24-ultra",
        ])
        let filters = try #require(collection["products"]?["filters"]?.arrayValue)
        #expect(filters.map { $0["id"]?.stringValue ?? "" } == [
            "filter.v.availability", "filter.v.price", "filter.p.product_type", "filter.p.vendor", "filter.p.tag",
            "filter.v.option.colour", "filter.v.option.size", "filter.v.option.storage",
        ].filter { id in filters.contains { $0["id"]?.stringValue == id } })
        // Product types are counted without the product-type filter (every in-stock Samsung type shows).
        let types = try #require(filters.first { $0["id"] == "filter.p.product_type" }?["values"]?.arrayValue)
        #expect(types.map { $0["label"]?.stringValue ?? "" } == ["Phones", "Storage", "TVs", "Tablets", "Wearables"])
        #expect(types.first?["count"] == 4)
        #expect(types.first?["input"] == #"{"productType":"Phones"}"#)
        // Availability is counted without the availability filter: Buds2 Pro is the one out of stock.
        let availability = try #require(filters.first { $0["id"] == "filter.v.availability" }?["values"])
        #expect(availability == [["label": "In stock", "count": 5, "input": #"{"available":true}"#]])
        // The same collection by its id; an id of another type, or of none, is null.
        let byId = try Self.run(#"{ a: collection(id: "gid://shopify/Collection/3000002") { handle } b: collection(id: "gid://shopify/Product/1000001") { handle } }"#)
        #expect(byId == ["a": ["handle": "samsung"], "b": nil])
    }

    @Test func searchFindsProductsAndCountsThem() throws {
        let data = try Self.run("""
            { search(query: "galaxy", first: 3, productFilters: [{price: {min: 300, max: 900}}]) {
                totalCount nodes { __typename ... on Product { handle } } pageInfo { hasNextPage } }
              all: search(query: "galaxy", first: 10, productFilters: [{price: {min: 300, max: 900}}]) {
                nodes { ... on Product { handle } } pageInfo { hasNextPage } }
              shown: search(query: "galaxy buds", first: 10) { nodes { ... on Product { handle } } }
              hidden: search(query: "galaxy buds", first: 10, unavailableProducts: HIDE) { nodes { ... on Product { handle } } } }
            """)
        func handles(_ key: String) -> [String] { data[key]?["nodes"]?.arrayValue?.compactMap { $0["handle"]?.stringValue } ?? [] }
        // The fixtures' Galaxy products priced from 300 to 900 (the S24 Ultra, Z Flip5 and Buds2 Pro are not).
        #expect(Set(handles("all")) == ["galaxy-s24", "galaxy-a54", "galaxy-tab-s9", "galaxy-watch6"])
        #expect(handles("search") == Array(handles("all").prefix(3)), "the first page is the list's start")
        #expect(data["search"]?["totalCount"] == 4)
        #expect(data["search"]?["nodes"]?[0]?["__typename"] == "Product")
        #expect(data["search"]?["pageInfo"]?["hasNextPage"] == true)
        #expect(data["all"]?["pageInfo"]?["hasNextPage"] == false)
        // The Buds2 Pro are out of stock: listed unless `unavailableProducts: HIDE`.
        #expect(handles("shown") == ["galaxy-buds2-pro"])
        #expect(handles("hidden") == [])
    }

    @Test func predictiveSearchSuggestsAsYouType() throws {
        let data = try Self.run("""
            { predictiveSearch(query: "galaxy wa", limit: 3) { products { handle } collections { handle } queries { text styledText } } }
            """)
        #expect(data["predictiveSearch"] == [
            "products": [["handle": "galaxy-watch6"]], "collections": [],
            "queries": [["text": "galaxy watch6", "styledText": "galaxy wa<mark>tch6</mark>"]],
        ])
    }

    @Test func recommendationsAndStringListsAreDeterministic() throws {
        let query = """
            { related: productRecommendations(productHandle: "pixel-8") { handle productType vendor }
              complementary: productRecommendations(productHandle: "pixel-8", intent: COMPLEMENTARY) { vendor productType }
              none: productRecommendations(productHandle: "nope") { handle }
              productTypes(first: 3) { nodes pageInfo { hasNextPage } } }
            """
        let data = try Self.run(query)
        // Two simulators, the same bytes: nothing here depends on a hash's order or a clock.
        #expect(try Self.run(query) == data)
        // Related: phones of other brands first, then Google's own (docs/storefront.md#search).
        let related = try #require(data["related"]?.arrayValue)
        let otherBrands = related.prefix { $0["vendor"] != "Google" }
        #expect(!otherBrands.isEmpty && otherBrands.allSatisfy { $0["productType"] == "Phones" })
        #expect(related.dropFirst(otherBrands.count).allSatisfy { $0["vendor"] == "Google" && $0["productType"] == "Phones" })
        #expect(data["related"]?.arrayValue?.first?["handle"] != "pixel-8")
        #expect(data["related"]?.arrayValue?.count == 10)
        let complementary = try #require(data["complementary"]?.arrayValue)
        #expect(!complementary.isEmpty && complementary.allSatisfy { $0["vendor"] == "Google" && $0["productType"] != "Phones" })
        #expect(data["none"] == .null)
        #expect(data["productTypes"] == ["nodes": ["Accessories", "Cameras", "Cycling"], "pageInfo": ["hasNextPage": true]])
    }
}
