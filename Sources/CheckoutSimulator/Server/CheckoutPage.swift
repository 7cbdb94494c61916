import CheckoutSimCommerce
import CheckoutSimSupport

/// The page a Storefront cart's `checkoutUrl` opens (docs/storefront.md#carts): which cart it is,
/// its lines and total, in a page with no outside resources.
enum CheckoutPage {
    static func html(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escaped(title)) · checkout-sim</title>
        <style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:right}</style>
        </head><body><main><h1>\(HTMLText.escaped(title))</h1>
        \(body)
        </main></body></html>
        """
    }
}

extension Simulator {
    /// The body of a created cart's checkout page: its token, lines and total; nil when there is no such cart.
    func createdCartSummary(token: String) -> String? {
        guard token.utf8.count <= 64 else { return nil }
        return withState { state -> String? in
            let shop = state.shop
            guard let (session, details) = shop.createdCart(token: token, key: nil) else { return nil }
            let view = shop.cartView(for: session)
            let currency = shop.currency
            var rows = ""
            for line in view.lines {
                guard let product = shop.catalog.product(at: line.position) else { continue }
                let variant = product.variants[line.variant].title
                let name = variant == ProductVariant.defaultTitle ? product.name : "\(product.name) – \(variant)"
                rows += "<tr><td>\(line.quantity) × \(HTMLText.escaped(name))</td><td>\(HTMLText.escaped(currency.formatted(line.total)))</td></tr>\n"
            }
            return """
                <p>Cart <code id="cart-token">\(HTMLText.escaped(details.token))</code></p>
                <table>\(rows)<tr><th scope="row" style="text-align:left">Total</th><td id="cart-total">\(HTMLText.escaped(currency.formatted(view.subtotal - view.discountTotal)))</td></tr></table>
                <p>Shipping is added at checkout.</p>
                """
        }
    }
}
