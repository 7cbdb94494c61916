import Testing
@testable import CheckoutSimCommerce

/// docs/schema.md#scratch-cards–6.10: scratch cards, checkout, payments, orders, favorites, suggestions, addProduct.
struct CheckoutRuleTests {
    let s = "default"

    @Test func cardsAreIssuedOnFirstUseAtTheClocksTime() {
        var shop = TestShop.make()
        shop.clock = shop.clock.adding(seconds: 3600)
        shop.touchSession("late")
        let cards = shop.shopper(named: "late").scratchCards
        #expect(cards.map(\.id) == ["card-1", "card-2"])
        #expect(cards.allSatisfy { $0.issuedAt == TestShop.now.adding(seconds: 3600) && $0.expiresAt == $0.issuedAt.adding(seconds: 7 * 86_400) })
        #expect(cards.allSatisfy { $0.status(at: shop.clock) == .unrevealed })
        #expect(cards[0].status(at: cards[0].expiresAt.adding(seconds: 1)) == .expired)
    }

    @Test func revealIsFixedBySeedSessionAndCard() throws {
        var shop = TestShop.make()
        try shop.revealScratchCard(id: "card-2", session: "alice")
        try shop.revealScratchCard(id: "card-1", session: "alice")
        for id in ["card-1", "card-2"] {
            let expected = ScratchDraw.rewardIndex(seed: 42, session: "alice", card: id, weights: [1, 1, 1, 1])
            #expect(shop.shopper(named: "alice").scratchCard(id: id)?.rewardIndex == expected)
        }
    }

    @Test func applyingANewCardReturnsTheOldOneAndRewardsApplyAfterTheOffer() throws {
        var shop = TestShop.make(rewards: TestShop.only(TestShop.percent(10)))
        try shop.addToCart(productId: "desk", quantity: 1, session: s)
        try shop.applyOffer(code: "FLAT50", session: s)
        try shop.revealScratchCard(id: "card-1", session: s)
        try shop.revealScratchCard(id: "card-2", session: s)
        try shop.applyScratchCard(id: "card-1", session: s)
        try shop.applyScratchCard(id: "card-2", session: s)
        #expect(shop.shopper(named: s).scratchCard(id: "card-1")?.state == .revealed)
        #expect(shop.shopper(named: s).scratchCard(id: "card-2")?.state == .applied)
        let view = shop.cartView(for: shop.shopper(named: s))
        // 300.00 − 50.00 = 250.00; 10 % of that = 25.00.
        #expect(view.discounts.map(\.amount) == [5000, 2500])
        #expect(view.discountTotal == 7500)
    }

    @Test func checkoutChecksRunInOrder() throws {
        var shop = TestShop.make()
        let bad = CheckoutInput(cardNumber: "1234", expMonth: 13, expYear: 2020, cvc: "1")
        #expect(shop.checkout(bad, session: s).errors.map(\.code) == [.cartEmpty])
        try shop.addToCart(productId: "rug", quantity: 2, session: s)
        #expect(shop.checkout(bad, session: s).errors.map(\.code) == [.cardInvalidNumber])
        var input = TestShop.goodCard
        input.expMonth = 13
        input.cvc = "1"
        #expect(shop.checkout(input, session: s).errors.map(\.code) == [.cardExpired])
        input.expMonth = 3
        input.expYear = 26
        #expect(shop.checkout(input, session: s).errors.map(\.code) == [.cardInvalidCVC])
        let amex = CheckoutInput(cardNumber: "378282246310005", expMonth: 3, expYear: 2026, cvc: "123")
        #expect(shop.checkout(amex, session: s).errors.map(\.code) == [.cardInvalidCVC])
        try shop.addToCart(productId: "rug", quantity: 1, session: "other")
        _ = shop.checkout(TestShop.goodCard, session: "other")
        let outcome = shop.checkout(TestShop.goodCard, session: s)
        #expect(outcome.errors.map(\.code) == [.insufficientStock])
        #expect(outcome.errors.first?.field == ["lines", "rug"])
        #expect(shop.shopper(named: s).payments.isEmpty)
    }

    @Test func aDeclineRecordsThePaymentAndKeepsTheCart() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "lamp", quantity: 2, session: s)
        let outcome = shop.checkout(TestShop.declinedCard, session: s)
        #expect(outcome.order == nil)
        #expect(outcome.payment == Payment(id: "pay-1", succeeded: false, amount: 5999, cardBrand: "Visa", cardLast4: "0002", declineCode: "generic_decline"))
        #expect(outcome.errors.first?.message == "The card was declined (generic_decline).")
        #expect(shop.shopper(named: s).cart.quantity(of: "lamp") == 2)
        #expect(shop.inventory.stock(at: 0) == 5)
    }

    @Test func aPaidOrderCopiesTheCartAndEmptiesIt() throws {
        var shop = TestShop.make(rewards: TestShop.only(TestShop.amount(1500)))
        try shop.addToCart(productId: "sofa", quantity: 2, session: s)
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        try shop.applyOffer(code: "PCT10", session: s)
        try shop.revealScratchCard(id: "card-1", session: s)
        try shop.applyScratchCard(id: "card-1", session: s)
        let before = shop.cartView(for: shop.shopper(named: s))
        var input = TestShop.goodCard
        input.email = "a@example.com"
        let outcome = shop.checkout(input, session: s)
        let order = try #require(outcome.order)
        #expect(order.id == "order-1001" && order.number == 1001 && order.placedAt == TestShop.now && order.email == "a@example.com")
        #expect(order.subtotal == before.subtotal && order.discountTotal == before.discountTotal && order.shipping == before.shipping)
        #expect(order.total == before.total && order.discounts == before.discounts)
        #expect(order.lines.map(\.total) == before.lines.map(\.total))
        #expect(shop.inventory.stock(at: 4) == 8)
        #expect(shop.shopper(named: s).cart == Cart())
        #expect(shop.shopper(named: s).scratchCard(id: "card-1")?.state == .redeemed)
        #expect(shop.shopper(named: s).uses(ofOffer: "PCT10") == 1)
        // The total is over 1,000.00, so a third card is issued.
        #expect(order.total >= 100_000)
        #expect(shop.shopper(named: s).scratchCards.map(\.id) == ["card-1", "card-2", "card-3"])
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        #expect(shop.checkout(TestShop.goodCard, session: s).order?.id == "order-1002")
    }

    @Test func idempotentRetriesReturnTheFirstResultAndChargeNothing() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        var input = TestShop.goodCard
        input.idempotencyKey = "key-1"
        let first = shop.checkout(input, session: s)
        var again = shop.checkout(input, session: s)
        #expect(!first.isReplay && again.isReplay)
        again.isReplay = false
        #expect(first == again)
        #expect(shop.shopper(named: s).payments.count == 1)
        #expect(shop.shopper(named: s).orders.count == 1)
        #expect(shop.inventory.stock(at: 0) == 4)
        input.cvc = "321"
        #expect(shop.checkout(input, session: s).errors.map(\.code) == [.idempotencyKeyReused])
        var unchecked = TestShop.goodCard
        unchecked.idempotencyKey = "key-2"
        #expect(shop.checkout(unchecked, session: s).errors.map(\.code) == [.cartEmpty])
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        #expect(shop.checkout(unchecked, session: s).order?.id == "order-1002", "a key whose request failed a check is not recorded")
    }

    @Test func twoSessionsRacingForTheLastUnit() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "desk", quantity: 1, session: "alice")
        try shop.addToCart(productId: "desk", quantity: 1, session: "bob")
        let alice = shop.checkout(TestShop.goodCard, session: "alice")
        let bob = shop.checkout(TestShop.goodCard, session: "bob")
        #expect([alice.order, bob.order].compactMap { $0 }.count == 1)
        #expect(bob.errors.map(\.code) == [.insufficientStock])
        #expect(shop.inventory.stock(at: 1) == 0)
    }

    @Test func favoritesAreIdempotentAndNewestFirst() throws {
        var shop = TestShop.make()
        try shop.addFavorite(productId: "lamp", session: s)
        try shop.addFavorite(productId: "rug", session: s)
        try shop.addFavorite(productId: "lamp", session: s)
        #expect(shop.shopper(named: s).favorites == ["rug", "lamp"])
        try shop.removeFavorite(productId: "rug", session: s)
        try shop.removeFavorite(productId: "rug", session: s)
        #expect(shop.shopper(named: s).favorites == ["lamp"])
        #expect(TestShop.code { () throws(CommerceError) in try shop.addFavorite(productId: "nope", session: s) } == .productNotFound)
    }

    @Test func suggestionsSkipTheCartAndEmptyShelves() throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "lamp", quantity: 1, session: s)
        let ids = shop.suggestions(first: 10, shopper: shop.shopper(named: s)).map { shop.catalog.products[$0].id }
        #expect(ids == ["desk", "rug", "sofa", "pen"])
        #expect(shop.suggestions(first: 2, shopper: shop.shopper(named: s)).count == 2)
    }

    @Test func addProductReportsEveryProblemThenAddsInstantly() throws {
        var shop = TestShop.make()
        let bad = Shop.NewProduct(name: String(repeating: "x", count: 121), brandId: "nope", category: "  ", price: "1.999", description: nil, imageURL: nil, stock: -1, model: nil)
        guard case .failure(let failure) = shop.addProduct(bad) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.errors.map(\.field) == [["input", "name"], ["input", "category"], ["input", "price"], ["input", "stock"], ["input", "brandId"]])
        #expect(failure.errors.allSatisfy { $0.code == .invalidInput })
        shop.clock = shop.clock.adding(seconds: 60)
        let good = Shop.NewProduct(name: "Vase", brandId: "acme", category: "Home", price: "12.50", description: nil, imageURL: nil, stock: 3, model: nil)
        guard case .success(let position) = shop.addProduct(good) else {
            Issue.record("expected success")
            return
        }
        let product = shop.catalog.products[position]
        #expect(product.id == "new-1" && product.price == 1250 && product.rank == 7 && product.createdAt == TestShop.now.adding(seconds: 60))
        #expect(shop.inventory.stock(at: position) == 3)
        #expect(shop.catalog.indexes(for: .featured).last == position)
        guard case .success(let second) = shop.addProduct(good) else { return }
        #expect(shop.catalog.products[second].id == "new-2")
    }
}
