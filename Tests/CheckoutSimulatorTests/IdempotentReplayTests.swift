import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

/// docs/schema.md#checkout-and-the-dummy-payment-service, issue #10 defect 6: a checkout retried with the same idempotency key and input
/// returns the first payload byte-for-byte, whatever happened to the shop in between.
struct IdempotentReplayTests {
    static let checkout = """
        mutation Pay($key: String, $card: String!) {
          checkout(input: {card: {number: $card, expMonth: 12, expYear: 2030, cvc: "123"}, idempotencyKey: $key}) {
            order { id number placedAt total { amount } lines { quantity product { id stock inStock isFavorite quantityInCart } } }
            payment { id status declineCode }
            cart { isEmpty lines { quantity product { id stock isFavorite quantityInCart } } }
            errors { code }
          }
        }
        """

    static func pay(_ simulator: Simulator, key: String?, card: String = "4242424242424242", session: String = "alice") -> String {
        let variables = JSONObject([("card", .string(card))] + (key.map { [("key", .string($0))] } ?? []))
        return simulator.execute(checkout, variables: variables, session: session).serialized(pretty: false)
    }

    /// Changes everything the payload can show: stock, favorites, the cart and the clock.
    static func changeTheShop(_ simulator: Simulator) {
        _ = simulator.execute(#"mutation { addToCart(productId: "iphone-15", quantity: 1) { errors { code } } }"#, session: "bob")
        _ = pay(simulator, key: nil, session: "bob")
        _ = simulator.execute(#"mutation { addFavorite(productId: "iphone-15") { errors { code } } }"#, session: "alice")
        _ = simulator.execute(#"mutation { addToCart(productId: "iphone-15", quantity: 2) { errors { code } } }"#, session: "alice")
        simulator.advance(seconds: 86_400)
    }

    struct Case: CustomStringConvertible {
        let description: String
        let card: String
    }

    @Test(arguments: [Case(description: "approved", card: "4242424242424242"), Case(description: "declined", card: "4000000000000002")])
    func replayIsByteForByte(_ testCase: Case) throws {
        let simulator = try Simulator()
        _ = simulator.execute(#"mutation { addToCart(productId: "iphone-15", quantity: 1) { errors { code } } }"#, session: "alice")
        let first = Self.pay(simulator, key: "attempt-1", card: testCase.card)
        #expect(first.contains(#""stock":"#), "\(first)")
        Self.changeTheShop(simulator)
        let again = Self.pay(simulator, key: "attempt-1", card: testCase.card)
        #expect(again == first)
        // Without a key, the same request sees the shop as it is now.
        let fresh = Self.pay(simulator, key: nil, card: testCase.card)
        #expect(fresh != first)
        #expect(fresh.contains(#""isFavorite":true"#), "\(fresh)")
    }

    @Test func replayAfterResetIsANewCheckout() throws {
        let simulator = try Simulator()
        _ = simulator.execute(#"mutation { addToCart(productId: "iphone-15", quantity: 1) { errors { code } } }"#, session: "alice")
        #expect(Self.pay(simulator, key: "attempt-1").contains(#""order":{"id":"order-1001""#))
        simulator.reset()
        #expect(Self.pay(simulator, key: "attempt-1").contains(#"{"code":"CART_EMPTY"}"#))
    }

    @Test func onlyTheNewestSnapshotsAreKept() throws {
        let simulator = try Simulator()
        _ = simulator.execute(#"mutation { addToCart(productId: "iphone-15", quantity: 1) { errors { code } } }"#, session: "bob")
        for attempt in 0...ShopState.snapshotLimit {
            _ = Self.pay(simulator, key: "declined-\(attempt)", card: "4000000000000002", session: "bob")
        }
        #expect(simulator.withState { $0.snapshot(session: "bob", idempotencyKey: "declined-0") } == nil)
        #expect(simulator.withState { $0.snapshot(session: "bob", idempotencyKey: "declined-1") } != nil)
    }
}
