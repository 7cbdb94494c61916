/// Where a discount came from.
public enum DiscountSource: String, Sendable {
    case offer = "OFFER"
    case scratchCard = "SCRATCH_CARD"
}

/// One discount applied to a cart or order. Free shipping carries the shipping it waived.
public struct DiscountAllocation: Sendable, Equatable {
    public let source: DiscountSource
    /// The offer code, or the scratch card's id.
    public let code: String
    public let title: String
    public let amount: Int64
    public let freeShipping: Bool
}

/// A payment attempt recorded by the dummy payment service.
public struct Payment: Sendable, Equatable {
    public let id: String
    public let succeeded: Bool
    public let amount: Int64
    public let cardBrand: String
    public let cardLast4: String
    public let declineCode: String?
}

/// A line of a placed order, copied from the cart at checkout.
public struct OrderLine: Sendable, Equatable {
    public let productId: String
    public let quantity: Int
    public let unitPrice: Int64
    public let discount: Int64
    public let total: Int64
}

/// A paid order.
public struct Order: Sendable, Equatable {
    public let id: String
    public let number: Int
    public let placedAt: Instant
    public let email: String?
    public let lines: [OrderLine]
    public let subtotal: Int64
    public let discountTotal: Int64
    public let shipping: Int64
    public let total: Int64
    public let discounts: [DiscountAllocation]
    public let payment: Payment
}

/// What `checkout` was asked to do; equal inputs make an idempotent retry.
public struct CheckoutInput: Sendable, Equatable {
    public var cardNumber: String
    public var expMonth: Int
    public var expYear: Int
    public var cvc: String
    public var idempotencyKey: String?
    public var email: String?

    public init(cardNumber: String, expMonth: Int, expYear: Int, cvc: String, idempotencyKey: String? = nil, email: String? = nil) {
        self.cardNumber = cardNumber
        self.expMonth = expMonth
        self.expYear = expYear
        self.cvc = cvc
        self.idempotencyKey = idempotencyKey
        self.email = email
    }
}

/// The result of a checkout: an order or a recorded payment, the cart after it, and errors.
public struct CheckoutOutcome: Sendable, Equatable {
    public let order: Order?
    public let payment: Payment?
    public let cart: CartView
    public let errors: [CommerceError]
}
