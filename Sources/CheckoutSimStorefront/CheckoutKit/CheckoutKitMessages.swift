import CheckoutSimCommerce
import CheckoutSimGraphQL

/// What the hosted checkout posts to Checkout Sheet Kit's bridge (docs/checkout-page.md#checkout-sheet-kit):
/// each message a string, `{"name": NAME, "body": BODY}`, whose `body` is itself a JSON text (or
/// `"true"`/`"false"` for `checkoutBlockingEvent`), as the kit's decoder reads them. Amounts are JSON
/// numbers (the kit reads them as `Double`), written from the shop's minor units; ids are
/// Shopify's global ids of the Storefront dialect; every timestamp is the shop's clock.
package enum CheckoutKitMessages {
    /// The handler name the kit registers in its web view.
    package static let handlerName = "mobileCheckoutSdk"

    /// The standard checkout web pixel events the page sends, in the order a purchase meets them.
    package enum PixelEvent: String, Sendable, CaseIterable {
        case checkoutStarted = "checkout_started"
        case contactInfoSubmitted = "checkout_contact_info_submitted"
        case shippingInfoSubmitted = "checkout_shipping_info_submitted"
        case paymentInfoSubmitted = "payment_info_submitted"
        case checkoutCompleted = "checkout_completed"
    }

    /// Why a checkout cannot go on, as the kit's `error` event groups it.
    package enum Failure: Sendable, Equatable {
        /// The cart was paid: `checkoutExpired` with `cart_completed`.
        case completed
        /// The checkout has expired: `checkoutExpired` with `cart_expired`.
        case expired
        /// The checkout cannot be shown: `checkoutUnavailable`.
        case unavailable

        var group: String { self == .unavailable ? "unrecoverable" : "expired" }
        var code: String {
            switch self {
            case .completed: "cart_completed"
            case .expired: "cart_expired"
            case .unavailable: "checkout_unavailable"
            }
        }
        /// The wording the kit hands the app as the error's message.
        package var reason: String {
            switch self {
            case .completed: "Checkout already completed"
            case .expired: "Checkout has expired"
            case .unavailable: "Checkout is unavailable"
            }
        }
    }

    /// One bridge message: the string the page hands `postMessage`.
    static func message(_ name: String, body: String) -> String {
        JSON.object(JSONObject([("name", .string(name)), ("body", .string(body))])).serialized()
    }

    /// `error`: a one-element array of `{group, code, reason}`.
    package static func error(_ failure: Failure) -> String {
        let event = JSON.object(JSONObject([("group", .string(failure.group)), ("code", .string(failure.code)), ("reason", .string(failure.reason))]))
        return message("error", body: JSON.array([event]).serialized())
    }

    /// A standard web pixel event: `{name, event: {id, name, timestamp, type, context, data: {checkout}}}`.
    /// Its id is the checkout's token and the event's number on the page (`sh-TOKEN-3`), so a
    /// replayed page sends the same ids.
    package static func pixel(_ event: PixelEvent, sequence: Int, checkout: CheckoutKitCheckout) -> String {
        let body = JSON.object(JSONObject([
            ("name", .string(event.rawValue)),
            ("event", .object(JSONObject([
                ("id", .string("sh-\(checkout.token)-\(sequence)")),
                ("name", .string(event.rawValue)),
                ("timestamp", .string(checkout.timestamp)),
                ("type", "standard"),
                ("context", .object(JSONObject())),
                ("data", .object(JSONObject([("checkout", checkout.pixelData(includingOrder: event == .checkoutCompleted))]))),
            ]))),
        ]))
        return message("webPixels", body: body.serialized())
    }

    /// `completed`: the order's details as `checkoutDidComplete` hands them to the app.
    package static func completed(_ checkout: CheckoutKitCheckout) -> String {
        message("completed", body: JSON.object(JSONObject([("orderDetails", checkout.orderDetails)])).serialized())
    }
}
