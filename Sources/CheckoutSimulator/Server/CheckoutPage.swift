import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimStorefront
import CheckoutSimSupport

/// The hosted checkout (docs/checkout-page.md): `Pages/checkout.html`, compiled into the binary,
/// with what it needs written at its `checkout-setup` place (`PageTemplate`): where to send its
/// requests, the session whose cart it pays for, the bundled operations it sends, and what to
/// prefill. The page itself renders the cart from the `Cart` operation's answer.
enum CheckoutPage {
    /// The bundled operations the page sends, by name: their texts exactly as bundled, so a
    /// recording of the page's requests replays them as `send NAME` steps.
    static let operationNames = ["Cart", "ApplyOffer", "RemoveOffer", "Checkout"]

    /// The page with its shared parts written in once; only the setup is written per request.
    static let template = PageTemplate("Pages/checkout.html")

    /// What the page is set up with for one cart.
    struct Setup {
        /// `""`, or `/sandbox/NAME` for a sandbox's shop.
        var base: String
        /// The session whose cart it pays for (`cart-TOKEN.KEY` for a Storefront cart).
        var session: String
        /// The Storefront cart's token, shown instead of the session; nil for a native session.
        var cartToken: String?
        /// Fields to fill in at the start (`email`, `firstName`, …, `countryCode`), from a Storefront cart's buyer and selected address.
        var prefill: [(String, String)] = []
    }

    /// The page for `setup` on `simulator`'s shop.
    static func page(_ setup: Setup, simulator: Simulator) -> HTTPAnswer {
        var object = JSONObject()
        object["base"] = .string(setup.base)
        object["session"] = .string(setup.session)
        object["cart"] = setup.cartToken.map(JSON.string) ?? .null
        object["prefill"] = .object(JSONObject(setup.prefill.map { ($0.0, JSON.string($0.1)) }))
        // The country is a choice of those the shop ships to, the shop's own chosen at first.
        object["countries"] = .array(simulator.storefrontContent.checkoutCountries.map(JSON.string))
        let (shopName, symbol, rule, cards) = simulator.withState { state -> (String, String, String, [TestCard]) in
            let shop = state.shop
            let policy = shop.store.shippingPolicy
            let rule = "Standard shipping is \(shop.currency.formatted(policy.flatRate)); orders of \(shop.currency.formatted(policy.freeOver)) or more after discounts ship free."
            return (shop.store.name, shop.currency.symbol, rule, shop.testCards)
        }
        object["shopName"] = .string(shopName)
        object["currencySymbol"] = .string(symbol)
        object["shippingRule"] = .string(rule)
        object["testCards"] = .array(cards.map { card in
            .object(JSONObject([("number", .string(card.number)), ("description", .string(card.description))]))
        })
        // What the page posts to Checkout Sheet Kit when it cannot load the cart.
        object["kitUnavailable"] = .string(CheckoutKitMessages.error(.unavailable))
        object["operations"] = PageOperations.json(operationNames, simulator: simulator)
        return html(bytes: template.written([("checkout-setup", PageValue.json(.object(object)))]))
    }

    /// A small page of the checkout's look: a title and a body of already-escaped HTML. With
    /// `failure`, a checkout that cannot go on: in Checkout Sheet Kit's web view the page posts
    /// the kit's `error` event for it (docs/checkout-page.md#checkout-sheet-kit).
    static func message(status: Int, title: String, body: String, failure: CheckoutKitMessages.Failure? = nil) -> HTTPAnswer {
        let script = failure.map { failure in
            let message = PageValue.jsonText(.string(CheckoutKitMessages.error(failure)))
            return "<script>\"use strict\";{const kit = window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.\(CheckoutKitMessages.handlerName);if (kit) kit.postMessage(\(message));}</script>"
        } ?? ""
        var answer = html("""
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escaped(title)) · checkout-sim</title>
            <style>\(style)</style>
            </head><body><main><h1>\(HTMLText.escaped(title))</h1>
            \(body)
            </main>\(script)</body></html>
            """)
        answer.status = status
        return answer
    }

    /// The look the server-written pages share with the checkout: light and dark, phone-sized first.
    static let style = """
        :root{--ink:#1d1d1f;--bg:#f6f6f7;--panel:#fff;--line:#d9d9de;--muted:#5f5f66;--accent:#0a5fc2;--ok:#1a7f37}
        @media (prefers-color-scheme:dark){:root{--ink:#ececf1;--bg:#121214;--panel:#1c1c20;--line:#3a3a42;--muted:#a4a4ad;--accent:#5ea2ff;--ok:#56d37a}}
        *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        main{max-width:40rem;margin:0 auto;padding:16px}h1{font-size:24px}section{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:16px;margin:0 0 16px}
        table{width:100%;border-collapse:collapse}th,td{padding:6px 0;text-align:left;font-weight:400;vertical-align:top}td:last-child{text-align:right;white-space:nowrap;padding-left:12px}
        tr.total th,tr.total td{font-weight:700;border-top:1px solid var(--line);padding-top:10px}.muted{color:var(--muted)}.ok{color:var(--ok);font-weight:600}a{color:var(--accent)}
        """

    private static func html(_ text: String) -> HTTPAnswer {
        html(bytes: Array(text.utf8))
    }

    private static func html(bytes: [UInt8]) -> HTTPAnswer {
        HTTPAnswer(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")], body: bytes)
    }
}
