/// What a discount does.
package enum DiscountKind: String, Sendable, CaseIterable {
    case percentOff = "PERCENT_OFF"
    case amountOff = "AMOUNT_OFF"
    case freeShipping = "FREE_SHIPPING"
    case noReward = "NO_REWARD"
}

/// A discount's effect: a percentage (whole percent), an amount in minor units, or free shipping.
package struct DiscountValue: Sendable, Equatable {
    /// What the discount does.
    package let kind: DiscountKind
    /// Percent for `percentOff`, minor units for `amountOff`, 0 otherwise.
    package let magnitude: Int64
    /// The value as the fixture wrote it (`"10"`, `"50.00"`).
    package let text: String

    /// A discount value; `text` is how the fixture wrote it.
    package init(kind: DiscountKind, magnitude: Int64, text: String) {
        self.kind = kind
        self.magnitude = magnitude
        self.text = text
    }
}

/// An offer code from `offers.json`.
package struct OfferDefinition: Sendable, Equatable {
    /// The code shoppers type, matched case-insensitively.
    package let code: String
    /// A short title for display.
    package let title: String
    /// What the offer gives, in a sentence.
    package let description: String
    /// The discount it applies.
    package let value: DiscountValue
    /// The subtotal the cart must reach, in minor units; nil for none.
    package let minSpend: Int64?
    /// The brand the offer is limited to; nil for the whole cart.
    package let brandId: String?
    /// When the offer stops working; nil for never.
    package internal(set) var expiresAt: Instant?
    /// How many of a session's paid orders may use it; nil for no limit.
    package let usageLimit: Int?

    /// An offer as `offers.json` describes it; amounts in minor units.
    package init(
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
