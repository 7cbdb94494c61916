import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimScenarios
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every bundled Storefront API version is served with its own schema over the one shop
/// (docs/storefront.md#api-versions): its introspection is Shopify's for that version, type by
/// type; documents valid there and not elsewhere answer there and are refused elsewhere; paths
/// name the version, which falls forward as Shopify's do, and every answer says which answered.
struct StorefrontVersionTests {
    typealias Version = Simulator.StorefrontVersion

    @Test(arguments: [
        ("2025-01", Version.v2025_01), ("2025-04", .v2025_04), ("2025-07", .v2025_07), ("2025-10", .v2025_10),
        ("2026-01", .v2026_01), ("2026-04", .v2026_04),
        // Newer than the newest, and `unstable`: the newest.
        ("2026-07", .v2026_04), ("2031-01", .v2026_04), ("unstable", .v2026_04),
        // Older (retired) or unknown (no release that month): the oldest, as Shopify falls forward.
        ("2024-10", .v2025_01), ("2019-07", .v2025_01), ("2025-02", .v2025_01), ("2026-03", .v2025_01),
    ])
    func aPathsVersionFallsForwardAsShopifys(text: String, answering: Version) {
        #expect(Version(answering: Substring(text)) == answering)
    }

    @Test(arguments: ["2026-13", "2026-00", "latest", "2026-4", "2026_04", "20260-4", "", "Unstable"])
    func whatIsNoVersionIsNoStorefrontPath(text: String) {
        #expect(Version(answering: Substring(text)) == nil)
    }

    /// Shopify's published introspection of each version, type by type (descriptions aside).
    /// 2025-01's has no `isOneOf`, so neither does its `__Type`, and the query leaves it out (as
    /// the query that made the reference left out the root types' kinds).
    @Test(arguments: Version.allCases)
    func eachVersionsIntrospectionIsShopifys(version: Version) throws {
        let simulator = try Simulator()
        let query = version.introspectsOneOf
            ? StorefrontSchemaTests.introspection
            : StorefrontSchemaTests.introspection.replacingOccurrences(of: "kind name isOneOf", with: "kind name")
                .replacingOccurrences(of: "{ name kind }", with: "{ name }")
        let response = simulator.execute(GraphQLRequest(query: query), dialect: .storefront, apiVersion: version)
        #expect(response.errors.isEmpty, "\(response.errors)")
        let reference = try StorefrontSchemaTests.referenceFacts(version)
        #expect(reference.count > 420)
        let differences = StorefrontSchemaTests.differences(try #require(response.json["data"]?["__schema"]), reference)
        #expect(differences.isEmpty, "\(version.rawValue): \(differences.count) differences:\n\(differences.prefix(5).joined(separator: "\n"))")
    }

    /// For each version, a document Shopify's schema of that version accepts and the version
    /// before (or after) it refuses, with graphql-js's words.
    static let differences: [(valid: Version, document: String, refused: Version, message: String)] = [
        (.v2025_01, #"mutation { cartDiscountCodesUpdate(cartId: "gid://shopify/Cart/x") { cart { id } } }"#, .v2026_01,
         #"Field "cartDiscountCodesUpdate" argument "discountCodes" of type "[String!]!" is required, but it was not provided."#),
        (.v2025_04, "{ localization { country { defaultLanguage { isoCode } } } }", .v2025_01,
         #"Cannot query field "defaultLanguage" on type "Country"."#),
        (.v2025_07, "{ shop { customerAccountUrl } }", .v2025_04, #"Cannot query field "customerAccountUrl" on type "Shop"."#),
        (.v2025_10, #"mutation { cartClone(cartId: "gid://shopify/Cart/x") { cart { id } } }"#, .v2025_07,
         #"Cannot query field "cartClone" on type "Mutation". Did you mean "cartCreate"?"#),
        (.v2026_01, "{ shop { socialLoginProviders { handle } } }", .v2025_10, #"Cannot query field "socialLoginProviders" on type "Shop"."#),
        (.v2026_04, "{ shop { termsOfSale { title } } }", .v2026_01, #"Cannot query field "termsOfSale" on type "Shop". Did you mean "termsOfService"?"#),
    ]

    @Test func eachVersionAcceptsWhatShopifysDidAndRefusesWhatItDidNot() throws {
        let simulator = try Simulator()
        #expect(Set(Self.differences.map(\.valid)) == Set(Version.allCases))
        for (valid, document, refused, message) in Self.differences {
            let accepted = simulator.execute(GraphQLRequest(query: document), dialect: .storefront, apiVersion: valid)
            #expect(accepted.errors.isEmpty, "\(valid.rawValue): \(document): \(accepted.errors.map(\.message))")
            #expect(accepted.json["data"] != nil)
            let refusal = simulator.execute(GraphQLRequest(query: document), dialect: .storefront, apiVersion: refused)
            #expect(refusal.errors.map(\.message) == [message], "\(refused.rawValue): \(document)")
        }
    }

    /// The discount warnings came in 2025-07: before it an unknown code is listed, not applicable,
    /// with no warning (the older enum has no code to give it); from it, `DISCOUNT_NOT_FOUND`.
    @Test func aVersionGivesOnlyTheWarningsItsSchemaHas() throws {
        let simulator = try Simulator()
        let create = #"mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001"}], discountCodes: ["NOPE"]}) { cart { discountCodes { code applicable } } warnings { code } userErrors { code } } }"#
        let old = simulator.execute(GraphQLRequest(query: create), dialect: .storefront, apiVersion: .v2025_04).json
        #expect(old["errors"] == nil, "\(old)")
        #expect(old["data"]?["cartCreate"]?["cart"]?["discountCodes"] == .array([.object(JSONObject([("code", "NOPE"), ("applicable", false)]))]))
        #expect(old["data"]?["cartCreate"]?["warnings"] == .array([]))
        let new = simulator.execute(GraphQLRequest(query: create), dialect: .storefront, apiVersion: .v2025_07).json
        #expect(new["data"]?["cartCreate"]?["warnings"] == .array([.object(JSONObject([("code", "DISCOUNT_NOT_FOUND")]))]))
    }

    /// A persisted-query manifest may hold an operation only an older version accepts (an app
    /// pinned to it ships such a manifest); one no version accepts is refused.
    @Test func aManifestMayHoldAnOlderVersionsOperations() throws {
        func manifest(_ body: String) -> String {
            JSON.object(JSONObject([
                ("format", "apollo-persisted-query-manifest"), ("version", 1),
                ("operations", .array([.object(JSONObject([("id", "pinned"), ("body", .string(body)), ("name", "Pinned"), ("type", "mutation")]))])),
            ])).serialized()
        }
        let pinned = #"mutation Pinned { cartDiscountCodesUpdate(cartId: "gid://shopify/Cart/x") { cart { id } } }"#
        guard case .success = try Simulator().usePersistedQueries(manifest(pinned), file: "manifest.json", onlyPersisted: true) else {
            Issue.record("a 2025-01 operation was refused")
            return
        }
        guard case .failure = try Simulator().usePersistedQueries(manifest(#"mutation Pinned { cartClone(cartId: "x") { nope } }"#), file: "manifest.json", onlyPersisted: true) else {
            Issue.record("an operation no version accepts was taken")
            return
        }
    }

    /// Each version's modeled fields are fields of its schema; the newest models the most.
    @Test func eachVersionModelsOnlyItsOwnFields() {
        let oldest = StorefrontSchema.modeledFields(.oldest)
        let newest = StorefrontSchema.modeledFields(.newest)
        #expect(oldest.count > 300 && newest.count > oldest.count)
        #expect(!oldest.contains("Mutation.cartGiftCardCodesAdd") && newest.contains("Mutation.cartGiftCardCodesAdd"))
    }

    /// The binding is checked against each version's SDL when the schema is built (docs/storefront.md#the-binding):
    /// every version builds, so every field's parent, answer and arguments agree with it.
    @Test(arguments: StorefrontAPIVersion.allCases)
    func eachVersionsBindingAgreesWithItsSDL(version: StorefrontAPIVersion) {
        if case .failure(let error) = StorefrontSchema.built(version) { Issue.record("\(version.rawValue): \(error)") }
    }

    /// Every field the binding models is a field of some version: a misspelt field is in none.
    @Test func everyModeledFieldIsInSomeVersion() {
        let lacking = StorefrontAPIVersion.allCases.map { Set(StorefrontSchema.fieldsModeledElsewhere($0)) }
        let inNone = lacking.dropFirst().reduce(lacking[0]) { $0.intersection($1) }
        #expect(inNone.isEmpty, "\(inNone.sorted())")
        #expect(StorefrontSchema.fieldsModeledElsewhere(.oldest).contains("Mutation.cartGiftCardCodesAdd"))
    }
}

/// The endpoint's two paths, every version, over real sockets and the URL protocol.
struct StorefrontVersionHTTPTests {
    static let shopQuery = StorefrontHTTPTests.body("{ shop { name } }")

    @Test func bothPathsAnswerAndNameTheVersionThatAnswered() async throws {
        try await ServerHarness.with { harness in
            let paths: [(String, String)] = [
                ("/api/2026-04/graphql.json", "2026-04"), ("/api/2026-04/graphql", "2026-04"), ("/api/2025-01/graphql", "2025-01"),
                ("/api/2025-10/graphql.json", "2025-10"), ("/api/unstable/graphql", "2026-04"), ("/api/2027-01/graphql.json", "2026-04"),
                ("/api/2024-04/graphql", "2025-01"), ("/api/2025-02/graphql.json", "2025-01"),
                ("/sandbox/versions/api/2025-07/graphql", "2025-07"),
            ]
            for (path, version) in paths {
                let answer = try await harness.send("POST", path, body: Self.shopQuery, headers: StorefrontHTTPTests.headers)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.body == #"{"data":{"shop":{"name":"Checkout Sim Electronics"}}}"#, "\(path)")
                #expect(answer.headers["x-shopify-api-version"] == version, "\(path)")
            }
            // The journal keeps which version answered.
            let journal = try JSONParser.parse(try await harness.send("GET", "/sandbox/versions/__sim/requests").body)
            #expect(journal["requests"]?[0]?["apiVersion"] == "2025-07")
            #expect(journal["requests"]?[0]?["dialect"] == "storefront")
            // A refusal names the version too; the native endpoint names none.
            let refused = try await harness.send("POST", "/api/2025-01/graphql", body: StorefrontHTTPTests.body("{ shop { customerAccountUrl } }"))
            #expect(refused.body.contains(#"Cannot query field \"customerAccountUrl\" on type \"Shop\"."#))
            #expect(refused.headers["x-shopify-api-version"] == "2025-01")
            #expect(try await harness.post(Self.shopQuery).headers["x-shopify-api-version"] == nil)
            #expect(harness.simulator.requests().last?.apiVersion == nil)
            #expect(harness.simulator.requests().first?.apiVersion == .v2026_04)
            for path in ["/api/2026-13/graphql.json", "/api/latest/graphql.json", "/api/2026-04/graphql.js", "/api/2026-04/graphql/x"] {
                #expect(try await harness.send("POST", path, body: Self.shopQuery).status == 404, "\(path)")
            }
            // Each version's SDL is its own schema.
            let old = try await harness.send("GET", "/api/2025-01/schema.graphql")
            let new = try await harness.send("GET", "/api/2026-04/schema.graphql")
            #expect(old.headers["x-shopify-api-version"] == "2025-01")
            #expect(old.body.contains("schema {\n  query: QueryRoot\n  mutation: Mutation\n}"))
            #expect(!old.body.contains("cartClone(") && new.body.contains("  cartClone(cartId: ID!): CartClonePayload\n"))
            #expect(new.body.contains("interface Node {\n  id: ID!\n}"))
            #expect(new.body.contains("union SearchResultItem = Article | Page | Product"))
        }
    }

    @Test func aRefusedTokenNamesTheVersion() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.storefrontToken = "public-token"
        try await ServerHarness.with(configuration) { harness in
            let none = try await harness.send("POST", "/api/2025-04/graphql", body: Self.shopQuery)
            #expect(none.status == 401)
            #expect(none.headers["x-shopify-api-version"] == "2025-04")
        }
    }

    /// `SimulatorURLProtocol` reads the version from the path, without `.json` too.
    @Test func theURLProtocolServesEachVersion() async throws {
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://sim-shop.myshopify.com", in: configuration)
        defer { route.unregister() }
        let session = URLSession(configuration: configuration)
        for (version, document, answers) in [
            ("2025-01", #"mutation { cartDiscountCodesUpdate(cartId: "gid://shopify/Cart/x") { cart { id } } }"#, #"{"data":{"cartDiscountCodesUpdate":{"cart":null}}}"#),
            ("2026-04", "{ shop { termsOfSale { title } } }", #"{"data":{"shop":{"termsOfSale":null}}}"#),
        ] {
            var request = URLRequest(url: try #require(URL(string: "https://sim-shop.myshopify.com/api/\(version)/graphql")))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(StorefrontHTTPTests.body(document).utf8)
            let (data, response) = try await session.data(for: request)
            #expect(String(decoding: data, as: UTF8.self) == answers, "\(version)")
            #expect((response as? HTTPURLResponse)?.lowercasedFields["x-shopify-api-version"] == version)
        }
        #expect(simulator.requests().map(\.dialect) == [.storefront, .storefront])
    }
}

/// A scenario pins a version as an app does (docs/scenarios.md#dialects): `dialect storefront
/// VERSION` or `endpoint /api/VERSION/graphql`, validated and run with that version's schema.
struct StorefrontVersionScenarioTests {
    static func scenario(_ dialectLine: String) -> String {
        """
        scenario "An app pinned to an older version"
        step "Update the codes as 2025 apps did"
          \(dialectLine)
          send
          ```graphql
          mutation { cartDiscountCodesUpdate(cartId: "gid://shopify/Cart/none") { userErrors { code } } }
          ```
          expect error INVALID
        """
    }

    @Test(arguments: ["dialect storefront 2025-01", "dialect storefront 2024-07", "endpoint /api/2025-10/graphql", "endpoint /api/2025-04/graphql.json"])
    func aPinnedVersionValidatesAndRuns(line: String) throws {
        let simulator = try Simulator()
        let scenario = try simulator.parseScenario(Self.scenario(line), file: "pinned.scenario").get()
        let report = simulator.runLive([scenario], options: RunOptions())
        #expect(report.passed, "\(report.files.first?.steps.compactMap { $0.failure?.diagnostic.description } ?? [])")
        #expect(simulator.requests().first?.apiVersion != .newest)
    }

    @Test(arguments: [
        ("dialect storefront", "Field \"cartDiscountCodesUpdate\" argument \"discountCodes\" of type \"[String!]!\" is required, but it was not provided."),
        ("dialect storefront 2026-13", "expected a dialect (native, storefront, storefront VERSION), found \"storefront 2026-13\""),
        ("endpoint /api/latest/graphql", "expected an endpoint: /graphql, or /api/VERSION/graphql.json for the Storefront dialect"),
    ])
    func theNewestOrNoVersionIsRefused(line: String, message: String) throws {
        let simulator = try Simulator()
        guard case .failure(let error) = simulator.parseScenario(Self.scenario(line), file: "pinned.scenario") else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(error.diagnostics.map(\.message).contains { $0.contains(message) }, "\(error.diagnostics.map(\.message))")
    }
}
