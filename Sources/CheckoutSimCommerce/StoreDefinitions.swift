/// Store-wide settings from `store.json`.
public struct StoreSettings: Sendable, Equatable {
    /// The store's display name.
    public let name: String
    /// How the store writes money.
    public let currency: Currency
    /// The simulated clock's starting time.
    public let now: Instant
    /// The seed of every random draw (scratch cards).
    public let seed: UInt64
    /// Shipping for a non-empty cart, in minor units.
    public let flatRateShipping: Int64
    /// Subtotals from this amount ship free, in minor units.
    public let freeShippingOver: Int64
    /// The per-cart limit for products that set none.
    public let defaultMaxPerOrder: Int
    /// The tax rate of products that set none.
    public let defaultTaxRate: TaxRate
    /// The brand of products added without one; nil when a brand is required.
    public let defaultBrandId: String?

    /// Settings as `store.json` gives them; amounts in minor units.
    public init(
        name: String, currency: Currency, now: Instant, seed: UInt64, flatRateShipping: Int64, freeShippingOver: Int64,
        defaultMaxPerOrder: Int, defaultTaxRate: TaxRate = .zero, defaultBrandId: String? = nil
    ) {
        self.defaultTaxRate = defaultTaxRate
        self.defaultBrandId = defaultBrandId
        self.name = name
        self.currency = currency
        self.now = now
        self.seed = seed
        self.flatRateShipping = flatRateShipping
        self.freeShippingOver = freeShippingOver
        self.defaultMaxPerOrder = defaultMaxPerOrder
    }
}

/// What a discount does.
public enum DiscountKind: String, Sendable, CaseIterable {
    case percentOff = "PERCENT_OFF"
    case amountOff = "AMOUNT_OFF"
    case freeShipping = "FREE_SHIPPING"
    case noReward = "NO_REWARD"
}

/// A discount's effect: a percentage (whole percent), an amount in minor units, or free shipping.
public struct DiscountValue: Sendable, Equatable {
    /// What the discount does.
    public let kind: DiscountKind
    /// Percent for `percentOff`, minor units for `amountOff`, 0 otherwise.
    public let magnitude: Int64
    /// The value as the fixture wrote it (`"10"`, `"50.00"`).
    public let text: String

    /// A discount value; `text` is how the fixture wrote it.
    public init(kind: DiscountKind, magnitude: Int64, text: String) {
        self.kind = kind
        self.magnitude = magnitude
        self.text = text
    }
}

/// An offer code from `offers.json`.
public struct OfferDefinition: Sendable, Equatable {
    /// The code shoppers type, matched case-insensitively.
    public let code: String
    /// A short title for display.
    public let title: String
    /// What the offer gives, in a sentence.
    public let description: String
    /// The discount it applies.
    public let value: DiscountValue
    /// The subtotal the cart must reach, in minor units; nil for none.
    public let minSpend: Int64?
    /// The brand the offer is limited to; nil for the whole cart.
    public let brandId: String?
    /// When the offer stops working; nil for never.
    public let expiresAt: Instant?
    /// How many of a session's paid orders may use it; nil for no limit.
    public let usageLimit: Int?

    /// An offer as `offers.json` describes it; amounts in minor units.
    public init(
        code: String, title: String, description: String, value: DiscountValue, minSpend: Int64?, brandId: String?,
        expiresAt: Instant?, usageLimit: Int?
    ) {
        self.code = code
        self.title = title
        self.description = description
        self.value = value
        self.minSpend = minSpend
        self.brandId = brandId
        self.expiresAt = expiresAt
        self.usageLimit = usageLimit
    }
}

/// One entry of the scratch-card reward table.
public struct ScratchReward: Sendable, Equatable {
    /// The discount the card reveals.
    public let value: DiscountValue
    /// The reward's title, shown on the revealed card.
    public let title: String
    /// Its relative chance in the seeded draw.
    public let weight: Int

    /// A reward with its draw weight.
    public init(value: DiscountValue, title: String, weight: Int) {
        self.value = value
        self.title = title
        self.weight = weight
    }
}

/// `scratch-cards.json`: how many cards a session gets and what they can reveal.
public struct ScratchCardTable: Sendable, Equatable {
    /// How many cards a new session gets.
    public let issuedPerSession: Int
    /// A paid order with at least this total issues one more card; nil for never.
    public let issueOnOrderOver: Int64?
    /// How many days after it is issued a card expires.
    public let validForDays: Int
    /// The rewards a card can reveal, with their weights.
    public let rewards: [ScratchReward]

    /// A table of how cards are issued and what they reveal.
    public init(issuedPerSession: Int, issueOnOrderOver: Int64?, validForDays: Int, rewards: [ScratchReward]) {
        self.issuedPerSession = issuedPerSession
        self.issueOnOrderOver = issueOnOrderOver
        self.validForDays = validForDays
        self.rewards = rewards
    }
}

/// A payment test card and the outcome it forces.
public struct TestCard: Sendable, Equatable {
    /// The card number, digits only.
    public let number: String
    /// The card's brand (`visa`, `mastercard`, `amex`, …).
    public let brand: String
    /// Whether charging it succeeds.
    public let succeeds: Bool
    /// The decline code when it does not (`card_declined`, `insufficient_funds`, …).
    public let declineCode: String?
    /// What the card is for, as the fixture describes it.
    public let description: String

    /// A test card and its forced outcome.
    public init(number: String, brand: String, succeeds: Bool, declineCode: String?, description: String) {
        self.number = number
        self.brand = brand
        self.succeeds = succeeds
        self.declineCode = declineCode
        self.description = description
    }
}
