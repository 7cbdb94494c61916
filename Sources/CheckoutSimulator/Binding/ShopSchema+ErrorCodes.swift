import CheckoutSimCommerce

extension ShopSchema {
    /// What each business error code means, for the `ErrorCode` enum's descriptions.
    static func errorDescription(_ code: CommerceError.Code) -> String {
        switch code {
        case .productNotFound: "No product has that id."
        case .invalidQuantity: "The quantity is out of range."
        case .quantityLimitExceeded: "More than the product's per-order limit."
        case .outOfStock: "The product has no stock."
        case .insufficientStock: "Fewer units in stock than asked for."
        case .lineNotFound: "The cart has no line for that product."
        case .offerNotFound: "No offer has that code."
        case .offerExpired: "The offer has ended."
        case .offerMinSpendNotMet: "The cart's subtotal is below the offer's minimum."
        case .offerNotApplicable: "Nothing in the cart qualifies for the offer."
        case .offerUsageLimitReached: "The session has used the offer as often as allowed."
        case .scratchCardNotFound: "No scratch card has that id."
        case .scratchCardNotRevealed: "The card must be revealed first."
        case .scratchCardAlreadyRevealed: "The card was already revealed."
        case .scratchCardAlreadyUsed: "The card was already used on an order."
        case .scratchCardExpired: "The card has expired."
        case .scratchCardNoReward: "The card revealed no reward."
        case .cartEmpty: "There is nothing to check out."
        case .cardInvalidNumber: "The card number is malformed or fails the Luhn check."
        case .cardExpired: "The card's expiry date has passed."
        case .cardInvalidCVC: "The CVC has the wrong length or characters."
        case .paymentDeclined: "The payment service declined the card."
        case .idempotencyKeyReused: "The idempotency key was used with a different request."
        case .invalidInput: "An input field is invalid."
        case .emailTaken: "Another customer has that email."
        case .unidentifiedCustomer: "No customer has that email and password."
        case .customerDisabled: "The customer's account is disabled."
        case .notSignedIn: "The session is not signed in, or its token has expired."
        case .addressNotFound: "The signed-in customer has no address with that id."
        case .signInThrottled: "Too many sign-in attempts; try again later."
        }
    }
}
