import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimSupport

/// `POST /checkout/kit-events` (docs/checkout-page.md#checkout-sheet-kit): the messages the hosted
/// checkout posts to Checkout Sheet Kit's bridge, made by the server from the shop's own cart and
/// order so that ids, amounts and times are the shop's. The page asks only inside the kit's web view.
///
/// Body: `{"session": S, "events": [NAME…], "sequence": N, "buyer": {email, firstName, …}, "order": ID?}`
/// where each NAME is a standard pixel event's (`checkout_started`, …, `checkout_completed`) or
/// `completed`, N numbers the first pixel event of the page, and `order` (needed by
/// `checkout_completed` and `completed`) is an order of the session. Answer: `{"messages": [STRING…]}`,
/// one per event, each ready for `postMessage`.
extension SimulatorServer {
    static let checkoutKitRoute = Route(methods: ["POST"]) { _, context in checkoutKitEvents(context) }

    /// The most events one request asks for: a purchase's five pixel events and `completed`.
    private static let maxKitEvents = 8

    private static func checkoutKitEvents(_ context: RouteContext) -> HTTPAnswer {
        guard let request = try? JSONParser.parse(context.request.body, maxDepth: 8), case .object = request else {
            return .refused("Expected a JSON object: {\"session\", \"events\", \"sequence\", \"buyer\", \"order\"?}.")
        }
        guard let session = request["session"]?.stringValue, !session.isEmpty, session.utf8.count <= Simulator.maxSessionName else {
            return .refused("\"session\" is the session whose checkout this is, 1 to \(Simulator.maxSessionName) bytes.")
        }
        guard let names = request["events"]?.arrayValue, (1...maxKitEvents).contains(names.count) else {
            return .refused("\"events\" lists 1 to \(maxKitEvents) events.")
        }
        var events: [KitEvent] = []
        for name in names {
            guard let text = name.stringValue, let event = KitEvent(text) else {
                let known = (CheckoutKitMessages.PixelEvent.allCases.map(\.rawValue) + ["completed"]).joined(separator: ", ")
                return .refused("\(name.serialized()) is not an event the page sends; expected one of \(known).")
            }
            events.append(event)
        }
        guard case .int(let sequence)? = request["sequence"], (1...1_000_000).contains(sequence) else {
            return .refused("\"sequence\" is the number of the first pixel event, 1 to 1000000.")
        }
        let orderId = request["order"]?.stringValue
        if events.contains(where: \.needsOrder), orderId == nil {
            return .refused("checkout_completed and completed need \"order\": the id of the order the page placed.")
        }
        let buyer = CheckoutKitCheckout.Buyer(request["buyer"])
        // The kit knows a Storefront cart by its token, a native session's cart by the session's name.
        let token = CartReference.token(ofSession: session) ?? session
        let checkout = context.shop.simulator.withState { state -> CheckoutKitCheckout? in
            let shopper = state.shop.shopper(named: session)
            var order: Order?
            if let orderId {
                guard let placed = shopper.orders.last(where: { $0.id == orderId }) else { return nil }
                order = placed
            }
            return CheckoutKitCheckout(shop: state.shop, session: shopper, token: token, buyer: buyer, order: order)
        }
        guard let checkout else {
            return .json(404, Array(#"{"errors":[{"message":"This session has no such order.","extensions":{"code":"NOT_FOUND"}}]}"#.utf8))
        }
        var number = sequence
        let messages = events.map { event -> JSON in
            switch event {
            case .pixel(let pixel):
                defer { number += 1 }
                return .string(CheckoutKitMessages.pixel(pixel, sequence: number, checkout: checkout))
            case .completed:
                return .string(CheckoutKitMessages.completed(checkout))
            }
        }
        return .json(200, Array(JSON.object(JSONObject([("messages", .array(messages))])).serialized().utf8))
    }

    /// An event the page asks for.
    private enum KitEvent {
        case pixel(CheckoutKitMessages.PixelEvent)
        case completed

        init?(_ name: String) {
            if name == "completed" {
                self = .completed
            } else if let pixel = CheckoutKitMessages.PixelEvent(rawValue: name) {
                self = .pixel(pixel)
            } else {
                return nil
            }
        }

        var needsOrder: Bool {
            switch self {
            case .completed, .pixel(.checkoutCompleted): true
            case .pixel: false
            }
        }
    }
}
