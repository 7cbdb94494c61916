/// Where a discount came from.
public enum DiscountSource: String, Sendable, CaseIterable {
    case offer = "OFFER"
    case scratchCard = "SCRATCH_CARD"
}

/// One discount applied to a cart or order. Free shipping carries the shipping it waived.
public struct DiscountAllocation: Sendable, Equatable {
    /// An offer or a scratch card.
    public let source: DiscountSource
    /// The offer code, or the scratch card's id.
    public let code: String
    /// The offer's or reward's title, for display.
    public let title: String
    /// The discount in minor units (for free shipping: the shipping waived).
    public let amount: Int64
    /// Whether this discount is free shipping.
    public let freeShipping: Bool
}

/// A payment attempt recorded by the dummy payment service.
public struct Payment: Sendable, Equatable {
    /// The payment's id (`pay-1`), counting per session.
    public let id: String
    /// Whether the card was charged.
    public let succeeded: Bool
    /// The amount charged or attempted, in minor units.
    public let amount: Int64
    /// The card's brand (`visa`, `mastercard`, …).
    public let cardBrand: String
    /// The last four digits of the card.
    public let cardLast4: String
    /// Why the card was declined (`card_declined`, …); nil when it succeeded.
    public let declineCode: String?

    /// Whether the card was charged, as a status.
    public var status: PaymentStatus { succeeded ? .succeeded : .declined }
}

/// The outcome of a payment attempt.
public enum PaymentStatus: String, Sendable, CaseIterable {
    case succeeded = "SUCCEEDED"
    case declined = "DECLINED"
}

/// Where an order is; every order is paid when placed.
public enum OrderStatus: String, Sendable, CaseIterable {
    case paid = "PAID"
}

/// A line of a placed order, copied from the cart at checkout.
public struct OrderLine: Sendable, Equatable {
    /// The product's id.
    public let productId: String
    /// How many units.
    public let quantity: Int
    /// The price of one unit, in minor units.
    public let unitPrice: Int64
    /// The share of the order's discounts on this line, in minor units.
    public let discount: Int64
    /// `unitPrice × quantity − discount`, in minor units.
    public let total: Int64
}

/// A paid order.
public struct Order: Sendable, Equatable {
    /// The order's id (`order-1001`).
    public let id: String
    /// The order number, counting from 1001 in each session.
    public let number: Int
    /// When it was placed, by the simulator's clock.
    public let placedAt: Instant
    /// The email given at checkout, if any.
    public let email: String?
    /// The lines, in cart order.
    public let lines: [OrderLine]
    /// The sum of the lines before discounts, in minor units.
    public let subtotal: Int64
    /// The discounts on the lines, in minor units.
    public let discountTotal: Int64
    /// Shipping after any free-shipping discount, in minor units.
    public let shipping: Int64
    /// `subtotal − discountTotal + shipping`, in minor units.
    public let total: Int64
    /// The discounts applied, offer first.
    public let discounts: [DiscountAllocation]
    /// The successful payment that placed the order.
    public let payment: Payment

    /// Where the order is: paid, since only a successful payment places one.
    public var status: OrderStatus { .paid }
}

/// What `checkout` was asked to do; equal inputs make an idempotent retry.
public struct CheckoutInput: Sendable, Equatable {
    /// The card number, digits with optional spaces.
    public var cardNumber: String
    /// The expiry month, 1–12.
    public var expMonth: Int
    /// The expiry year, four digits.
    public var expYear: Int
    /// The card's security code.
    public var cvc: String
    /// A key that makes a repeated checkout return the first outcome.
    public var idempotencyKey: String?
    /// An email to record on the order.
    public var email: String?

    /// A checkout request with these card details.
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
    /// The order, when the payment succeeded.
    public let order: Order?
    /// The payment attempt, when one was made.
    public let payment: Payment?
    /// The cart after the checkout (empty after a successful one).
    public let cart: CartView
    /// Why nothing was charged, or why the card was declined.
    public let errors: [CommerceError]
    /// True when this is the recorded outcome of an earlier request with the same idempotency key.
    public internal(set) var isReplay = false
}
