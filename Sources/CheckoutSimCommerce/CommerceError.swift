/// A business failure, reported to clients as data (`errors: [UserError]`), never as a crash.
package struct CommerceError: Error, Sendable, Equatable {
    /// What went wrong, as `UserError.code` reports it (docs/cli.md).
    package enum Code: String, Sendable, CaseIterable {
        case productNotFound = "PRODUCT_NOT_FOUND"
        case invalidQuantity = "INVALID_QUANTITY"
        case quantityLimitExceeded = "QUANTITY_LIMIT_EXCEEDED"
        case outOfStock = "OUT_OF_STOCK"
        case insufficientStock = "INSUFFICIENT_STOCK"
        case lineNotFound = "LINE_NOT_FOUND"
        case offerNotFound = "OFFER_NOT_FOUND"
        case offerExpired = "OFFER_EXPIRED"
        case offerMinSpendNotMet = "OFFER_MIN_SPEND_NOT_MET"
        case offerNotApplicable = "OFFER_NOT_APPLICABLE"
        case offerUsageLimitReached = "OFFER_USAGE_LIMIT_REACHED"
        case scratchCardNotFound = "SCRATCH_CARD_NOT_FOUND"
        case scratchCardNotRevealed = "SCRATCH_CARD_NOT_REVEALED"
        case scratchCardAlreadyRevealed = "SCRATCH_CARD_ALREADY_REVEALED"
        case scratchCardAlreadyUsed = "SCRATCH_CARD_ALREADY_USED"
        case scratchCardExpired = "SCRATCH_CARD_EXPIRED"
        case scratchCardNoReward = "SCRATCH_CARD_NO_REWARD"
        case cartEmpty = "CART_EMPTY"
        case cardInvalidNumber = "CARD_INVALID_NUMBER"
        case cardExpired = "CARD_EXPIRED"
        case cardInvalidCVC = "CARD_INVALID_CVC"
        case paymentDeclined = "PAYMENT_DECLINED"
        case idempotencyKeyReused = "IDEMPOTENCY_KEY_REUSED"
        case invalidInput = "INVALID_INPUT"
        case emailTaken = "EMAIL_TAKEN"
        case unidentifiedCustomer = "UNIDENTIFIED_CUSTOMER"
        case customerDisabled = "CUSTOMER_DISABLED"
        case notSignedIn = "NOT_SIGNED_IN"
        case addressNotFound = "ADDRESS_NOT_FOUND"
        case signInThrottled = "THROTTLED"
    }

    /// What went wrong.
    package let code: Code
    /// A sentence saying what went wrong, for people.
    package let message: String
    /// The path of the input field at fault, when there is one (`["input", "price"]`).
    package let field: [String]?

    /// An error with its code, message and the input field at fault.
    package init(_ code: Code, _ message: String, field: [String]? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }
}
