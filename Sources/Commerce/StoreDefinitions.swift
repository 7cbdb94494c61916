/// Store-wide settings from `store.json`.
public struct StoreSettings: Sendable, Equatable {
    public let name: String
    public let currency: Currency
    public let now: Instant
    public let seed: UInt64
    public let flatRateShipping: Int64
    public let freeShippingOver: Int64
    public let defaultMaxPerOrder: Int

    public init(
        name: String, currency: Currency, now: Instant, seed: UInt64, flatRateShipping: Int64, freeShippingOver: Int64,
        defaultMaxPerOrder: Int
    ) {
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
    public let kind: DiscountKind
    /// Percent for `percentOff`, minor units for `amountOff`, 0 otherwise.
    public let magnitude: Int64
    /// The value as the fixture wrote it (`"10"`, `"50.00"`).
    public let text: String

    public init(kind: DiscountKind, magnitude: Int64, text: String) {
        self.kind = kind
        self.magnitude = magnitude
        self.text = text
    }
}

/// An offer code from `offers.json`.
public struct OfferDefinition: Sendable, Equatable {
    public let code: String
    public let title: String
    public let description: String
    public let value: DiscountValue
    public let minSpend: Int64?
    public let brandId: String?
    public let expiresAt: Instant?
    public let usageLimit: Int?

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
    public let value: DiscountValue
    public let title: String
    public let weight: Int

    public init(value: DiscountValue, title: String, weight: Int) {
        self.value = value
        self.title = title
        self.weight = weight
    }
}

/// `scratch-cards.json`: how many cards a session gets and what they can reveal.
public struct ScratchCardTable: Sendable, Equatable {
    public let issuedPerSession: Int
    public let issueOnOrderOver: Int64?
    public let validForDays: Int
    public let rewards: [ScratchReward]

    public init(issuedPerSession: Int, issueOnOrderOver: Int64?, validForDays: Int, rewards: [ScratchReward]) {
        self.issuedPerSession = issuedPerSession
        self.issueOnOrderOver = issueOnOrderOver
        self.validForDays = validForDays
        self.rewards = rewards
    }
}

/// A payment test card and the outcome it forces.
public struct TestCard: Sendable, Equatable {
    public let number: String
    public let brand: String
    public let succeeds: Bool
    public let declineCode: String?
    public let description: String

    public init(number: String, brand: String, succeeds: Bool, declineCode: String?, description: String) {
        self.number = number
        self.brand = brand
        self.succeeds = succeeds
        self.declineCode = declineCode
        self.description = description
    }
}
