import Testing
@testable import CheckoutSimCommerce

/// Every error code, each from the smallest situation that produces it.
struct ErrorCodeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let code: CommerceError.Code
        let rewards: [ScratchReward]?
        let run: @Sendable (inout Shop) -> CommerceError.Code?
        var testDescription: String { code.rawValue }

        init(_ code: CommerceError.Code, rewards: [ScratchReward]? = nil, _ run: @escaping @Sendable (inout Shop) -> CommerceError.Code?) {
            self.code = code
            self.rewards = rewards
            self.run = run
        }
    }

    static let s = "default"

    static let cases: [Case] = [
        .init(.productNotFound) { shop in TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "nope", quantity: 0, session: s) } },
        .init(.invalidQuantity) { shop in TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "lamp", quantity: 0, session: s) } },
        .init(.quantityLimitExceeded) { shop in TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "chair", quantity: 6, session: s) } },
        .init(.outOfStock) { shop in TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "chair", quantity: 1, session: s) } },
        .init(.insufficientStock) { shop in TestShop.code { () throws(CommerceError) in try shop.addToCart(productId: "rug", quantity: 3, session: s) } },
        .init(.lineNotFound) { shop in TestShop.code { () throws(CommerceError) in try shop.updateCartLine(productId: "lamp", quantity: 1, session: s) } },
        .init(.offerNotFound) { shop in TestShop.code { () throws(CommerceError) in try shop.applyOffer(code: "NOPE", session: s) } },
        .init(.offerExpired) { shop in TestShop.code { () throws(CommerceError) in try shop.applyOffer(code: "old", session: s) } },
        .init(.offerMinSpendNotMet) { shop in TestShop.code { () throws(CommerceError) in try shop.applyOffer(code: "FLAT50", session: s) } },
        .init(.offerNotApplicable) { shop in
            TestShop.code { () throws(CommerceError) in
                try shop.addToCart(productId: "rug", quantity: 1, session: s)
                try shop.applyOffer(code: "ACME20", session: s)
            }
        },
        .init(.offerUsageLimitReached) { shop in
            TestShop.code { () throws(CommerceError) in
                try shop.addToCart(productId: "lamp", quantity: 1, session: s)
                try shop.applyOffer(code: "ONCE", session: s)
                _ = shop.checkout(TestShop.goodCard, session: s)
                try shop.addToCart(productId: "lamp", quantity: 1, session: s)
                try shop.applyOffer(code: "ONCE", session: s)
            }
        },
        .init(.scratchCardNotFound) { shop in TestShop.code { () throws(CommerceError) in try shop.revealScratchCard(id: "card-9", session: s) } },
        .init(.scratchCardNotRevealed) { shop in TestShop.code { () throws(CommerceError) in try shop.applyScratchCard(id: "card-1", session: s) } },
        .init(.scratchCardAlreadyRevealed) { shop in
            TestShop.code { () throws(CommerceError) in
                try shop.revealScratchCard(id: "card-1", session: s)
                try shop.revealScratchCard(id: "card-1", session: s)
            }
        },
        .init(.scratchCardAlreadyUsed, rewards: TestShop.only(TestShop.percent(10))) { shop in
            TestShop.code { () throws(CommerceError) in
                try shop.addToCart(productId: "lamp", quantity: 1, session: s)
                try shop.revealScratchCard(id: "card-1", session: s)
                try shop.applyScratchCard(id: "card-1", session: s)
                _ = shop.checkout(TestShop.goodCard, session: s)
                try shop.applyScratchCard(id: "card-1", session: s)
            }
        },
        .init(.scratchCardExpired) { shop in
            shop.touchSession(s)
            shop.clock = shop.clock.adding(seconds: 8 * 86_400)
            return TestShop.code { () throws(CommerceError) in try shop.revealScratchCard(id: "card-1", session: s) }
        },
        .init(.scratchCardNoReward, rewards: TestShop.only(DiscountValue(kind: .noReward, magnitude: 0, text: "0"))) { shop in
            TestShop.code { () throws(CommerceError) in
                try shop.revealScratchCard(id: "card-1", session: s)
                try shop.applyScratchCard(id: "card-1", session: s)
            }
        },
        .init(.cartEmpty) { shop in shop.checkout(TestShop.goodCard, session: s).errors.first?.code },
        .init(.cardInvalidNumber) { shop in checkout(&shop, card: "4242424242424241") },
        .init(.cardExpired) { shop in checkout(&shop, month: 2, year: 2026) },
        .init(.cardInvalidCVC) { shop in checkout(&shop, cvc: "12a") },
        .init(.paymentDeclined) { shop in checkout(&shop, card: "4000000000000002") },
        .init(.idempotencyKeyReused) { shop in
            _ = checkout(&shop, key: "k")
            return checkout(&shop, cvc: "999", key: "k")
        },
        .init(.emailTaken) { shop in
            _ = try? shop.signUp(email: "ada@example.com", password: "secret1")
            do throws(CustomerProblems) {
                _ = try shop.signUp(email: "ADA@example.com", password: "secret1")
                return nil
            } catch {
                return error.problems.first.map(CommerceError.init)?.code
            }
        },
        .init(.unidentifiedCustomer) { shop in signIn(&shop, password: "wrong-one") },
        .init(.customerDisabled) { shop in
            _ = try? shop.signUp(email: "ada@example.com", password: "secret1")
            shop.customers.setState(.disabled, email: "ada@example.com")
            return signIn(&shop, password: "secret1")
        },
        .init(.notSignedIn) { shop in
            do throws(CustomerAccess<CustomerProblems>) {
                try shop.changeCustomer(token: "nobody's") { _, _ throws(CustomerProblems) in }
                return nil
            } catch {
                guard case .token(let problem) = error else { return nil }
                return CommerceError(problem).code
            }
        },
        .init(.addressNotFound) { shop in
            _ = try? shop.signUp(email: "ada@example.com", password: "secret1")
            guard let grant = try? shop.signIn(email: "ada@example.com", password: "secret1") else { return nil }
            do throws(CustomerAccess<CustomerProblems>) {
                try shop.changeCustomer(token: grant.token) { book, customer throws(CustomerProblems) in try book.deleteAddress(9, customer: customer) }
                return nil
            } catch {
                guard case .refused(let problems) = error else { return nil }
                return problems.problems.first.map(CommerceError.init)?.code
            }
        },
        .init(.signInThrottled) { shop in
            try? shop.pull(.signIn(SignInLever(outcome: .throttled)))
            return signIn(&shop, password: "secret1")
        },
        .init(.invalidInput) { shop in
            switch shop.addProduct(Shop.NewProduct(name: "", brandId: "acme", category: "C", price: "1.00", description: nil, imageURL: nil, stock: 0, model: nil)) {
            case .success: return nil
            case .failure(let failure): return failure.errors.first?.code
            }
        },
    ]

    static func signIn(_ shop: inout Shop, password: String) -> CommerceError.Code? {
        _ = try? shop.signUp(email: "ada@example.com", password: "secret1")
        do throws(CustomerProblem) {
            _ = try shop.signIn(email: "ada@example.com", password: password)
            return nil
        } catch {
            return CommerceError(error).code
        }
    }

    static func checkout(_ shop: inout Shop, card: String = "4242424242424242", month: Int = 12, year: Int = 2030, cvc: String = "123", key: String? = nil) -> CommerceError.Code? {
        if shop.shopper(named: s).cart.isEmpty { try? shop.addToCart(productId: "lamp", quantity: 1, session: s) }
        return shop.checkout(CheckoutInput(cardNumber: card, expMonth: month, expYear: year, cvc: cvc, idempotencyKey: key), session: s).errors.first?.code
    }

    @Test(arguments: cases)
    func producesCode(_ testCase: Case) {
        var shop = TestShop.make(rewards: testCase.rewards)
        #expect(testCase.run(&shop) == testCase.code)
    }

    @Test func everyCodeIsCovered() {
        #expect(Set(Self.cases.map(\.code)) == Set(CommerceError.Code.allCases))
    }
}
