import Testing
@testable import CheckoutSimCommerce

/// docs/schema.md#cart and §6.7: the cart, its totals and offers.
struct CartRuleTests {
    let s = "default"

    @Test func linesKeepFirstAdditionOrderAndMerge() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "rug", quantity: 1, session: s)
        try shop.addToCart(productId: "lamp", quantity: 2, session: s)
        try shop.addToCart(productId: "rug", quantity: 1, session: s)
        #expect(shop.shopper(named: s).cart.lines == [CartLine(productId: "rug", quantity: 2), CartLine(productId: "lamp", quantity: 2)])
    }

    @Test func addChecksRunInOrder() {
        var shop = TestShop.make()
        #expect(TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "nope", quantity: -1, session: s) } == .productNotFound)
        #expect(TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "chair", quantity: -1, session: s) } == .invalidQuantity)
        #expect(TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "chair", quantity: 6, session: s) } == .quantityLimitExceeded)
        #expect(TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "chair", quantity: 1, session: s) } == .outOfStock)
        do {
            try shop.addToCart(productId: "rug", quantity: 3, session: s)
        } catch {
            #expect(error.message == "Only 2 of \"Rug\" are available; the cart would hold 3.")
        }
        #expect(shop.shopper(named: s).cart.isEmpty)
    }

    @Test func limitCountsWhatIsAlreadyInTheCart() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "lamp", quantity: 2, session: s)
        #expect(TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "lamp", quantity: 2, session: s) } == .quantityLimitExceeded)
        #expect(shop.shopper(named: s).cart.quantity(of: "lamp") == 2)
    }

    @Test func updateChecksAndRemovals() throws {
        var shop = TestShop.make()
        #expect(TestShop.code { () throws(CommerceError) in try shop.updateCartLine(productId: "lamp", quantity: -1, session: s) } == .invalidQuantity)
        #expect(TestShop.code { () throws(CommerceError) in try shop.updateCartLine(productId: "lamp", quantity: 1, session: s) } == .lineNotFound)
        try shop.addToCart(productId: "rug", quantity: 1, session: s)
        #expect(TestShop.code { () throws(CommerceError) in try shop.updateCartLine(productId: "rug", quantity: 3, session: s) } == .insufficientStock)
        try shop.updateCartLine(productId: "rug", quantity: 2, session: s)
        #expect(shop.shopper(named: s).cart.quantity(of: "rug") == 2)
        try shop.updateCartLine(productId: "rug", quantity: 0, session: s)
        #expect(shop.shopper(named: s).cart.isEmpty)
        #expect(TestShop.code { () throws(CommerceError) in try shop.removeFromCart(productId: "rug", session: s) } == .lineNotFound)
        shop.removeOffer(session: s)
        shop.removeScratchCard(session: s)
        #expect(shop.shopper(named: s).cart == Cart())
    }

    @Test func clearCartDropsLinesOfferAndCard() throws {
        var shop = TestShop.make(rewards: TestShop.only(TestShop.percent(10)))
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        try shop.applyOffer(code: "pct10", session: s)
        try shop.revealScratchCard(id: "card-1", session: s)
        try shop.applyScratchCard(id: "card-1", session: s)
        #expect(shop.shopper(named: s).scratchCard(id: "card-1")?.state == .applied)
        shop.clearCart(session: s)
        #expect(shop.shopper(named: s).cart == Cart())
        #expect(shop.shopper(named: s).scratchCard(id: "card-1")?.state == .revealed)
    }

    struct ShippingCase: CustomTestStringConvertible, Sendable {
        let name: String
        let lines: [(String, Int)]
        let offer: String?
        let shipping: Int64
        let discountTotal: Int64
        var testDescription: String { name }
    }

    static let shipping: [ShippingCase] = [
        .init(name: "empty cart ships free", lines: [], offer: nil, shipping: 0, discountTotal: 0),
        .init(name: "below the threshold pays the flat rate", lines: [("rug", 1)], offer: nil, shipping: 999, discountTotal: 0),
        .init(name: "over the threshold ships free", lines: [("sofa", 1)], offer: nil, shipping: 0, discountTotal: 0),
        .init(name: "a discount can drop below the threshold", lines: [("lamp", 3), ("desk", 1), ("rug", 2)], offer: "PCT10", shipping: 999, discountTotal: 5350),
        .init(name: "free-shipping offer", lines: [("rug", 1)], offer: "SHIPFREE", shipping: 0, discountTotal: 0),
    ]

    @Test(arguments: shipping)
    func shippingRules(_ testCase: ShippingCase) throws {
        var shop = TestShop.make()
        for (id, quantity) in testCase.lines { try shop.addToCart(productId: id, quantity: quantity, session: s) }
        if let offer = testCase.offer { try shop.applyOffer(code: offer, session: s) }
        let view = shop.cartView(for: shop.shopper(named: s))
        #expect(view.shipping == testCase.shipping)
        #expect(view.discountTotal == testCase.discountTotal)
        #expect(view.total == view.subtotal - view.discountTotal + view.shipping)
    }

    @Test func freeShippingAppearsWithTheRateItWaived() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "rug", quantity: 1, session: s)
        try shop.applyOffer(code: "shipfree", session: s)
        let view = shop.cartView(for: shop.shopper(named: s))
        #expect(view.discounts == [DiscountAllocation(source: .offer, code: "SHIPFREE", title: "SHIPFREE title", amount: 999, freeShipping: true)])
        #expect(view.total == 8000)
    }

    @Test func percentRoundsHalfToEvenAndAllocatesByLargestRemainder() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "pen", quantity: 1, session: s)  // 3.33
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)  // 25.00
        try shop.applyOffer(code: "PCT10", session: s)
        let view = shop.cartView(for: shop.shopper(named: s))
        // 10% of 28.33 = 2.833 → 2.83; shares 333/2833 and 2500/2833 of 283 → 33.26… and 249.73… → 33 + 250
        #expect(view.discountTotal == 283)
        #expect(view.lines.map(\.discount) == [33, 250])
        #expect(DiscountAllocator.allocate(10, over: [100, 100, 100]) == [4, 3, 3])
        #expect(MoneyMath.divideRoundingHalfEven(2833 * 10, by: 100) == 283)
    }

    /// Boundaries a mutation campaign found untested (issue 40): each case sits exactly on one.
    struct Boundary: CustomTestStringConvertible, Sendable {
        let id: String
        let freeShippingOver: Int64
        let lines: [(String, Int)]
        let offer: String?
        let discountTotal: Int64
        let shipping: Int64
        var testDescription: String { id }
    }

    @Test(arguments: [
        // 10% of 41.65 is 4.165: exactly half a cent, which rounds to the even 4.16 (half-up would give 4.17).
        Boundary(id: "a percent offer landing on a half cent", freeShippingOver: 50000, lines: [("lamp", 1), ("pen", 5)], offer: "PCT10",
                 discountTotal: 416, shipping: 999),
        Boundary(id: "merchandise exactly at the free-shipping threshold", freeShippingOver: 2500, lines: [("lamp", 1)], offer: nil,
                 discountTotal: 0, shipping: 0),
        Boundary(id: "a cent under the threshold", freeShippingOver: 2501, lines: [("lamp", 1)], offer: nil, discountTotal: 0, shipping: 999),
        Boundary(id: "the threshold counts merchandise after discounts", freeShippingOver: 2250, lines: [("lamp", 1)], offer: "PCT10",
                 discountTotal: 250, shipping: 0),
        Boundary(id: "a discount taking merchandise a cent under", freeShippingOver: 2251, lines: [("lamp", 1)], offer: "PCT10",
                 discountTotal: 250, shipping: 999),
    ])
    func boundaries(_ boundary: Boundary) throws {
        var shop = TestShop.make(freeShippingOver: boundary.freeShippingOver)
        for (product, quantity) in boundary.lines { try shop.addToCart(productId: product, quantity: quantity, session: s) }
        if let offer = boundary.offer { try shop.applyOffer(code: offer, session: s) }
        let view = shop.cartView(for: shop.shopper(named: s))
        #expect(view.discountTotal == boundary.discountTotal)
        #expect(view.shipping == boundary.shipping)
    }

    /// Stock and the per-order limit are inclusive: exactly the limit goes in, one more does not.
    @Test func stockAndLimitsAreInclusive() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "lamp", quantity: 3, session: s)  // max 3 per order, stock 5
        #expect(TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "lamp", quantity: 1, session: s) } == .quantityLimitExceeded)
        try shop.addToCart(productId: "rug", quantity: 2, session: "other")  // stock 2, max 10
        #expect(TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "rug", quantity: 1, session: "other") } == .insufficientStock)
    }

    @Test func amountOffIsCappedAtItsBase() throws {
        var shop = TestShop.make(rewards: TestShop.only(TestShop.amount(100_000)))
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        try shop.revealScratchCard(id: "card-1", session: s)
        try shop.applyScratchCard(id: "card-1", session: s)
        let view = shop.cartView(for: shop.shopper(named: s))
        #expect(view.discountTotal == 2500)
        #expect(view.lines.map(\.total) == [0])
        #expect(view.total == 999)
    }

    @Test func brandOfferDiscountsOnlyItsBrandAndFollowsTheCart() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "lamp", quantity: 2, session: s)
        try shop.addToCart(productId: "rug", quantity: 1, session: s)
        try shop.applyOffer(code: "acme20", session: s)
        var view = shop.cartView(for: shop.shopper(named: s))
        #expect(view.discountTotal == 1000)
        #expect(view.lines.map(\.discount) == [1000, 0])
        try shop.removeFromCart(productId: "lamp", session: s)
        view = shop.cartView(for: shop.shopper(named: s))
        #expect(view.offer?.code == "ACME20")
        #expect(!view.offerApplies)
        #expect(view.discountTotal == 0)
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        #expect(shop.cartView(for: shop.shopper(named: s)).discountTotal == 500)
    }

    @Test func applyingAnotherOfferReplacesTheFirst() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "desk", quantity: 1, session: s)
        try shop.applyOffer(code: "PCT10", session: s)
        try shop.applyOffer(code: "flat50", session: s)
        let view = shop.cartView(for: shop.shopper(named: s))
        #expect(view.discounts.map(\.code) == ["FLAT50"])
        #expect(view.discountTotal == 5000)
    }

    /// An offer is good up to and at the instant it expires (docs/schema.md#offers says past
    /// it), and expired a second later.
    @Test func anOfferExpiresOnlyPastItsInstant() throws {
        let made = TestShop.make()
        let expiry = made.clock
        var shop = Shop(
            store: made.store, catalog: made.catalog, offers: [TestShop.offer("EDGE", TestShop.percent(10), expires: expiry)],
            scratchTable: made.scratchTable, testCards: made.testCards, seed: 42, now: expiry)
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        try shop.applyOffer(code: "EDGE", session: s)
        shop.clock = Instant(seconds: expiry.seconds + 1)
        #expect(TestShop.code { () throws(CommerceError) in try shop.applyOffer(code: "EDGE", session: s) } == .offerExpired)
    }

    @Test func offerCheckOrder() throws {
        var shop = TestShop.make()
        // Expired is reported before the other rules even when several fail.
        #expect(TestShop.code { () throws(CommerceError) in try shop.applyOffer(code: "OLD", session: s) } == .offerExpired)
        try shop.addToCart(productId: "rug", quantity: 1, session: s)
        #expect(TestShop.code { () throws(CommerceError) in try shop.applyOffer(code: "FLAT50", session: s) } == .offerMinSpendNotMet)
        #expect(shop.shopper(named: s).cart.offerCode == nil)
    }
}
