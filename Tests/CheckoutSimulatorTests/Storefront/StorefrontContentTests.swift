import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// The shop's header, footer, home page and policies from `MockResponses/storefront/content.json`
/// (docs/storefront.md#shop-content).
struct StorefrontContentTests {
    static func run(_ query: String) throws -> JSON {
        let answer = try Simulator().execute(GraphQLRequest(query: query), dialect: .storefront).json
        #expect(answer["errors"] == nil, "\(answer.serialized())")
        return answer["data"] ?? .null
    }

    @Test func aHeaderAndFooterReadTheMenus() throws {
        let data = try Self.run("""
            { shop { name description brand { slogan colors { primary { background } } logo { image { url } } }
                primaryDomain { url } privacyPolicy { title url } termsOfService { handle } shipsToCountries }
              main: menu(handle: "main-menu") { itemsCount items { title type url items { title url resourceId resource { ... on Collection { id handle products(first: 1) { nodes { productType } } } } } } }
              footer: menu(handle: "footer") { items { title resource { __typename ... on ShopPolicy { handle } ... on Page { title } } } }
              none: menu(handle: "nope") { id } }
            """)
        #expect(data["shop"]?["brand"]?["slogan"] == "Checkout you can rehearse")
        #expect(data["shop"]?["privacyPolicy"] == ["title": "Privacy policy", "url": "https://checkout-sim.myshopify.com/policies/privacy-policy"])
        #expect(data["shop"]?["shipsToCountries"] == ["US", "CA"])
        #expect(data["main"]?["itemsCount"] == 5)
        let phones = data["main"]?["items"]?[1]?["items"]?[0]
        let phonesId = try #require(phones?["resource"]?["id"]?.stringValue)
        #expect(phonesId.hasPrefix("gid://shopify/Collection/"))
        #expect(phones == [
            "title": "Phones", "url": "https://checkout-sim.myshopify.com/collections/phones", "resourceId": .string(phonesId),
            "resource": ["id": .string(phonesId), "handle": "phones", "products": ["nodes": [["productType": "Phones"]]]],
        ])
        #expect(data["footer"]?["items"]?[3]?["resource"] == ["__typename": "ShopPolicy", "handle": "privacy-policy"])
        #expect(data["footer"]?["items"]?[1]?["resource"] == ["__typename": "Page", "title": "Contact"])
        #expect(data["none"] == .null)
    }

    @Test func pagesBlogArticlesAndTheFeaturedCollection() throws {
        let data = try Self.run("""
            { page(handle: "about") { id title bodySummary }
              blog(handle: "news") { title articles(first: 5) { nodes { handle title authorV2 { name } excerpt content(truncateAt: 20) blog { handle } } } }
              featured: collection(handle: "featured") { id title products(first: 10, sortKey: TITLE) { nodes { handle } } }
              localization { country { isoCode currency { isoCode symbol } } language { isoCode } } }
            """)
        #expect(data["page"]?["id"] == "gid://shopify/Page/6000001")
        #expect(data["blog"]?["articles"]?["nodes"]?[0]?["authorV2"] == ["name": "Ada Okafor"])
        #expect(data["blog"]?["articles"]?["nodes"]?[0]?["content"] == "The Galaxy S24 range")
        #expect(data["featured"]?["id"] == "gid://shopify/Collection/5000001")
        #expect(data["featured"]?["products"]?["nodes"]?.arrayValue?.count == 6)
        #expect(data["localization"] == ["country": ["isoCode": "US", "currency": ["isoCode": "USD", "symbol": "$"]], "language": ["isoCode": "EN"]])
        let node = try Self.run(#"{ node(id: "gid://shopify/Article/8000002") { __typename ... on Article { handle } } }"#)
        #expect(node["node"] == ["__typename": "Article", "handle": "free-shipping"])
    }

    @Test func urlRedirectsAreListedSearchedAndFoundById() throws {
        let data = try Self.run("""
            { all: urlRedirects(first: 10) { nodes { id path target } }
              byPath: urlRedirects(first: 10, query: "path:/IPHONE") { nodes { target } }
              byWord: urlRedirects(first: 10, query: "refund") { nodes { path } }
              none: urlRedirects(first: 10, query: "path:/nowhere") { nodes { path } }
              node(id: "gid://shopify/UrlRedirect/10000002") { ... on UrlRedirect { path } } }
            """)
        #expect(data["all"]?["nodes"] == [
            ["id": "gid://shopify/UrlRedirect/10000001", "path": "/iphone", "target": "/collections/apple"],
            ["id": "gid://shopify/UrlRedirect/10000002", "path": "/pages/returns", "target": "/policies/refund-policy"],
        ])
        #expect(data["byPath"]?["nodes"] == [["target": "/collections/apple"]])
        #expect(data["byWord"]?["nodes"] == [["path": "/pages/returns"]])
        #expect(data["none"]?["nodes"] == [])
        #expect(data["node"] == ["path": "/pages/returns"])
    }
}
