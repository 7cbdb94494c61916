import CheckoutSimCommerce
import CheckoutSimSupport

/// The order status page the hosted checkout ends on (docs/checkout-page.md): `/orders/ID?session=NAME`,
/// the order's number, lines, discounts, shipping, total and the card it was paid with.
extension Simulator {
    /// The page body for `session`'s order `id`; nil when that session has no such order.
    func orderStatusBody(id: String, session: String) -> (number: Int, body: String)? {
        withState { state -> (Int, String)? in
            let shop = state.shop
            // A fixture customer's past order has a session name of its own (docs/customers.md#orders),
            // and the customer signed in on the session sees every order of theirs.
            guard let order = shop.shopper(named: session).orders.first(where: { $0.id == id })
                ?? shop.customers.allOrders.first(where: { $0.session == session && $0.order.id == id })?.order
                ?? shop.signedIn(session: session).flatMap({ customer in shop.customers.orders(of: customer.number).first { $0.order.id == id }?.order })
            else { return nil }
            let money = { (minor: Int64) in HTMLText.escaped(shop.currency.formatted(minor)) }
            var rows = ""
            for line in order.lines {
                let name = shop.catalog.product(id: line.productId)?.name ?? line.productId
                // Before discounts (total + discount: no overflow, as a cart's subtotal is bounded),
                // which the totals then take off.
                rows += "<tr><th scope=\"row\">\(line.quantity) × \(HTMLText.escaped(name))</th><td>\(money(line.total + line.discount))</td></tr>\n"
            }
            var totals = "<tr><th scope=\"row\">Subtotal</th><td>\(money(order.subtotal))</td></tr>\n"
            if order.discountTotal > 0 {
                let titles = order.discounts.filter { !$0.freeShipping }.map(\.title).joined(separator: ", ")
                totals += "<tr><th scope=\"row\">Discounts (\(HTMLText.escaped(titles)))</th><td>−\(money(order.discountTotal))</td></tr>\n"
            }
            totals += "<tr><th scope=\"row\">Shipping</th><td>\(order.shipping == 0 ? "Free" : money(order.shipping))</td></tr>\n"
            totals += "<tr class=\"total\"><th scope=\"row\">Total paid</th><td id=\"order-total\">\(money(order.total))</td></tr>\n"
            let email = order.email.map { "<p>A confirmation would go to <strong>\(HTMLText.escaped($0))</strong>.</p>" } ?? ""
            let body = """
                <p class="ok" role="status">Thank you — your order is confirmed.</p>
                <section aria-labelledby="order-title"><h2 id="order-title">Order <span id="order-number">#\(order.number)</span></h2>
                <p class="muted">Placed \(HTMLText.escaped(order.placedAt.iso8601)) · paid with \(HTMLText.escaped(order.payment.cardBrand)) ending \(HTMLText.escaped(order.payment.cardLast4))</p>
                <table><tbody>\(rows)</tbody></table><table><tbody>\(totals)</tbody></table></section>
                \(email)
                """
            return (order.number, body)
        }
    }
}
