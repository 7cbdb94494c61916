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
