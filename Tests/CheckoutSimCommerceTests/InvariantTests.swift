import CheckoutSimSupport
import Testing
@testable import CheckoutSimCommerce

/// Random operation sequences (seeded, so every run is the same) checked against the cart and
/// stock invariants after every step.
struct InvariantTests {
    static let tally = Locked((orders: 0, payments: 0, journeys: 0))

    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            return Int(ScratchDraw.splitMix64(state) % UInt64(bound))
        }
    }

    static let productIds = ["lamp", "desk", "chair", "rug", "sofa", "pen", "ghost"]
    static let codes = ["PCT10", "flat50", "SHIPFREE", "ACME20", "OLD", "ONCE", "NOPE"]
    static let cards = [
        CheckoutInput(cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123"),
        CheckoutInput(cardNumber: "4000000000000002", expMonth: 12, expYear: 2030, cvc: "123"),
        CheckoutInput(cardNumber: "4242424242424242", expMonth: 1, expYear: 2026, cvc: "123"),
        CheckoutInput(cardNumber: "1111", expMonth: 12, expYear: 2030, cvc: "123"),
        CheckoutInput(cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", idempotencyKey: "retry"),
    ]

    static func checkCart(_ shop: Shop, _ session: String) {
        let view = shop.cartView(for: shop.shopper(named: session))
        #expect(view.lines.reduce(0) { $0 + $1.discount } == view.discountTotal)
        #expect(view.total == view.subtotal - view.discountTotal + view.shipping)
        #expect(view.total >= 0)
        #expect(view.lines.allSatisfy { $0.discount >= 0 && $0.discount <= $0.subtotal })
        for position in shop.catalog.products.indices { #expect(shop.inventory.stock(at: position) >= 0) }
    }

    @Test(arguments: 0..<40)
    func invariantsHoldOverRandomJourneys(_ seed: Int) {
        var random = Generator(state: UInt64(seed) * 7919)
        var failures = 0
        var shop = TestShop.make()
        for _ in 0..<60 {
            let session = ["a", "b"][random.next(2)]
            shop.touchSession(session)
            let before = (session: shop.shopper(named: session), inventory: shop.inventory, products: shop.catalog.products.count)
            let product = Self.productIds[random.next(Self.productIds.count)]
            let card = "card-\(1 + random.next(4))"
            var failed = false
            func attempt(_ operation: () throws(CommerceError) -> Void) {
                failed = TestShop.code(operation) != nil
            }
            switch random.next(12) {
            case 0, 1: attempt { () throws(CommerceError) in try shop.addToCart(productId: product, quantity: random.next(8) - 1, session: session) }
            case 2: attempt { () throws(CommerceError) in try shop.updateCartLine(productId: product, quantity: random.next(5) - 1, session: session) }
            case 3: attempt { () throws(CommerceError) in try shop.removeFromCart(productId: product, session: session) }
            case 4: attempt { () throws(CommerceError) in try shop.applyOffer(code: Self.codes[random.next(Self.codes.count)], session: session) }
            case 5: attempt { () throws(CommerceError) in try shop.revealScratchCard(id: card, session: session) }
            case 6: attempt { () throws(CommerceError) in try shop.applyScratchCard(id: card, session: session) }
            case 7: random.next(2) == 0 ? shop.removeOffer(session: session) : shop.removeScratchCard(session: session)
            case 8, 9:
                let cartBefore = shop.cartView(for: before.session)
                let outcome = shop.checkout(Self.cards[random.next(Self.cards.count)], session: session)
                if let order = outcome.order, outcome.payment?.id == shop.shopper(named: session).payments.last?.id,
                   shop.shopper(named: session).orders.count == before.session.orders.count + 1 {
                    #expect(order.subtotal == cartBefore.subtotal && order.total == cartBefore.total)
                    #expect(order.discountTotal == cartBefore.discountTotal && order.shipping == cartBefore.shipping)
                    #expect(order.lines.map(\.quantity) == cartBefore.lines.map(\.quantity))
                    #expect(shop.shopper(named: session).cart.isEmpty)
                }
                let failedBeforePayment = !outcome.errors.isEmpty && outcome.payment == nil
                if failedBeforePayment {
                    #expect(shop.shopper(named: session) == before.session)
                    #expect(shop.inventory == before.inventory)
                }
            case 10: attempt { () throws(CommerceError) in try shop.addFavorite(productId: product, session: session) }
            default: shop.clock = shop.clock.adding(seconds: Int64(random.next(3)) * 86_400)
            }
            if failed {
                #expect(shop.shopper(named: session) == before.session, "a failed mutation changed the session")
                #expect(shop.inventory == before.inventory)
                #expect(shop.catalog.products.count == before.products)
            }
            if failed { failures += 1 }
            Self.checkCart(shop, "a")
            Self.checkCart(shop, "b")
        }
        let orders = shop.shopper(named: "a").orders.count + shop.shopper(named: "b").orders.count
        let payments = shop.shopper(named: "a").payments.count + shop.shopper(named: "b").payments.count
        // The journeys must reach the interesting states, or the invariants prove little.
        #expect(failures > 5)
        let totals = Self.tally.withLock { tally in
            tally.orders += orders
            tally.payments += payments
            tally.journeys += 1
            return tally
        }
        if totals.journeys == 40 {
            #expect(totals.orders > 20)
            #expect(totals.payments > totals.orders)
        }
    }
}
