/// One line of a cart: a product's variant and how many units.
package struct CartLine: Sendable, Equatable {
    /// The product's id.
    package let productId: String
    /// The variant's index in the product's `variants`.
    package let variant: Int
    /// How many units.
    package var quantity: Int

    /// A line of `quantity` units of a product's variant.
    package init(productId: String, variant: Int = 0, quantity: Int) {
        self.productId = productId
        self.variant = variant
        self.quantity = quantity
    }
}

/// A session's cart: lines in order of first addition, at most one offer and one scratch card.
package struct Cart: Sendable, Equatable {
    /// The lines, in order of first addition.
    package internal(set) var lines: [CartLine] = []
    /// The applied offer's code as the fixture spells it.
    package internal(set) var offerCode: String?
    /// The applied scratch card's id.
    package internal(set) var scratchCardId: String?
    /// What a cart made by `createCart` (a Storefront cart) holds besides its lines.
    package internal(set) var details: CartDetails?

    /// An empty cart.
    package init() {}

    /// Whether the cart has no lines.
    package var isEmpty: Bool { lines.isEmpty }

    /// How many units of a product the cart holds, all its variants.
    package func quantity(of productId: String) -> Int {
        lines.reduce(0) { $0 + ($1.productId == productId ? $1.quantity : 0) }
    }

    /// The line of a product's variant; with no variant named, the product's first line.
    package func lineIndex(of productId: String, variant: Int?) -> Int? {
        lines.firstIndex { $0.productId == productId && (variant == nil || $0.variant == variant) }
    }
}

/// A created cart's own data (docs/storefront.md#carts): its token and key, note, attributes,
/// buyer, the discount codes entered in order, and when it was made and last changed.
package struct CartDetails: Sendable, Equatable {
    package let token: String
    package let key: String
    package let createdAt: Instant
    /// The token and key together: what names the cart.
    package var reference: CartReference { CartReference(token: token, key: key) }
    package internal(set) var updatedAt: Instant
    package var note: String?
    package var attributes: [CartAttribute] = []
    package var buyer = CartBuyer()
    /// Every code entered, in order, as entered (codes compare ignoring case).
    package internal(set) var discountCodes: [String] = []
    /// The gift card codes applied, as the shop spells them, in the order applied.
    package var giftCardCodes: [String] = []
    /// The delivery addresses given, in order.
    package var addresses: [CartAddress] = []
    /// The number the next address gets (addresses keep theirs when others go).
    package var nextAddressNumber = 1
    /// The delivery option chosen, by handle; nil until one is.
    package var deliveryOption: String?
}

/// A delivery address a buyer gave a cart, with its number and whether it is the one selected.
package struct CartAddress: Sendable, Equatable {
    package let number: Int
    package var fields: [String: String]
    package var selected: Bool
    package var oneTimeUse: Bool

    package init(number: Int, fields: [String: String], selected: Bool, oneTimeUse: Bool) {
        self.number = number
        self.fields = fields
        self.selected = selected
        self.oneTimeUse = oneTimeUse
    }
}

/// A key and value a shopper or app attached to a cart.
package struct CartAttribute: Sendable, Equatable {
    package let key: String
    package let value: String

    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// Who a cart is for: what the buyer gave.
package struct CartBuyer: Sendable, Equatable {
    package var email: String?
    package var phone: String?
    package var countryCode: String?
    /// The number of the customer whose access token the buyer gave (docs/customers.md#carts).
    package var customer: Int?

    package init() {}
}

/// A scratch card's lifecycle state as stored; expiry is worked out from the clock.
package enum ScratchCardState: String, Sendable {
    case unrevealed = "UNREVEALED"
    case revealed = "REVEALED"
    case applied = "APPLIED"
    case redeemed = "REDEEMED"
}

/// A scratch card issued to a session.
package struct ScratchCard: Sendable, Equatable {
    /// The card's id (`card-1`), counting per session.
    package let id: String
    /// When it was issued.
    package let issuedAt: Instant
    /// When it stops being usable.
    package let expiresAt: Instant
    /// Its state as stored (see `status(at:)` for what clients see).
    package internal(set) var state: ScratchCardState
    /// Index into the reward table, known once revealed.
    package internal(set) var rewardIndex: Int?

    /// The status clients see: `expired` once the clock is past `expiresAt`, unless redeemed.
    package func status(at now: Instant) -> ScratchCardStatus {
        if state != .redeemed, now > expiresAt { return .expired }
        switch state {
        case .unrevealed: return .unrevealed
        case .revealed: return .revealed
        case .applied: return .applied
        case .redeemed: return .redeemed
        }
    }
}

/// Where a scratch card is in its life, as clients see it: its stored state, or expired.
package enum ScratchCardStatus: String, Sendable, CaseIterable {
    case unrevealed = "UNREVEALED"
    case revealed = "REVEALED"
    case applied = "APPLIED"
    case redeemed = "REDEEMED"
    case expired = "EXPIRED"
}
