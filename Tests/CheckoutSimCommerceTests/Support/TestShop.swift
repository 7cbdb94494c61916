@testable import CheckoutSimCommerce

/// A small shop with every kind of offer, a scratch table and two test cards.
enum TestShop {
    static let now = Instant(seconds: 1_772_359_200)  // 2026-03-01T10:00:00Z
    static let usd = Currency(code: "USD", fractionDigits: 2, symbol: "$")

    static func product(_ id: String, _ brand: String, _ price: Int64, stock: Int, max: Int = 5, rank: Int) -> Product {
        Product(id: id, name: id.capitalized, brandId: brand, model: "M", category: "Home", description: "", price: price,
                compareAtPrice: nil, initialStock: stock, maxPerOrder: max, createdAt: now, imageURL: nil, rank: rank)
    }

    static func amount(_ value: Int64) -> DiscountValue { DiscountValue(kind: .amountOff, magnitude: value, text: "") }
    static func percent(_ value: Int64) -> DiscountValue { DiscountValue(kind: .percentOff, magnitude: value, text: "\(value)") }
    static let freeShipping = DiscountValue(kind: .freeShipping, magnitude: 0, text: "0")

    static func offer(_ code: String, _ value: DiscountValue, minSpend: Int64? = nil, brand: String? = nil, expires: Instant? = nil, limit: Int? = nil) -> OfferDefinition {
        OfferDefinition(code: code, title: code + " title", description: "", value: value, minSpend: minSpend, brandId: brand, expiresAt: expires, usageLimit: limit)
    }

    static func make(issueCards: Int = 2, rewards: [ScratchReward]? = nil, freeShippingOver: Int64 = 50000) -> Shop {
        let catalog = Catalog(
            brands: [Brand(id: "acme", name: "Acme", position: 0), Brand(id: "zenith", name: "Zenith", position: 1)],
            products: [
                product("lamp", "acme", 2500, stock: 5, max: 3, rank: 1),
                product("desk", "acme", 30000, stock: 1, max: 2, rank: 2),
                product("chair", "zenith", 12000, stock: 0, rank: 3),
                product("rug", "zenith", 8000, stock: 2, max: 10, rank: 4),
                product("sofa", "zenith", 99999, stock: 10, rank: 5),
                product("pen", "zenith", 333, stock: 50, max: 50, rank: 6),
            ])
        let store = StoreSettings(name: "Test", currency: usd, now: now, seed: 42, flatRateShipping: 999, freeShippingOver: freeShippingOver, defaultMaxPerOrder: 10)
        let offers = [
            offer("PCT10", percent(10)),
            offer("FLAT50", amount(5000), minSpend: 30000),
            offer("SHIPFREE", freeShipping),
            offer("ACME20", percent(20), brand: "acme"),
            offer("OLD", percent(50), expires: Instant(seconds: now.seconds - 1)),
            offer("ONCE", amount(500), limit: 1),
        ]
        let table = ScratchCardTable(
            issuedPerSession: issueCards, issueOnOrderOver: 100_000, validForDays: 7,
            rewards: rewards ?? [
                ScratchReward(value: percent(10), title: "10% off", weight: 1),
                ScratchReward(value: amount(1500), title: "$15 off", weight: 1),
                ScratchReward(value: freeShipping, title: "Free shipping", weight: 1),
                ScratchReward(value: DiscountValue(kind: .noReward, magnitude: 0, text: "0"), title: "No luck", weight: 1),
            ])
        let cards = [
            TestCard(number: "4242424242424242", brand: "Visa", succeeds: true, declineCode: nil, description: ""),
            TestCard(number: "4000000000000002", brand: "Visa", succeeds: false, declineCode: "generic_decline", description: ""),
        ]
        return Shop(store: store, catalog: catalog, offers: offers, scratchTable: table, testCards: cards, seed: 42, now: now)
    }

    static let goodCard = CheckoutInput(cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123")
    static let declinedCard = CheckoutInput(cardNumber: "4000-0000-0000-0002", expMonth: 12, expYear: 2030, cvc: "123")

    /// The error code `operation` throws, or nil when it succeeds.
    static func code(_ operation: () throws(CommerceError) -> Void) -> CommerceError.Code? {
        do {
            try operation()
            return nil
        } catch {
            return error.code
        }
    }

    /// A reward table where every card reveals `reward`.
    static func only(_ value: DiscountValue) -> [ScratchReward] {
        [ScratchReward(value: value, title: "Only", weight: 1)]
    }
}
