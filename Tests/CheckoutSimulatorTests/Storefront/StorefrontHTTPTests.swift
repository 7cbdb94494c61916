import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Storefront endpoint over real sockets with a real URLSession (docs/storefront.md): the
/// access token, the journal's dialect and unmodeled fields, coverage, the SDL, sandboxes.
struct StorefrontHTTPTests {
    static func body(_ query: String) -> String {
        JSON.object(JSONObject([("query", .string(query))])).serialized()
    }

    static let headers = ["Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "public-token"]

    @Test func theEndpointAnswersAndTheJournalNamesUnmodeledFields() async throws {
        try await ServerHarness.with { harness in
            let query = #"query Listing { shop { name } products(first: 1) { nodes { title sellingPlanGroups(first: 3) { nodes { name } } requiresSellingPlan } } }"#
            let answer = try await harness.send("POST", "/api/2026-04/graphql.json", body: Self.body(query), headers: Self.headers)
            #expect(answer.status == 200)
            #expect(answer.body == #"{"data":{"shop":{"name":"Checkout Sim Electronics"},"products":{"nodes":[{"title":"iPhone 15 128 GB","sellingPlanGroups":{"nodes":[]},"requiresSellingPlan":false}]}}}"#)
            let journal = try await harness.send("GET", "/__sim/requests")
            let entry = try #require(try JSONParser.parse(journal.body)["requests"]?[0])
            #expect(entry["dialect"] == "storefront")
            #expect(entry["operationName"] == "Listing")
            #expect(entry["unmodeled"] == .array(["Product.sellingPlanGroups", "Product.requiresSellingPlan"]))
            let coverage = try await harness.send("GET", "/__sim/storefront/coverage")
            #expect(coverage.body == #"{"unmodeled":[{"field":"Product.requiresSellingPlan","requests":1},{"field":"Product.sellingPlanGroups","requests":1}]}"#)
            // A native request says so, and names nothing unmodeled.
            _ = try await harness.post(Self.body("{ products(first: 1) { items { id } } }"))
            let both = try await harness.send("GET", "/__sim/requests")
            #expect(try JSONParser.parse(both.body)["requests"]?[1]?["dialect"] == "native")
            #expect(try JSONParser.parse(both.body)["requests"]?[1]?["unmodeled"] == nil)
        }
    }

    @Test func aTokenIsRequiredWhenServeNamesOne() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.storefrontToken = "public-token"
        try await ServerHarness.with(configuration) { harness in
            let good = try await harness.send("POST", "/api/2026-04/graphql.json", body: Self.body("{ shop { name } }"), headers: Self.headers)
            #expect(good.status == 200)
            let wrong = try await harness.send(
                "POST", "/api/2026-04/graphql.json", body: Self.body("{ shop { name } }"),
                headers: ["Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "other"])
            #expect(wrong.status == 401)
            #expect(wrong.body == #"{"errors":[{"message":"Invalid Storefront access token.","extensions":{"code":"UNAUTHORIZED"}}]}"#)
            let privateToken = try await harness.send(
                "POST", "/api/2026-04/graphql.json", body: Self.body("{ shop { name } }"),
                headers: ["Content-Type": "application/json", "Shopify-Storefront-Private-Token": "public-token"])
            #expect(privateToken.status == 200)
            let none = try await harness.send("POST", "/api/2026-04/graphql.json", body: Self.body("{ shop { name } }"))
            #expect(none.status == 401)
            #expect(none.headers["x-shopify-api-version"] == "2026-04", "the refusal names the version, as Shopify's does")
            // The token is checked before a sandbox is made: a refused request makes none.
            let underSandbox = try await harness.send("POST", "/sandbox/no-token/api/2026-04/graphql.json", body: Self.body("{ shop { name } }"))
            #expect(underSandbox.status == 401)
            #expect(!(try await harness.send("GET", "/__sim/sandboxes").body.contains("no-token")), "the refused request made no sandbox")
            let admitted = try await harness.send("POST", "/sandbox/with-token/api/2026-04/graphql.json", body: Self.body("{ shop { name } }"), headers: Self.headers)
            #expect(admitted.status == 200)
            #expect(try await harness.send("GET", "/__sim/sandboxes").body.contains("with-token"))
            // The native endpoint needs no token.
            #expect(try await harness.post(Self.body("{ __typename }")).status == 200)

            // A posted scenario in the Storefront dialect reads Storefront data: it needs the token too
            // (issue 59: it ran queries and mutations without it and echoed their data in its report).
            let storefront = """
                scenario "Through the back door"
                step "Cart"
                  dialect storefront 2026-04
                  send
                  ```
                  mutation { cartCreate(input: {buyerIdentity: {email: "grace@example.com"}}) { cart { id buyerIdentity { email } } } }
                  ```
                """
            let before = try await harness.send("GET", "/__sim/requests/count").body
            for headers in [["Content-Type": "application/json"], ["Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "other"]] {
                let refused = try await harness.send("POST", "/__sim/scenario", body: storefront, headers: headers)
                #expect(refused.status == 401, "\(refused.body)")
                #expect(!refused.body.contains("grace@example.com"))
            }
            let viaEndpoint = storefront.replacingOccurrences(of: "dialect storefront 2026-04", with: "endpoint /api/2025-01/graphql")
            #expect(try await harness.send("POST", "/__sim/scenario", body: viaEndpoint).status == 401)
            #expect(try await harness.send("GET", "/__sim/requests/count").body == before, "nothing ran")
            let allowed = try await harness.send("POST", "/__sim/scenario", body: storefront, headers: Self.headers)
            #expect(allowed.status == 200, "\(allowed.body)")
            // A native scenario needs no token.
            let native = "scenario \"Native\"\nstep \"Cart\"\n  send Cart\n"
            #expect(try await harness.send("POST", "/__sim/scenario", body: native).status == 200)
        }
    }

    @Test func aSandboxHasItsOwnStorefront() async throws {
        try await ServerHarness.with { harness in
            let answer = try await harness.send(
                "POST", "/sandbox/team-a/api/2026-04/graphql.json", body: Self.body("{ product(handle: \"iphone-15\") { title totalInventory } }"),
                headers: Self.headers)
            #expect(answer.body == #"{"data":{"product":{"title":"iPhone 15 128 GB","totalInventory":25}}}"#)
            let journal = try await harness.send("GET", "/sandbox/team-a/__sim/requests")
            #expect(try JSONParser.parse(journal.body)["total"] == 1)
            #expect(try JSONParser.parse(try await harness.send("GET", "/__sim/requests").body)["total"] == 0)
        }
    }
}

/// A cart made over HTTP: its `checkoutUrl` points at this server and loads.
struct StorefrontCheckoutURLTests {
    @Test func theCheckoutURLLoadsThePageForThatCart() async throws {
        try await ServerHarness.with { harness in
            let create = #"mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001", quantity: 2}]}) { cart { checkoutUrl } } }"#
            let answer = try await harness.send("POST", "/sandbox/demo/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(create), headers: StorefrontHTTPTests.headers)
            let url = try #require(try JSONParser.parse(answer.body)["data"]?["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue)
            #expect(url.hasPrefix("http://127.0.0.1:\(harness.port)/sandbox/demo/checkouts/cn/"))
            let path = String(url.dropFirst("http://127.0.0.1:\(harness.port)".count))
            let page = try await harness.send("GET", path)
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            // The page pays for the cart's own session; CheckoutPageBrowserTests drives it in a browser.
            let token = try #require(path.split(separator: "/").last?.split(separator: "?").first)
            let key = try #require(path.split(separator: "=").last)
            #expect(page.body.contains(#""base":"/sandbox/demo","session":"cart-\#(token).\#(key)","cart":"\#(token)""#))
            // The root shop has no such cart: the sandbox's carts are its own.
            let root = try await harness.send("GET", String(path.dropFirst("/sandbox/demo".count)))
            #expect(root.status == 404)
        }
    }
}

/// `SimulatorURLProtocol` routes a Storefront path to the dialect, through a real `URLSession`.
struct StorefrontURLProtocolTests {
    @Test func aStorefrontPathSpeaksTheDialect() async throws {
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://sim-shop.myshopify.com", in: configuration)
        defer { route.unregister() }
        let session = URLSession(configuration: configuration)
        var request = URLRequest(url: try #require(URL(string: "https://sim-shop.myshopify.com/api/2026-04/graphql.json")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(StorefrontHTTPTests.body(#"{ product(handle: "iphone-15") { vendor } }"#).utf8)
        let (data, _) = try await session.data(for: request)
        #expect(String(decoding: data, as: UTF8.self) == #"{"data":{"product":{"vendor":"Apple"}}}"#)
        #expect(simulator.requests().last?.dialect == .storefront)
        #expect(simulator.requests().last?.transport == .urlprotocol)
    }
}

/// A recording of Storefront traffic replays as such (docs/journal.md): `dialect` lines, the
/// documents inline, the same answers.
struct StorefrontRecordingTests {
    @Test func storefrontTrafficRecordsAndReplays() async throws {
        try await ServerHarness.with { harness in
            let steps = [
                #"{ products(first: 2, query: "vendor:Apple") { nodes { handle } } }"#,
                #"mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000018004", quantity: 5}], discountCodes: ["NOPE"]}) { cart { id totalQuantity } warnings { code } userErrors { code } } }"#,
            ]
            for query in steps {
                _ = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(query), headers: StorefrontHTTPTests.headers)
            }
            // A document only 2025-01 accepts (no discountCodes), sent where the app pins 2025-01.
            let pinned = #"mutation { cartDiscountCodesUpdate(cartId: "gid://shopify/Cart/none") { userErrors { code } } }"#
            _ = try await harness.send("POST", "/api/2025-01/graphql", body: StorefrontHTTPTests.body(pinned), headers: StorefrontHTTPTests.headers)
            _ = try await harness.post(StorefrontHTTPTests.body("{ products(first: 1) { nodes { id } } }"))
            let text = try await harness.send("GET", "/__sim/requests.scenario?name=Storefront%20round%20trip").body
            for line in ["  dialect storefront 2026-04", "  dialect storefront 2025-01", "  dialect native", "  send {}"] {
                #expect(text.contains(line + "\n"), "the recording has \(line):\n\(text)")
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-recording-\(ProcessInfo.processInfo.processIdentifier)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let scenario = try harness.simulator.parseScenario(text, file: folder.appendingPathComponent("recorded.scenario").path).get()
            let fresh = try Simulator()
            var options = RunOptions()
            options.update = true
            let report = fresh.runLive([scenario], options: options)
            #expect(report.passed, "\(report.files.first?.steps.compactMap { $0.failure?.diagnostic.description } ?? [])")
            // The replay answered the same bytes as the journey.
            let original = harness.simulator.requests().map(\.response)
            let replayed = fresh.requests().map(\.response)
            #expect(original == replayed)
        }
    }
}

/// Aimed faults and persisted-query manifests meet Storefront operations (docs/storefront.md#the-endpoint).
struct StorefrontFaultAndManifestTests {
    static let cartQuery = #"query StorefrontCart { cart(id: "gid://shopify/Cart/none") { id } }"#

    @Test func aFaultAimedAtAStorefrontOperationMeetsOnlyIt() async throws {
        try await ServerHarness.with { harness in
            _ = try await harness.send("POST", "/__sim/network", body: #"{"failNext":{"status":503,"operation":"StorefrontCart"}}"#)
            let other = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body("query Shop { shop { name } }"))
            #expect(other.status == 200)
            let aimed = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(Self.cartQuery))
            #expect(aimed.status == 503)
            let after = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(Self.cartQuery))
            #expect(after.status == 200 && after.body == #"{"data":{"cart":null}}"#)
        }
    }

    @Test func aManifestMayHoldStorefrontOperations() async throws {
        let simulator = try Simulator()
        let manifest = JSON.object(JSONObject([
            ("format", "apollo-persisted-query-manifest"), ("version", 1),
            ("operations", .array([.object(JSONObject([
                ("id", .string(SHA256.hex(Self.cartQuery))), ("body", .string(Self.cartQuery)), ("name", "StorefrontCart"), ("type", "query"),
            ]))])),
        ])).serialized()
        guard case .success = simulator.usePersistedQueries(manifest, file: "manifest.json", onlyPersisted: true) else {
            Issue.record("the manifest was refused")
            return
        }
        try await ServerHarness.with(simulator: simulator) { harness in
            let listed = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(Self.cartQuery))
            #expect(listed.status == 200)
            let unlisted = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body("{ shop { name } }"))
            #expect(unlisted.body.contains("PERSISTED_QUERY_NOT_IN_LIST"))
        }
    }

    /// Automatic persisted queries, verify and a stock lever on the Storefront endpoint
    /// (docs/storefront.md#the-endpoint: journal, verify, recordings, sandboxes, faults, levers, Apollo on the dialect).
    @Test func persistedQueriesVerifyAndLeversWorkOnTheDialect() async throws {
        let query = #"query Watch { product(handle: "galaxy-watch6") { variants(first: 4) { nodes { title quantityAvailable availableForSale } } } }"#
        let hash = SHA256.hex(query)
        func persisted(_ withQuery: Bool) -> String {
            var members: [(String, JSON)] = [("extensions", .object(JSONObject([("persistedQuery", .object(JSONObject([
                ("version", 1), ("sha256Hash", .string(hash)),
            ])))])))]
            if withQuery { members.insert(("query", .string(query)), at: 0) }
            return JSON.object(JSONObject(members)).serialized()
        }
        try await ServerHarness.with { harness in
            let endpoint = "/api/2026-04/graphql.json"
            // APQ: the hash alone is unknown, then registered with its text, then enough.
            let miss = try await harness.send("POST", endpoint, body: persisted(false))
            #expect(miss.body.contains("PERSISTED_QUERY_NOT_FOUND"))
            let registered = try await harness.send("POST", endpoint, body: persisted(true))
            #expect(registered.status == 200 && registered.body.contains("quantityAvailable"))
            // A stock lever is seen by the next Storefront request, which the hash alone sends.
            let lever = try await harness.send("POST", "/__sim/levers", body: #"{"stock": {"galaxy-watch6": 0}}"#)
            #expect(lever.status == 200, "\(lever.body)")
            let after = try await harness.send("POST", endpoint, body: persisted(false))
            #expect(after.status == 200)
            let nodes = try JSONParser.parse(after.body)["data"]?["product"]?["variants"]?["nodes"]?.arrayValue ?? []
            #expect(nodes.count == 4)
            #expect(nodes.allSatisfy { $0["quantityAvailable"] == 0 && $0["availableForSale"] == false }, "\(after.body)")
            // Verify counts the Storefront operation by its name, hash-only requests included.
            let verified = try await harness.send("POST", "/__sim/verify", body: #"{"operation": "Watch", "count": 2}"#)
            #expect(verified.status == 200 && verified.body == #"{"ok":true,"count":2}"#, "\(verified.body)")
            let journal = try JSONParser.parse(try await harness.send("GET", "/__sim/requests").body)
            #expect((journal["requests"]?.arrayValue ?? []).filter { $0["dialect"] == "storefront" }.count == 3)
        }
    }
}
