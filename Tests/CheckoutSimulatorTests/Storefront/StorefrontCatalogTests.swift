import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// Reading the catalog the Storefront way (docs/storefront.md): products with their variant,
/// prices and images; keyset pages both ways; ids and nodes.
struct StorefrontCatalogTests {
    static func run(_ simulator: Simulator, _ query: String, variables: JSONObject = JSONObject()) -> JSON {
        simulator.execute(GraphQLRequest(query: query, variables: variables), dialect: .storefront).json
    }

    @Test func aProductReadsAsShopifyWritesIt() throws {
        let simulator = try Simulator()
        let answer = Self.run(simulator, """
            { product(handle: "iphone-15-pro") { id handle title vendor productType availableForSale totalInventory tags
                description(truncateAt: 8) onlineStoreUrl
                priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount } }
                compareAtPriceRange { maxVariantPrice { amount } }
                featuredImage { url altText }
                options { name optionValues { name } }
                variants(first: 5) { nodes { id title sku price { amount } compareAtPrice { amount } selectedOptions { name value } quantityAvailable availableForSale product { handle } } } } }
            """)
        #expect(answer.serialized() == #"{"data":{"product":{"id":"gid://shopify/Product/1000003","handle":"iphone-15-pro","title":"iPhone 15 Pro 256 GB","vendor":"Apple","productType":"Phones","availableForSale":true,"totalInventory":8,"tags":["iPhone 15 Pro","256 GB"],"description":"Titanium","onlineStoreUrl":"https://checkout-sim.myshopify.com/products/iphone-15-pro","priceRange":{"minVariantPrice":{"amount":"1299.0","currencyCode":"USD"},"maxVariantPrice":{"amount":"1299.0"}},"compareAtPriceRange":{"maxVariantPrice":{"amount":"1399.0"}},"featuredImage":{"url":"https://images.checkout-sim.example/products/iphone-15-pro.jpg","altText":"iPhone 15 Pro 256 GB"},"options":[{"name":"Title","optionValues":[{"name":"Default Title"}]}],"variants":{"nodes":[{"id":"gid://shopify/ProductVariant/1000003001","title":"Default Title","sku":"iphone-15-pro","price":{"amount":"1299.0"},"compareAtPrice":{"amount":"1399.0"},"selectedOptions":[{"name":"Title","value":"Default Title"}],"quantityAvailable":8,"availableForSale":true,"product":{"handle":"iphone-15-pro"}}]}}}}"#)
    }

    @Test func nodesAreTypedAndUnknownIdsAreNull() throws {
        let simulator = try Simulator()
        let answer = Self.run(simulator, """
            { node(id: "gid://shopify/Product/1000001") { __typename id ... on Product { handle } }
              nodes(ids: ["gid://shopify/ProductVariant/1000001001", "gid://shopify/Product/99", "nonsense", "gid://shopify/ProductVariant/1000001002"]) {
                __typename ... on ProductVariant { title product { id } } } }
            """)
        #expect(answer.serialized() == #"{"data":{"node":{"__typename":"Product","id":"gid://shopify/Product/1000001","handle":"iphone-15"},"nodes":[{"__typename":"ProductVariant","title":"Default Title","product":{"id":"gid://shopify/Product/1000001"}},null,null,null]}}"#)
    }

    /// Every product, by pages of `size` forward, and by pages backward from the end.
    static func handles(_ simulator: Simulator, size: Int, sortKey: String, reverse: Bool, backward: Bool) throws -> [String] {
        var handles: [String] = []
        var cursor: JSON = .null
        for _ in 0..<100 {
            let page = Self.run(
                simulator, """
                query($size: Int, $cursor: String) { products(\(backward ? "last: $size, before: $cursor" : "first: $size, after: $cursor"), sortKey: \(sortKey), reverse: \(reverse)) {
                  edges { cursor node { handle } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }
                """, variables: ["size": .int(size), "cursor": cursor])
            let connection = try #require(page["data"]?["products"], "\(page.serialized())")
            let found = (connection["edges"]?.arrayValue ?? []).compactMap { $0["node"]?["handle"]?.stringValue }
            handles = backward ? found + handles : handles + found
            let info = try #require(connection["pageInfo"])
            guard (backward ? info["hasPreviousPage"] : info["hasNextPage"]) == .bool(true) else { break }
            cursor = (backward ? info["startCursor"] : info["endCursor"]) ?? .null
        }
        return handles
    }

    @Test(arguments: ["ID", "TITLE", "PRICE", "CREATED_AT", "BEST_SELLING", "VENDOR"])
    func pagesBothWaysListTheSameProductsInTheSameOrder(_ sortKey: String) throws {
        let simulator = try Simulator()
        let forward = try Self.handles(simulator, size: 7, sortKey: sortKey, reverse: false, backward: false)
        let backward = try Self.handles(simulator, size: 5, sortKey: sortKey, reverse: false, backward: true)
        #expect(forward.count == simulator.productCount)
        #expect(Set(forward).count == forward.count)
        #expect(forward == backward)
        let reversed = try Self.handles(simulator, size: 9, sortKey: sortKey, reverse: true, backward: false)
        #expect(reversed == forward.reversed())
    }

    /// A product's image reads the same as its featured image, its only image and its only media.
    @Test func aProductsImageIsItsFeaturedImageItsImagesAndItsMedia() throws {
        let answer = Self.run(try Simulator(), """
            { product(handle: "galaxy-tab-s9") { featuredImage { id url altText } images(first: 5) { nodes { id url altText } }
                media(first: 5) { nodes { __typename ... on MediaImage { id alt mediaContentType image { id url altText } } } } } }
            """)
        let product = try #require(answer["data"]?["product"])
        let image: JSON = ["id": "gid://shopify/ProductImage/1000016", "url": "https://images.checkout-sim.example/products/galaxy-tab-s9.jpg", "altText": "Galaxy Tab S9 11-inch"]
        #expect(product["featuredImage"] == image)
        #expect(product["images"]?["nodes"] == [image])
        #expect(product["media"]?["nodes"] == [[
            "__typename": "MediaImage", "id": "gid://shopify/MediaImage/1000016", "alt": "Galaxy Tab S9 11-inch", "mediaContentType": "IMAGE", "image": image,
        ]])
    }

    /// `ID`, the default as on Shopify, lists products by id, which is the fixtures' order.
    @Test func theDefaultOrderIsById() throws {
        let simulator = try Simulator()
        let answer = Self.run(simulator, "{ products(first: 3) { nodes { id } } last: products(last: 2, sortKey: ID) { nodes { id } } }")
        #expect(answer["data"]?["products"]?["nodes"] == [["id": "gid://shopify/Product/1000001"], ["id": "gid://shopify/Product/1000002"], ["id": "gid://shopify/Product/1000003"]])
        let count = simulator.productCount
        #expect(answer["data"]?["last"]?["nodes"] == .array([count - 1, count].map { ["id": .string("gid://shopify/Product/\(1_000_000 + $0)")] }))
    }

    @Test func aPageNeedsASizeAndItsOwnCursors() throws {
        let simulator = try Simulator()
        let none = Self.run(simulator, "{ products { nodes { id } } }")
        #expect(none["errors"]?[0]?["message"] == "you must provide one of first or last")
        let tooMany = Self.run(simulator, "{ products(first: 251) { nodes { id } } }")
        #expect(tooMany["errors"]?[0]?["message"] == "The first argument must be between 0 and 250; it is 251.")
        let foreign = Self.run(simulator, #"{ products(first: 2, after: "bm90IGEgY3Vyc29y") { nodes { id } } }"#)
        #expect(foreign["errors"]?[0]?["message"] == #"Invalid cursor "bm90IGEgY3Vyc29y" for this list."#)
        #expect(foreign["errors"]?[0]?["extensions"]?["code"] == "BAD_USER_INPUT")
    }
}

/// Products with options (docs/fixtures.md#variants), in both dialects.
struct VariantTests {
    @Test func aProductWithOptionsListsItsVariantsTheStorefrontWay() throws {
        let simulator = try Simulator()
        let answer = StorefrontCatalogTests.run(simulator, """
            { product(handle: "galaxy-watch6") { totalInventory options { name optionValues { name } }
                priceRange { minVariantPrice { amount } maxVariantPrice { amount } }
                variants(first: 10) { nodes { title sku quantityAvailable price { amount } selectedOptions { name value } } }
                small: variantBySelectedOptions(selectedOptions: [{name: "Colour", value: "Silver"}, {name: "Size", value: "40 mm"}]) { id title }
                none: variantBySelectedOptions(selectedOptions: [{name: "Colour", value: "Gold"}]) { id }
                adjacentVariants { title } } }
            """)
        #expect(answer.serialized() == #"{"data":{"product":{"totalInventory":11,"options":[{"name":"Colour","optionValues":[{"name":"Graphite"},{"name":"Silver"}]},{"name":"Size","optionValues":[{"name":"44 mm"},{"name":"40 mm"}]}],"priceRange":{"minVariantPrice":{"amount":"299.99"},"maxVariantPrice":{"amount":"329.99"}},"variants":{"nodes":[{"title":"Graphite / 44 mm","sku":"galaxy-watch6-graphite-44","quantityAvailable":4,"price":{"amount":"329.99"},"selectedOptions":[{"name":"Colour","value":"Graphite"},{"name":"Size","value":"44 mm"}]},{"title":"Silver / 44 mm","sku":"galaxy-watch6-silver-44","quantityAvailable":3,"price":{"amount":"329.99"},"selectedOptions":[{"name":"Colour","value":"Silver"},{"name":"Size","value":"44 mm"}]},{"title":"Graphite / 40 mm","sku":"galaxy-watch6-graphite-40","quantityAvailable":2,"price":{"amount":"299.99"},"selectedOptions":[{"name":"Colour","value":"Graphite"},{"name":"Size","value":"40 mm"}]},{"title":"Silver / 40 mm","sku":"galaxy-watch6-silver-40","quantityAvailable":2,"price":{"amount":"299.99"},"selectedOptions":[{"name":"Colour","value":"Silver"},{"name":"Size","value":"40 mm"}]}]},"small":{"id":"gid://shopify/ProductVariant/1000018004","title":"Silver / 40 mm"},"none":null,"adjacentVariants":[{"title":"Silver / 44 mm"},{"title":"Graphite / 40 mm"}]}}}"#)
    }

    /// Every field of the native schema's variants and options, written from rows kept with
    /// their product's (`Binding/VariantRows.swift`); the expected bytes are what the schema
    /// answered before variants had kept rows.
    @Test func theNativeSchemaWritesEveryVariantAndOptionField() throws {
        let simulator = try Simulator()
        let answer = simulator.execute(GraphQLRequest(query: """
            { product(id: "galaxy-watch6") { id options { name values }
                variants { id title sku price { amount formatted currencyCode minorUnits } compareAtPrice { formatted } stock inStock imageURL options { name value } } }
              plain: product(id: "iphone-15-pro") { options { name } variants { id title sku compareAtPrice { formatted } imageURL options { name } } } }
            """))
        #expect(answer.serialized(pretty: false) == #"{"data":{"product":{"id":"galaxy-watch6","options":[{"name":"Colour","values":["Graphite","Silver"]},{"name":"Size","values":["44 mm","40 mm"]}],"variants":[{"id":"graphite-44","title":"Graphite / 44 mm","sku":"galaxy-watch6-graphite-44","price":{"amount":"329.99","formatted":"$329.99","currencyCode":"USD","minorUnits":32999},"compareAtPrice":null,"stock":4,"inStock":true,"imageURL":"https://images.checkout-sim.example/products/galaxy-watch6.jpg","options":[{"name":"Colour","value":"Graphite"},{"name":"Size","value":"44 mm"}]},{"id":"silver-44","title":"Silver / 44 mm","sku":"galaxy-watch6-silver-44","price":{"amount":"329.99","formatted":"$329.99","currencyCode":"USD","minorUnits":32999},"compareAtPrice":null,"stock":3,"inStock":true,"imageURL":"https://images.checkout-sim.example/products/galaxy-watch6.jpg","options":[{"name":"Colour","value":"Silver"},{"name":"Size","value":"44 mm"}]},{"id":"graphite-40","title":"Graphite / 40 mm","sku":"galaxy-watch6-graphite-40","price":{"amount":"299.99","formatted":"$299.99","currencyCode":"USD","minorUnits":29999},"compareAtPrice":null,"stock":2,"inStock":true,"imageURL":"https://images.checkout-sim.example/products/galaxy-watch6.jpg","options":[{"name":"Colour","value":"Graphite"},{"name":"Size","value":"40 mm"}]},{"id":"silver-40","title":"Silver / 40 mm","sku":"galaxy-watch6-silver-40","price":{"amount":"299.99","formatted":"$299.99","currencyCode":"USD","minorUnits":29999},"compareAtPrice":null,"stock":2,"inStock":true,"imageURL":"https://images.checkout-sim.example/products/galaxy-watch6.jpg","options":[{"name":"Colour","value":"Silver"},{"name":"Size","value":"40 mm"}]}]},"plain":{"options":[],"variants":[{"id":"iphone-15-pro","title":"Default Title","sku":"iphone-15-pro","compareAtPrice":{"formatted":"$1,399.00"},"imageURL":"https://images.checkout-sim.example/products/iphone-15-pro.jpg","options":[]}]}}}"#)
    }

    @Test func theNativeCartTakesAVariantAndItsOwnStock() throws {
        let simulator = try Simulator()
        let added = simulator.execute(GraphQLRequest(query: """
            mutation { a: addToCart(productId: "galaxy-watch6", variantId: "silver-40", quantity: 2) { errors { code } }
              b: addToCart(productId: "galaxy-watch6", variantId: "silver-40", quantity: 1) { errors { code message } }
              c: addToCart(productId: "galaxy-watch6", quantity: 1) { cart { lines { id quantity unitPrice { formatted } variant { title stock } } subtotal { formatted } } }
              d: addToCart(productId: "galaxy-watch6", variantId: "gold", quantity: 1) { errors { code message } } }
            """))
        #expect(added.serialized(pretty: false) == #"{"data":{"a":{"errors":[]},"b":{"errors":[{"code":"INSUFFICIENT_STOCK","message":"Only 2 of \"Galaxy Watch6 44 mm\" are available; the cart would hold 3."}]},"c":{"cart":{"lines":[{"id":"line-galaxy-watch6/silver-40","quantity":2,"unitPrice":{"formatted":"$299.99"},"variant":{"title":"Silver / 40 mm","stock":2}},{"id":"line-galaxy-watch6/graphite-44","quantity":1,"unitPrice":{"formatted":"$329.99"},"variant":{"title":"Graphite / 44 mm","stock":4}}],"subtotal":{"formatted":"$929.97"}}},"d":{"errors":[{"code":"PRODUCT_NOT_FOUND","message":"\"Galaxy Watch6 44 mm\" has no variant \"gold\"."}]}}}"#)
        let product = simulator.execute(GraphQLRequest(query: #"{ product(id: "galaxy-watch6") { stock quantityInCart } }"#))
        #expect(product.serialized(pretty: false) == #"{"data":{"product":{"stock":11,"quantityInCart":3}}}"#)
    }
}

/// How storefront product pages pick a variant from URL parameters.
struct VariantSelectionTests {
    @Test func selectionMatchesAsShopifysArgumentsSay() throws {
        let simulator = try Simulator()
        let answer = StorefrontCatalogTests.run(simulator, """
            { product(handle: "galaxy-watch6") {
                exact: variantBySelectedOptions(selectedOptions: [{name: "colour", value: "silver"}, {name: "Size", value: "40 mm"}]) { title }
                loose: variantBySelectedOptions(selectedOptions: [{name: "colour", value: "silver"}, {name: "Size", value: "40 mm"}, {name: "Band", value: "Sport"}],
                                                caseInsensitiveMatch: true, ignoreUnknownOptions: true) { title }
                options { id values optionValues { id name firstSelectableVariant { title } } } } }
            """)
        let product = try #require(answer["data"]?["product"])
        #expect(product["exact"] == .null)
        #expect(product["loose"] == ["title": "Silver / 40 mm"])
        #expect(product["options"]?[1] == [
            "id": "gid://shopify/ProductOption/10000182", "values": ["44 mm", "40 mm"],
            "optionValues": [
                ["id": "gid://shopify/ProductOptionValue/10000181001", "name": "44 mm", "firstSelectableVariant": ["title": "Graphite / 44 mm"]],
                ["id": "gid://shopify/ProductOptionValue/10000181002", "name": "40 mm", "firstSelectableVariant": ["title": "Graphite / 40 mm"]],
            ],
        ])
    }
}
