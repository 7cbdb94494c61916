import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
            for keyless in ["/checkouts/cn/\(token)", "/checkouts/cn/\(token)?key=", "/checkouts/cn/\(token)?KEY=\(key)", "/checkouts/cn/\(token)?key=\(String(key.reversed()))"] {
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
