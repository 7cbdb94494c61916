import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

struct CatalogQueryTests {
    static func run(_ simulator: Simulator, _ query: String, _ variables: JSON = [:], session: String = "default") -> JSON {
        simulator.execute(GraphQLRequest(query: query, variables: variables.objectValue ?? JSONObject()), session: session).json
    }

    @Test func listsProductsWithMoney() throws {
        let simulator = try Simulator()
        let response = Self.run(simulator, "{ products(first: 2) { nodes { id price { amount minorUnits currencyCode formatted } brand { name } } totalCount } }")
        #expect(response.serialized() == #"{"data":{"products":{"nodes":[{"id":"iphone-15","price":{"amount":"999.00","minorUnits":99900,"currencyCode":"USD","formatted":"$999.00"},"brand":{"name":"Apple"}},{"id":"iphone-15-256","price":{"amount":"1099.00","minorUnits":109900,"currencyCode":"USD","formatted":"$1,099.00"},"brand":{"name":"Apple"}}],"totalCount":64}}}"#)
    }

    @Test func walksPagesWithoutRepeats() throws {
        let simulator = try Simulator()
        var after: JSON = .null
        var ids: [String] = []
        repeat {
            let response = Self.run(simulator, "query ($after: String) { products(first: 7, sort: PRICE_ASC, after: $after) { nodes { id price { minorUnits } } pageInfo { hasNextPage endCursor } } }", ["after": after])
            let page = try #require(response["data"]?["products"])
            ids += page["nodes"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            after = page["pageInfo"]?["hasNextPage"] == .bool(true) ? page["pageInfo"]?["endCursor"] ?? .null : .null
        } while after != .null
        #expect(ids.count == 64)
        #expect(Set(ids).count == 64)
    }

    /// Edges of several connections in one request each read their own page (an edge travels
    /// as its page's place in the request and its place in the page): each edge's node is the
    /// node listed at its place, and its cursor pages on to what follows it.
    @Test func edgesOfSeveralPagesInOneRequestReadTheirOwnPage() throws {
        let simulator = try Simulator()
        let connection = "edges { cursor node { id } } nodes { id } pageInfo { endCursor }"
        let response = Self.run(simulator, """
            { cheap: products(first: 3, sort: PRICE_ASC) { \(connection) }
              dear: products(first: 4, sort: PRICE_DESC) { \(connection) }
              sections: brandSections(first: 2) { totalCount }
              again: products(first: 3, sort: PRICE_ASC) { edges { node { id } } } }
            """)
        for (name, count) in [("cheap", 3), ("dear", 4)] {
            let page = try #require(response["data"]?[name])
            let edges = try #require(page["edges"]?.arrayValue)
            #expect(edges.count == count)
            #expect(edges.map { $0["node"]?["id"] } == page["nodes"]?.arrayValue?.map { $0["id"] })
            #expect(edges.last?["cursor"] == page["pageInfo"]?["endCursor"])
            // The page after the first edge's cursor starts with the second edge's node.
            let sort = name == "cheap" ? "PRICE_ASC" : "PRICE_DESC"
            let next = Self.run(simulator, "query ($after: String) { products(first: 1, sort: \(sort), after: $after) { nodes { id } } }",
                                ["after": edges[0]["cursor"] ?? .null])
            #expect(next["data"]?["products"]?["nodes"]?[0]?["id"] == edges[1]["node"]?["id"])
        }
        #expect(response["data"]?["cheap"]?["nodes"] != response["data"]?["dear"]?["nodes"])
        #expect(response["data"]?["again"]?["edges"]?.arrayValue?.map { $0["node"]?["id"] }
            == response["data"]?["cheap"]?["nodes"]?.arrayValue?.map { $0["id"] })
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        let query: String
        let message: String
        var testDescription: String { message }
    }

    static let badInputs: [BadInput] = [
        .init(query: "{ products(first: 0) { totalCount } }", message: "Argument \"first\" must be between 1 and 100, got 0."),
        .init(query: "{ products(first: 101) { totalCount } }", message: "Argument \"first\" must be between 1 and 100, got 101."),
        .init(query: "{ products(after: \"garbage\") { totalCount } }", message: "Argument \"after\" is not a valid cursor: \"garbage\"."),
        .init(query: "{ products(filter: {minPrice: \"ten\"}) { totalCount } }",
              message: "filter.minPrice must be a decimal amount like \"12.50\" with at most 2 decimals, got \"ten\"."),
        .init(query: "{ brandSections(first: -1) { totalCount } }", message: "Argument \"first\" must be between 1 and 100, got -1."),
        .init(query: "{ products(offset: -1) { totalCount } }", message: "Argument \"offset\" must be between 0 and 1000000, got -1."),
        .init(query: "{ products(offset: 1000001) { totalCount } }", message: "Argument \"offset\" must be between 0 and 1000000, got 1000001."),
        .init(query: "{ products(offset: 4, after: \"djF8cHJvZHVjdHN8RkVBVFVSRUR8aXBob25lLTE1fGk6MQ==\") { totalCount } }",
              message: "Arguments \"offset\" and \"after\" cannot be used together: page by number or by cursor."),
        .init(query: "{ productFacets(filter: {maxPrice: \"1.001\"}) { totalCount } }",
              message: "filter.maxPrice must be a decimal amount like \"12.50\" with at most 2 decimals, got \"1.001\"."),
    ]

    @Test(arguments: badInputs)
    func badArgumentsAreBadUserInput(_ testCase: BadInput) throws {
        let response = Self.run(try Simulator(), testCase.query)
        let error = try #require(response["errors"]?[0])
        #expect(error["message"] == .string(testCase.message))
        #expect(error["extensions"]?["code"] == "BAD_USER_INPUT")
        #expect(response["data"] == .null)
    }

    @Test func cursorFromAnotherSortIsRejected() throws {
        let simulator = try Simulator()
        let first = Self.run(simulator, "{ products(first: 1, sort: NEWEST) { pageInfo { endCursor } } }")
        let cursor = try #require(first["data"]?["products"]?["pageInfo"]?["endCursor"])
        let second = Self.run(simulator, "query ($c: String) { products(after: $c) { totalCount } }", ["c": cursor])
        #expect(second["errors"]?[0]?["message"] == "Argument \"after\" is a cursor for products sorted by NEWEST, not for products sorted by FEATURED.")
        let sections = Self.run(simulator, "query ($c: String) { brandSections(after: $c) { totalCount } }", ["c": cursor])
        #expect(sections["errors"]?[0]?["extensions"]?["code"] == "BAD_USER_INPUT")
    }

    @Test func brandSectionsContinueAcrossPagesWithoutDuplicates() throws {
        let simulator = try Simulator()
        var after: JSON = .null
        var sectionsPerPage: [[(brand: String, ids: [String])]] = []
        repeat {
            let response = Self.run(simulator, "query ($after: String) { brandSections(first: 4, after: $after) { sections { brand { id } products { id } } pageInfo { hasNextPage endCursor } totalCount } }", ["after": after])
            let page = try #require(response["data"]?["brandSections"])
            #expect(page["totalCount"] == 64)
            sectionsPerPage.append((page["sections"]?.arrayValue ?? []).map { section in
                (section["brand"]?["id"]?.stringValue ?? "", section["products"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [])
            })
            after = page["pageInfo"]?["hasNextPage"] == .bool(true) ? page["pageInfo"]?["endCursor"] ?? .null : .null
        } while after != .null
        let allIds = sectionsPerPage.flatMap { $0.flatMap(\.ids) }
        #expect(allIds.count == 64)
        #expect(Set(allIds).count == 64)
        let brandOrder = sectionsPerPage.flatMap { $0.map(\.brand) }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(brandOrder == ["apple", "samsung", "google", "sony", "bose", "dell", "lenovo", "garmin"])
        let cut = zip(sectionsPerPage, sectionsPerPage.dropFirst()).filter { $0.last?.brand == $1.first?.brand }
        #expect(!cut.isEmpty, "expected some brand to continue on the next page")
        for page in sectionsPerPage { #expect(page.count == Set(page.map(\.brand)).count) }
    }

    @Test func searchFilterAndRecentSearchesPerSession() throws {
        let simulator = try Simulator()
        // "phones" also matches the category "Headphones": search is substring matching.
        let response = Self.run(simulator, #"{ products(filter: {search: "galaxy PHONES"}, sort: PRICE_ASC) { nodes { id } totalCount } }"#, session: "alice")
        #expect(response.serialized() == #"{"data":{"products":{"nodes":[{"id":"galaxy-buds2-pro"},{"id":"galaxy-a54"},{"id":"galaxy-s24"},{"id":"galaxy-z-flip5"},{"id":"galaxy-s24-ultra"}],"totalCount":5}}}"#)
        _ = Self.run(simulator, #"{ products(filter: {search: "  pixel "}) { totalCount } }"#, session: "alice")
        _ = Self.run(simulator, #"{ products(filter: {search: "Galaxy phones"}) { totalCount } }"#, session: "alice")
        #expect(Self.run(simulator, "{ recentSearches }", session: "alice").serialized() == #"{"data":{"recentSearches":["Galaxy phones","pixel"]}}"#)
        #expect(Self.run(simulator, "{ recentSearches }", session: "bob").serialized() == #"{"data":{"recentSearches":[]}}"#)
        let filtered = Self.run(simulator, #"{ products(filter: {brandIds: ["sony"], categories: ["TVs", "Cameras"], minPrice: "1000", maxPrice: "2400", inStockOnly: true}, sort: NAME_DESC) { nodes { id } } }"#)
        #expect(filtered.serialized() == #"{"data":{"products":{"nodes":[{"id":"sony-bravia-55"},{"id":"sony-bravia-65"}]}}}"#)
    }

    @Test func brandsCategoriesProductAndTestCards() throws {
        let simulator = try Simulator()
        let brands = Self.run(simulator, "{ brands { id productCount } }")
        #expect(brands["data"]?["brands"]?[0] == ["id": "apple", "productCount": 13])
        // The house brand of products added without one (store.json's defaultBrandId) has no
        // products, so only includeEmpty lists it: last, unranked and empty.
        #expect(brands["data"]?["brands"]?.arrayValue?.suffix(2).map { $0["id"] } == ["lenovo", "garmin"])
        let every = Self.run(simulator, "{ brands(includeEmpty: true) { id productCount } }")
        #expect(every["data"]?["brands"]?.arrayValue?.last == ["id": "checkout-sim-basics", "productCount": 0])
        let categories = Self.run(simulator, "{ categories { name productCount } }")
        let names = categories["data"]?["categories"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names == names.sorted())
        #expect(categories["data"]?["categories"]?.arrayValue?.reduce(0) { $0 + ($1["productCount"]?.intValue ?? 0) } == 64)
        let product = Self.run(simulator, #"{ product(id: "iphone-15-pro") { name compareAtPrice { formatted } stock inStock maxPerOrder createdAt } missing: product(id: "nope") { id } }"#)
        #expect(product.serialized() == #"{"data":{"product":{"name":"iPhone 15 Pro 256 GB","compareAtPrice":{"formatted":"$1,399.00"},"stock":8,"inStock":true,"maxPerOrder":3,"createdAt":"2025-09-22T09:05:00Z"},"missing":null}}"#)
        let cards = Self.run(simulator, "{ paymentTestCards { number outcome declineCode } }")
        #expect(cards["data"]?["paymentTestCards"]?[4] == ["number": "4000000000009995", "outcome": "DECLINED", "declineCode": "insufficient_funds"])
    }

    @Test func everySchemaElementHasADescription() throws {
        let schema = try Simulator().schema
        for type in schema.types {
            #expect(!type.description.isEmpty, "\(type.name)")
            for field in type.fields {
                #expect(!field.description.isEmpty, "\(type.name).\(field.name)")
                for argument in field.arguments { #expect(!argument.description.isEmpty, "\(type.name).\(field.name)(\(argument.name))") }
            }
            for field in type.inputFields { #expect(!field.description.isEmpty, "\(type.name).\(field.name)") }
            for value in type.enumValues { #expect(!value.description.isEmpty, "\(type.name).\(value.name)") }
        }
    }
}
