import CheckoutSimCommerce
import CheckoutSimSupport

/// The demo shop, `GET /shop` (docs/demo-shop.md), and the hosted checkout's routes
/// (docs/checkout-page.md), each also under `/sandbox/NAME/`:
/// `GET /checkout?session=NAME` and `GET /checkouts/cn/TOKEN` (a Storefront cart's `checkoutUrl`)
/// serve the page; `POST /checkout/graphql` is the one GraphQL-over-HTTP handler with the
/// page's requests journaled as `checkout-page`; `GET /checkout/thank-you` is the URL an
/// embedding app can watch for, sent on to `GET /orders/ID`, the order status page.
extension SimulatorServer {
    /// The pages' routes, into the one table.
    static func addPageRoutes(to routes: inout RouteTable<Route>) {
        routes.add("/shop", Route(methods: ["GET"], readsShop: false) { _, context in
            DemoShopPage.page(storeName: context.shop.simulator.withState { $0.shop.store.name }, simulator: context.shop.simulator)
        })
        routes.add("/checkout", Route(methods: ["GET"]) { server, context in server.nativeCheckout(context) })
        routes.add("/checkout/kit-events", checkoutKitRoute)
        routes.add("/checkout/graphql", Route(methods: ["POST"], replying: { server, context in server.graphQL(context, transport: .checkoutPage) }))
        routes.add("/checkout/thank-you", Route(methods: ["GET"]) { server, context in server.thankYou(context) })
        routes.add("/checkouts/cn/{token...}", Route(methods: ["GET"]) { server, context in server.storefrontCheckout(context) })
        routes.add("/orders/{id...}", Route(methods: ["GET"]) { server, context in server.orderStatus(context) })
    }

    /// The last non-empty value of `name` in the query string; nil when absent or not valid percent-encoding.
    func parameter(_ name: String, of context: RouteContext) -> String? {
        FormQuery.decode(context.request.query)?.last { $0.name == name && !$0.value.isEmpty }?.value
    }

    /// The rest of the path the route's `{name...}` took, up to 256 bytes (longer is no id this
    /// server made); nil when empty.
    private func pathTail(_ name: String, of context: RouteContext) -> String? {
        guard let tail = context.value(name), !tail.isEmpty, tail.utf8.count <= Simulator.maxSessionName else { return nil }
        return String(tail)
    }

    private func nativeCheckout(_ context: RouteContext) -> HTTPAnswer {
        let session = parameter("session", of: context) ?? "default"
        guard session.utf8.count <= Simulator.maxSessionName else {
            return CheckoutPage.message(status: 400, title: "No such session", body: "<p>A session name is at most \(Simulator.maxSessionName) bytes.</p>")
        }
        if let refusal = Self.forcedCheckout(context.shop.simulator) { return refusal }
        var setup = CheckoutPage.Setup(base: context.sandboxBase, session: session)
        // A signed-in session's checkout starts with the customer's email and default address (docs/customers.md#native).
        if let customer = context.shop.simulator.withState({ $0.shop.signedIn(session: session) }) {
            setup.prefill = Self.prefill(email: customer.email, address: customer.defaultMailingAddress?.address.checkoutFields ?? [:])
        }
        return CheckoutPage.page(setup, simulator: context.shop.simulator)
    }

    /// The page a pending checkout lever shows instead of the checkout (docs/control.md#levers),
    /// using the lever up; nil when none is pending. An expired checkout is 410 Gone, which
    /// Checkout Sheet Kit reports as `checkoutExpired`; an unavailable one posts the kit's
    /// `error` event, which it reports as `checkoutUnavailable`.
    private static func forcedCheckout(_ simulator: Simulator) -> HTTPAnswer? {
        switch simulator.withState({ $0.shop.takeForcedCheckout() }) {
        case nil: nil
        case .expired?: expiredCheckout
        case .unavailable?:
            CheckoutPage.message(
                status: 200, title: "Checkout is unavailable", body: "<p>The checkout cannot be shown right now. Try again in a moment.</p>",
                failure: .unavailable)
        }
    }

    private func storefrontCheckout(_ context: RouteContext) -> HTTPAnswer {
        let simulator = context.shop.simulator
        // The key is part of what names the cart: without it there is no such cart (docs/storefront.md#carts).
        guard let token = pathTail("token", of: context), let key = parameter("key", of: context) else { return Self.noSuchCart }
        let cart = CartReference(token: token, key: key)
        let found = simulator.withState { state -> (email: String?, address: [String: String])? in
            guard let (_, details) = state.shop.createdCart(cart) else { return nil }
            var address = details.addresses.first { $0.selected }?.fields ?? [:]
            // A cart linked to a customer prefills their email and default address (docs/customers.md#carts).
            let customer = details.buyer.customer.flatMap { state.shop.customers.customer(number: $0) }
            if address.isEmpty, let saved = customer?.defaultMailingAddress?.address { address = saved.checkoutFields }
            // The buyer's country stands in for an address's when the cart has no address yet.
            if address["countryCode"] == nil { address["countryCode"] = details.buyer.countryCode }
            return (details.buyer.email ?? customer?.email, address)
        }
        guard let found else {
            // A cart checked out here is gone, as a completed cart is on Shopify: say so, with its order.
            let session = cart.session
            if let order = simulator.withState({ $0.shop.shopper(named: session).orders.last }) {
                let link = "\(context.sandboxBase)/orders/\(order.id)?session=\(Self.queryEscaped(session))"
                return CheckoutPage.message(
                    status: 200, title: "This checkout is complete",
                    body: "<p>The cart was paid: <a href=\"\(HTMLText.escaped(link))\">order #\(order.number)</a>.</p>", failure: .completed)
            }
            // A cart left 10 days without a change has expired, as Shopify's do.
            if simulator.withState({ $0.shop.cartHasExpired(cart) }) { return Self.expiredCheckout }
            return Self.noSuchCart
        }
        if let refusal = Self.forcedCheckout(simulator) { return refusal }
        var setup = CheckoutPage.Setup(base: context.sandboxBase, session: cart.session, cartToken: token)
        setup.prefill = Self.prefill(email: found.email, address: found.address)
        return CheckoutPage.page(setup, simulator: simulator)
    }

    /// The fields the checkout page starts with: the email and the address's parts it shows.
    private static func prefill(email: String?, address: [String: String]) -> [(String, String)] {
        let given: [(String, String?)] = [("email", email)] + ["firstName", "lastName", "address1", "city", "zip", "countryCode"].map { ($0, address[$0]) }
        return given.compactMap { name, value in value.map { (name, $0) } }
    }

    /// An expired checkout: 410 Gone, which Checkout Sheet Kit reports as `checkoutExpired`.
    private static let expiredCheckout = CheckoutPage.message(
        status: 410, title: "This checkout has expired", body: "<p>Go back to the cart and check out again.</p>", failure: .expired)

    private static let noSuchCart = CheckoutPage.message(status: 404, title: "No such cart", body: "<p>There is no cart with this checkout link.</p>")

    /// `GET /checkout/thank-you?session=S&order_id=ID` (`order=ID` too): 303 to the order's page, so
    /// a web view that does not stop at the thank-you URL still lands on the order. `order_id` is
    /// where Checkout Sheet Kit's fallback view reads the order's id from.
    private func thankYou(_ context: RouteContext) -> HTTPAnswer {
        let session = parameter("session", of: context) ?? "default"
        guard let order = parameter("order_id", of: context) ?? parameter("order", of: context), order.utf8.count <= 64, session.utf8.count <= Simulator.maxSessionName else {
            return CheckoutPage.message(status: 400, title: "No such order", body: "<p>The thank-you link names no order.</p>")
        }
        let location = "\(context.sandboxBase)/orders/\(Self.queryEscaped(order))?session=\(Self.queryEscaped(session))"
        return HTTPAnswer(status: 303, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    private func orderStatus(_ context: RouteContext) -> HTTPAnswer {
        let session = parameter("session", of: context) ?? "default"
        guard let id = pathTail("id", of: context),
              let (number, body) = context.shop.simulator.orderStatusBody(id: id, session: session)
        else {
            return CheckoutPage.message(status: 404, title: "No such order", body: "<p>This session has no order with that id.</p>")
        }
        return CheckoutPage.message(status: 200, title: "Order #\(number) confirmed", body: body)
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), for a query value or a path segment.
    static func queryEscaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}
