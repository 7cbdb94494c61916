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

/// A cart belongs to whoever holds its id and key (docs/storefront.md#carts; issue 59): its token
/// alone reaches nothing — not the API, not the checkout page, not a native session.
struct CartOwnershipTests {
    @Test func aCartsTokenWithoutItsKeyReachesNothing() async throws {
        try await ServerHarness.with { harness in
            func storefront(_ query: String) async throws -> String {
                try await harness.send("POST", "/api/2026-04/graphql", body: StorefrontHTTPTests.body(query), headers: StorefrontHTTPTests.headers).body
            }
            let created = try await storefront(#"""
                mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001", quantity: 1}],
                  buyerIdentity: {email: "grace@example.com"}}) { cart { id checkoutUrl } } }
                """#)
            let cart = try JSONParser.parse(Array(created.utf8))["data"]?["cartCreate"]?["cart"]
            let id = try #require(cart?["id"]?.stringValue, "\(created)")
            let url = try #require(cart?["checkoutUrl"]?.stringValue)
            let bare = String(id.prefix { $0 != "?" })
            let token = String(bare.dropFirst("gid://shopify/Cart/".count))
            let key = String(id.dropFirst(bare.count + "?key=".count))
            #expect(key.count == 32)

            #expect(try await storefront(#"{ cart(id: "\#(id)") { totalQuantity } }"#) == #"{"data":{"cart":{"totalQuantity":1}}}"#)
            for wrong in [bare, bare + "?KEY=" + key, bare + "?key=", bare + "?key=" + String(key.reversed()), bare + "?cart=" + key] {
                #expect(try await storefront(#"{ cart(id: "\#(wrong)") { totalQuantity } }"#) == #"{"data":{"cart":null}}"#, "\(wrong)")
                let added = try await storefront(#"mutation { cartLinesAdd(cartId: "\#(wrong)", lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001"}]) { cart { id } userErrors { code field } } }"#)
                #expect(added == #"{"data":{"cartLinesAdd":{"cart":null,"userErrors":[{"code":"INVALID","field":["cartId"]}]}}}"#, "\(wrong)")
            }
            #expect(try await storefront(#"{ cart(id: "\#(id)") { totalQuantity } }"#) == #"{"data":{"cart":{"totalQuantity":1}}}"#, "nothing was added")

            // The checkout page needs the key.
            let path = String(url.dropFirst(harness.server.baseURL.count))
            #expect(try await harness.send("GET", path).body.contains("grace@example.com"))
            for keyless in ["/checkouts/cn/\(token)", "/checkouts/cn/\(token)?key=", "/checkouts/cn/\(token)?KEY=\(key)"] {
                let page = try await harness.send("GET", keyless)
                #expect(page.status == 404, "\(keyless)")
                #expect(!page.body.contains("grace@example.com"), "\(keyless)")
            }

            // A native session named after the token is another, empty session: it neither reads nor pays the cart.
            let native = try await harness.post(#"{"query": "{ cart { totalQuantity } }"}"#, session: "cart-" + token)
            #expect(native.body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
            let pay = try await harness.post(
                #"{"query": "mutation { checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}}) { order { id } errors { code } } }"}"#,
                session: "cart-" + token)
            #expect(!pay.body.contains("order-1001"), "\(pay.body)")
            let page = try await harness.send("GET", "/checkout?session=cart-" + token)
            #expect(!page.body.contains("grace@example.com"))
            #expect(try await storefront(#"{ cart(id: "\#(id)") { totalQuantity } }"#) == #"{"data":{"cart":{"totalQuantity":1}}}"#, "the cart is still there, unpaid")
        }
    }
}

extension CartOwnershipTests {
    /// Each sandbox draws its own cart ids: one sandbox's id names nothing on another, though both
    /// start from the same seed (issue 59: B's own first cart answered to A's id).
    @Test func aSandboxsCartIdsAreItsOwn() async throws {
        try await ServerHarness.with { harness in
            func create(_ base: String) async throws -> String {
                let query = #"mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001"}]}) { cart { id } } }"#
                let answer = try await harness.send("POST", base + "/api/2026-04/graphql", body: StorefrontHTTPTests.body(query), headers: StorefrontHTTPTests.headers)
                return try #require(try JSONParser.parse(Array(answer.body.utf8))["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue, "\(answer.body)")
            }
            func read(_ base: String, _ id: String) async throws -> String {
                let query = #"{ cart(id: "\#(id)") { totalQuantity } }"#
                return try await harness.send("POST", base + "/api/2026-04/graphql", body: StorefrontHTTPTests.body(query), headers: StorefrontHTTPTests.headers).body
            }
            let a = try await create("/sandbox/a")
            let b = try await create("/sandbox/b")
            let root = try await create("")
            #expect(Set([a, b, root]).count == 3, "\(a) \(b) \(root)")
            #expect(try await read("/sandbox/b", a) == #"{"data":{"cart":null}}"#)
            #expect(try await read("", a) == #"{"data":{"cart":null}}"#)
            #expect(try await read("/sandbox/a", a) == #"{"data":{"cart":{"totalQuantity":1}}}"#)
            // The same sandbox name after a reset draws the same ids again: still deterministic.
            #expect(try await harness.send("POST", "/sandbox/a/__sim/reset", body: "{}").status == 200)
            #expect(try await create("/sandbox/a") == a)
        }
    }
}

extension CartOwnershipTests {
    static func storefront(_ harness: ServerHarness, _ query: String) async throws -> (status: Int, body: String) {
        let answer = try await harness.send("POST", "/api/2026-04/graphql", body: StorefrontHTTPTests.body(query), headers: StorefrontHTTPTests.headers)
        return (answer.status, answer.body)
    }

    /// `count` carts made by one request of aliased `cartCreate`s; their ids in order.
    static func createCarts(_ harness: ServerHarness, _ count: Int) async throws -> [String] {
        let aliases = (0..<count).map { #"c\#($0): cartCreate(input: {}) { cart { id } }"# }.joined(separator: " ")
        let answer = try await storefront(harness, "mutation { \(aliases) }")
        let data = try JSONParser.parse(Array(answer.body.utf8))["data"]
        return (0..<count).compactMap { data?["c\($0)"]?["cart"]?["id"]?.stringValue }
    }

    /// Carts made by requests never lock a new shopper out: when the session table is full, the
    /// cart changed longest ago is dropped (issue 59: 100 requests of 100 aliased `cartCreate`
    /// filled the 10,000 sessions, and every new shopper got 429 until a reset).
    @Test func aFullTableDropsTheLeastRecentlyUsedCart() async throws {
        let simulator = try Simulator()
        simulator.maxSessions = 40  // the 10,000 of a real shop, smaller: the same code path
        try await ServerHarness.with(simulator: simulator) { harness in
            let first = try await Self.createCarts(harness, 30)
            #expect(first.count == 30)
            simulator.advance(seconds: 60)
            // The oldest cart is changed, so it is used more recently than the 29 after it.
            let touched = try await Self.storefront(harness, #"mutation { cartNoteUpdate(cartId: "\#(first[0])", note: "keep") { cart { note } } }"#)
            #expect(touched.body.contains(#""note":"keep""#))
            simulator.advance(seconds: 60)
            let second = try await Self.createCarts(harness, 30)
            #expect(second.count == 30, "every cart was made")
            #expect(simulator.sessionCount == 40)
            // A new shopper is served, in place of another cart.
            let shopper = try await harness.post(#"{"query": "{ cart { totalQuantity } }"}"#, session: "new-shopper")
            #expect(shopper.status == 200, "\(shopper.body)")
            // 40 slots: the "default" session Storefront requests run in, 60 carts and the shopper. The 22
            // dropped are the least recently changed: first[1…22], not first[0], changed later.
            for (index, id) in first.enumerated() {
                let read = try await Self.storefront(harness, #"{ cart(id: "\#(id)") { id } }"#).body
                let kept = index == 0 || index > 22
                #expect(read.contains("\"cart\":null") != kept, "cart \(index): \(read)")
            }
            for id in second {
                #expect(try await Self.storefront(harness, #"{ cart(id: "\#(id)") { id } }"#).body.contains(id))
            }
            // 38 carts left to drop for new shoppers; with none left, a full table refuses a new session (docs/limits.md).
            let natives = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<45 { group.addTask { try await harness.post(#"{"query": "{ cart { totalQuantity } }"}"#, session: "native-\(index)").status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(natives.filter { $0 == 200 }.count == 38 && natives.filter { $0 == 429 }.count == 7, "\(natives.sorted())")
        }
    }

    /// A cart expires 10 days after its last change, as Shopify's do: `null` through the API,
    /// and its checkout URL says so (410, the kit's `checkoutExpired`).
    @Test func aCartExpiresTenDaysAfterItsLastChange() async throws {
        let simulator = try Simulator()
        try await ServerHarness.with(simulator: simulator) { harness in
            let created = try await Self.storefront(harness, #"mutation { cartCreate(input: {}) { cart { id checkoutUrl } } }"#).body
            let cart = try JSONParser.parse(Array(created.utf8))["data"]?["cartCreate"]?["cart"]
            let id = try #require(cart?["id"]?.stringValue)
            let path = String(try #require(cart?["checkoutUrl"]?.stringValue).dropFirst(harness.server.baseURL.count))
            simulator.advance(seconds: 9 * 86_400)
            #expect(try await Self.storefront(harness, #"mutation { cartNoteUpdate(cartId: "\#(id)", note: "still here") { cart { note } } }"#).body.contains("still here"))
            simulator.advance(seconds: 10 * 86_400 - 1)
            #expect(try await Self.storefront(harness, #"{ cart(id: "\#(id)") { note } }"#).body.contains("still here"), "a second before the end")
            simulator.advance(seconds: 1)
            #expect(try await Self.storefront(harness, #"{ cart(id: "\#(id)") { note } }"#).body == #"{"data":{"cart":null}}"#)
            let page = try await harness.send("GET", path)
            #expect(page.status == 410)
            #expect(page.body.contains("This checkout has expired"))
        }
    }
}
