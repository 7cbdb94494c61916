/// Where a discount came from.
package enum DiscountSource: String, Sendable, CaseIterable {
    case offer = "OFFER"
    case scratchCard = "SCRATCH_CARD"
}

/// One discount applied to a cart or order. Free shipping carries the shipping it waived.
package struct DiscountAllocation: Sendable, Equatable {
    /// An offer or a scratch card.
    package let source: DiscountSource
    /// The offer code, or the scratch card's id.
    package let code: String
    /// The offer's or reward's title, for display.
    package let title: String
    /// The discount in minor units (for free shipping: the shipping waived).
    package let amount: Int64
    /// Whether this discount is free shipping.
    package let freeShipping: Bool
}

/// A payment attempt recorded by the dummy payment service.
package struct Payment: Sendable, Equatable {
    /// The payment's id (`pay-1`), counting per session.
    package let id: String
    /// Whether the card was charged.
    package let succeeded: Bool
    /// The amount charged or attempted, in minor units.
    package let amount: Int64
    /// The card's brand (`visa`, `mastercard`, …).
    package let cardBrand: String
    /// The last four digits of the card.
    package let cardLast4: String
    /// Why the card was declined (`card_declined`, …); nil when it succeeded.
    package let declineCode: String?

    /// Whether the card was charged, as a status.
    package var status: PaymentStatus { succeeded ? .succeeded : .declined }
}

/// The outcome of a payment attempt.
package enum PaymentStatus: String, Sendable, CaseIterable {
    case succeeded = "SUCCEEDED"
    case declined = "DECLINED"
}

/// Where an order is; every order is paid when placed.
package enum OrderStatus: String, Sendable, CaseIterable {
    case paid = "PAID"
}

/// A line of a placed order, copied from the cart at checkout.
package struct OrderLine: Sendable, Equatable {
    /// The product's id.
    package let productId: String
    /// The variant's index in the product's `variants`.
    package let variant: Int
    /// How many units.
    package let quantity: Int
    /// The price of one unit, in minor units.
    package let unitPrice: Int64
    /// The share of the order's discounts on this line, in minor units.
    package let discount: Int64
    /// `unitPrice × quantity − discount`, in minor units.
    package let total: Int64
}

/// A paid order.
package struct Order: Sendable, Equatable {
    /// The order's id (`order-1001`).
    package let id: String
    /// The order number, counting from 1001 in each session.
    package let number: Int
    /// When it was placed, by the simulator's clock.
    package let placedAt: Instant
    /// The email given at checkout, if any.
    package let email: String?
    /// The lines, in cart order.
    package let lines: [OrderLine]
    /// The sum of the lines before discounts, in minor units.
    package let subtotal: Int64
    /// The discounts on the lines, in minor units.
    package let discountTotal: Int64
    /// Shipping after any free-shipping discount, in minor units.
    package let shipping: Int64
    /// `subtotal − discountTotal + shipping`, in minor units.
    package let total: Int64
    /// The discounts applied, offer first.
    package let discounts: [DiscountAllocation]
    /// The successful payment that placed the order.
    package let payment: Payment

    /// Where the order is: paid, since only a successful payment places one.
    package var status: OrderStatus { .paid }
}

/// What `checkout` was asked to do; equal inputs make an idempotent retry.
package struct CheckoutInput: Sendable, Equatable {
    /// The card number, digits with optional spaces.
    package var cardNumber: String
    /// The expiry month, 1–12.
    package var expMonth: Int
    /// The expiry year, four digits.
    package var expYear: Int
    /// The card's security code.
    package var cvc: String
    /// A key that makes a repeated checkout return the first outcome.
    package var idempotencyKey: String?
    /// An email to record on the order.
    package var email: String?

    /// A checkout request with these card details.
    package init(cardNumber: String, expMonth: Int, expYear: Int, cvc: String, idempotencyKey: String? = nil, email: String? = nil) {
        self.cardNumber = cardNumber
        self.expMonth = expMonth
        self.expYear = expYear
        self.cvc = cvc
        self.idempotencyKey = idempotencyKey
        self.email = email
    }
}

/// The result of a checkout: an order or a recorded payment, the cart after it, and errors.
package struct CheckoutOutcome: Sendable, Equatable {
    /// The order, when the payment succeeded.
    package let order: Order?
    /// The payment attempt, when one was made.
    package let payment: Payment?
    /// The cart after the checkout (empty after a successful one).
    package let cart: CartView
    /// Why nothing was charged, or why the card was declined.
    package let errors: [CommerceError]
    /// True when this is the recorded outcome of an earlier request with the same idempotency key.
    package internal(set) var isReplay = false
}
