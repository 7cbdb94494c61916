import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimulator

/// The hosted checkout (docs/checkout-page.md) in a real headless Chromium, driven over DevTools,
/// against a real server: purchases typed with the keyboard, declines, authentication, levers and
/// faults seen on the page, a phone-sized viewport, and a Storefront cart's `checkoutUrl`.
///
/// With `CHECKOUT_SIM_SCREENSHOTS=DIR` each state's screenshot is written there (docs/images/
/// holds the ones the docs show); without it none is taken (encoding them costs the suite CPU).
@Suite struct CheckoutPageBrowserTests {
    static let chromium = PlaygroundBrowserTests.chromium
    static let card = ["number": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123"]
    static let address = ["email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace", "address1": "12 Analytical Street",
                          "city": "Toronto", "zip": "M5V 2T6", "countryCode": "CA"]

    /// Keeps a screenshot of the page as it is now as `PREFIXname.png`.
    static func keep(_ browser: DevToolsPage, _ name: String, prefix: String = "checkout-", wholePage: Bool = true) async throws {
        guard let folder = ProcessInfo.processInfo.environment["CHECKOUT_SIM_SCREENSHOTS"] else { return }
        let png = try await browser.screenshot(wholePage: wholePage)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG of \(name)")
        try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(prefix)\(name).png"))
    }

    /// Puts `quantity` of `product` in `session`'s cart through the API, as an app would have.
    static func fillCart(_ harness: ServerHarness, session: String, product: String = "pixel-8", quantity: Int = 2) async throws {
        let add = #"{"query": "mutation { addToCart(productId: \"\#(product)\", quantity: \#(quantity)) { errors { code } } }"}"#
        #expect(try await harness.post(add, session: session).body == #"{"data":{"addToCart":{"errors":[]}}}"#)
    }

    /// Opens the page and waits for its cart.
    static func open(_ browser: DevToolsPage, _ url: String) async throws {
        try await browser.navigate(url)
        #expect(try await browser.waitUntil("document.body && document.body.dataset.cart === 'ready'"), "the page loaded its cart")
    }

    /// Sets the page's fields as autofill would.
    static func fill(_ browser: DevToolsPage, _ values: [String: String]) async throws {
        for (id, value) in values.sorted(by: { $0.key < $1.key }) {
            _ = try await browser.evaluate("document.getElementById('\(id)').value = \(JSON.string(value).serialized())")
        }
    }

    static func text(_ browser: DevToolsPage, _ id: String) async throws -> String {
        try await browser.evaluate("(document.getElementById('\(id)') || {}).textContent || ''") as? String ?? ""
    }

    /// A browser on a blank page, laid out as a laptop's screen unless a test says otherwise.
    static func newBrowser() async throws -> DevToolsPage {
        let browser = try await DevToolsBrowser.page(try #require(chromium))
        try await browser.setViewport(width: 1280, height: 900, mobile: false)
        return browser
    }

    /// Only the keyboard: Tab through the fields in the order they are shown, type, apply a code
    /// with Enter, pay with Enter. The page tells an embedding app through its bridge, lands on
    /// the order page, its requests are journaled as `checkout-page`, and the recording replays.
    @Test(.enabled(if: chromium != nil))
    func aKeyboardOnlyPurchaseEndsOnTheOrderPageAndReplays() async throws {
        var recorded = ""
        try await ServerHarness.with { harness in
            try await Self.fillCart(harness, session: "buyer")
            let browser = try await Self.newBrowser()
            defer { browser.close() }
            // A stand-in for an app's WKScriptMessageHandler, kept across the page's navigation.
            try await browser.runOnEveryDocument(
                "window.webkit = {messageHandlers: {checkoutSim: {postMessage: (m) => localStorage.setItem('bridge', JSON.stringify(m))}}};")
            try await Self.open(browser, harness.server.baseURL + "/checkout?session=buyer")
            #expect(try await Self.text(browser, "lines").contains("2 × Pixel 8 128 GB"))
            #expect(try await Self.text(browser, "total") == "Total$1,398.00")
            let typed: [(String, String?)] = [
                ("email", Self.address["email"]), ("firstName", "Ada"), ("lastName", "Lovelace"), ("address1", "12 Analytical Street"),
                ("city", "Boston"), ("zip", "02110"), ("countryCode", nil), ("standard", nil), ("code", "WELCOME10"),
            ]
            for (id, value) in typed {
                try await browser.press("Tab")
                #expect(try await browser.evaluate("document.activeElement.id") as? String == id, "Tab reaches \(id) next")
                if let value { try await browser.type(value) }
            }
            // The country is a choice of the shop's, its own already chosen: nothing to type.
            let countries = try await browser.evaluate("[...document.getElementById('countryCode').options].map(o => o.value + ' ' + o.text).join(', ')")
            #expect(countries as? String == "US United States, CA Canada")
            #expect(try await browser.evaluate("document.getElementById('countryCode').value") as? String == "US")
            try await browser.press("Enter")
            #expect(try await browser.waitUntil("document.getElementById('applied-offer') !== null"), "Enter in the code field applied it")
            #expect(try await Self.text(browser, "total") == "Total$1,258.20", "WELCOME10 takes 10% off")
            #expect(try await Self.text(browser, "lines") == "2 × Pixel 8 128 GB$1,398.00", "the line before discounts")
            #expect(try await Self.text(browser, "discounts") == "Discounts (10% off your order)−$139.80")
            for (id, value) in [("apply", nil), ("number", Self.card["number"]), ("expiry", "12/30"), ("cvc", "123")] as [(String, String?)] {
                try await browser.press("Tab")
                #expect(try await browser.evaluate("document.activeElement.id") as? String == id, "Tab reaches \(id) next")
                if let value { try await browser.type(value) }
            }
            try await Self.keep(browser, "filled")
            try await browser.press("Enter")
            #expect(try await browser.waitUntil("location.pathname.startsWith('/orders/') && document.readyState === 'complete'"), "the page went on to the order")
            #expect(try await browser.evaluate("location.pathname + location.search") as? String == "/orders/order-1001?session=buyer")
            #expect(try await Self.text(browser, "order-number") == "#1001")
            #expect(try await Self.text(browser, "order-total") == "$1,258.20")
            let bridge = try #require(try await browser.evaluate("localStorage.getItem('bridge')") as? String)
            #expect(try JSONParser.parse(Array(bridge.utf8)) == JSON.object(JSONObject([
                ("event", "completed"), ("orderId", "order-1001"), ("orderNumber", 1001), ("total", "$1,258.20"), ("session", "buyer"),
            ])), "the app's bridge was told: \(bridge)")
            try await Self.keep(browser, "order")

            let journal = try JSONParser.parse(Array(try await harness.send("GET", "/__sim/requests?session=buyer").body.utf8))
            let entries = journal["requests"]?.arrayValue ?? []
            let seen = entries.map { "\($0["transport"]?.stringValue ?? "") \($0["operationName"]?.stringValue ?? "-")" }
            #expect(seen == ["http -", "checkout-page Cart", "checkout-page ApplyOffer", "checkout-page Checkout"], "\(seen)")
            recorded = try await harness.send("GET", "/__sim/requests.scenario").body
        }
        #expect(recorded.contains("send Checkout {"), "\(recorded)")
        try RecordingTests.replay([("page-purchase", recorded)], folder: "recording-checkout-page")
    }

    /// On a phone-sized viewport: a declined card shows Stripe's message and keeps the cart;
    /// another card then pays. Nothing is wider than the screen at any step.
    @Test(.enabled(if: chromium != nil))
    func aDeclineThenASuccessOnAPhone() async throws {
        try await ServerHarness.with { harness in
            try await Self.fillCart(harness, session: "phone")
            let browser = try await Self.newBrowser()
            defer { browser.close() }
            try await browser.setViewport(width: 390, height: 844, mobile: true)
            try await Self.open(browser, harness.server.baseURL + "/checkout?session=phone")
            let fits = "document.documentElement.scrollWidth <= window.innerWidth"
            #expect(try await browser.evaluate(fits) as? Bool == true, "nothing overflows a 390-pixel screen")
            try await Self.keep(browser, "phone")
            try await Self.fill(browser, Self.address.merging(["number": "4000000000009995", "expiry": "12/30", "cvc": "123"]) { $1 })
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("document.getElementById('status').textContent.includes('insufficient funds')"))
            #expect(try await Self.text(browser, "status").hasPrefix("Your card has insufficient funds. (insufficient_funds)"))
            #expect(try await browser.evaluate("document.activeElement.id") as? String == "number", "focus went back to the card number")
            #expect(try await browser.evaluate(fits) as? Bool == true)
            try await Self.keep(browser, "declined")
            let cart = try await harness.post(#"{"query": "{ cart { totalQuantity } }"}"#, session: "phone")
            #expect(cart.body == #"{"data":{"cart":{"totalQuantity":2}}}"#, "the decline kept the cart")
            try await Self.fill(browser, ["number": "5555 5555 5555 4444"])
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"))
            #expect(try await Self.text(browser, "order-total") == "$1,398.00")
            #expect(try await browser.evaluate(fits) as? Bool == true, "the order page fits too")
        }
    }

    /// A `requires_action` lever shows the authentication step: Fail keeps the cart; the 3-D
    /// Secure test card asks again, and Approve places the order.
    @Test(.enabled(if: chromium != nil))
    func anAuthenticationStepCanFailOrBeApproved() async throws {
        try await ServerHarness.with { harness in
            try await Self.fillCart(harness, session: "sca")
            let lever = try await harness.send("POST", "/__sim/levers", body: #"{"payments": {"next": "requires_action"}}"#)
            #expect(lever.status == 200)
            let browser = try await Self.newBrowser()
            defer { browser.close() }
            try await Self.open(browser, harness.server.baseURL + "/checkout?session=sca")
            try await Self.fill(browser, Self.address.merging(Self.card) { $1 })
            let dialogShown = "!document.getElementById('auth').hidden"
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil(dialogShown), "the lever asked for authentication")
            #expect(try await browser.evaluate("document.activeElement.id") as? String == "auth-title", "focus moved into the dialog")
            try await Self.keep(browser, "authenticate", wholePage: false)
            _ = try await browser.evaluate("document.getElementById('auth-fail').click()")
            #expect(try await Self.text(browser, "status").hasPrefix("Authentication failed"))
            #expect(try await browser.evaluate(dialogShown) as? Bool == false)
            // Stripe's 3-D Secure test card asks too; approving pays.
            try await Self.fill(browser, ["number": "4000002500003155"])
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil(dialogShown), "the 3-D Secure card asked for authentication")
            try await browser.press("Tab")
            #expect(try await browser.evaluate("document.activeElement.id") as? String == "auth-fail", "Tab stays in the dialog")
            try await browser.press("Tab")
            #expect(try await browser.evaluate("document.activeElement.id") as? String == "auth-approve")
            try await browser.press("Enter")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"), "approving placed the order")
            let payments = try await harness.post(#"{"query": "{ orders { payment { id status cardLast4 } } }"}"#, session: "sca")
            #expect(payments.body == #"{"data":{"orders":[{"payment":{"id":"pay-3","status":"SUCCEEDED","cardLast4":"3155"}}]}}"#,
                    "two declined attempts (the lever's, the card's), then the approved one")
            let recorded = try await harness.send("GET", "/__sim/requests.scenario").body
            #expect(recorded.contains("lever payments requires_action"), "\(recorded)")
            #expect(recorded.contains("lever payments approved"), "the approval replays as a lever: \(recorded)")
        }
    }

    /// A fault aimed at `Checkout` and a stock lever pulled while the buyer is on the page are
    /// both seen there, announced in the status region.
    @Test(.enabled(if: chromium != nil))
    func anAimedFaultAndAStockLeverShowOnThePage() async throws {
        try await ServerHarness.with { harness in
            try await Self.fillCart(harness, session: "live")
            let browser = try await Self.newBrowser()
            defer { browser.close() }
            try await Self.open(browser, harness.server.baseURL + "/checkout?session=live")
            try await Self.fill(browser, Self.address.merging(Self.card) { $1 })
            // A slow answer first, so the page can be seen while it pays: nothing moves but the button's label.
            let fault = try await harness.send(
                "POST", "/__sim/network", body: #"{"latencyMs": {"ms": 3000, "operation": "Checkout"}, "failNext": {"status": 503, "operation": "Checkout"}}"#)
            #expect(fault.status == 200)
            let layout = "JSON.stringify(['pay', 'status', 'number'].map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return [r.top, r.height, r.width]; }))"
            let before = try await browser.evaluate(layout) as? String
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("document.getElementById('pay').textContent === 'Paying…'"))
            #expect(try await browser.evaluate("document.getElementById('pay').getAttribute('aria-busy')") as? String == "true")
            #expect(try await browser.evaluate(layout) as? String == before, "no layout shift on submit")
            #expect(try await browser.waitUntil("document.getElementById('status').textContent.includes('HTTP 503')"))
            #expect(try await harness.send("POST", "/__sim/network", body: "{}").status == 200)
            #expect(try await browser.evaluate("document.getElementById('status').getAttribute('role')") as? String == "alert")
            try await Self.keep(browser, "fault")
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"stock": {"pixel-8": 1}}"#).status == 200)
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("document.getElementById('status').textContent.includes('Only 1 of')"))
            #expect(try await Self.text(browser, "status") == #"Only 1 of "Pixel 8 128 GB" is available; the cart holds 2."#)
            try await Self.keep(browser, "stock")
        }
    }

    /// A session's cart of one item paid with the test card: the shop's first order, order-1001.
    static func payForOneItem(_ harness: ServerHarness, session: String) async throws {
        try await fillCart(harness, session: session, quantity: 1)
        let paid = try await harness.post(
            #"{"query": "mutation { checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}}) { order { id } } }"}"#,
            session: session)
        #expect(paid.body.contains("order-1001"))
    }

    /// Every page, loaded in Chromium and left to settle, fetched everything it used (scripts,
    /// styles, images, fonts, its own requests) from the server that served it, or had it inline:
    /// the browser's own list of what it fetched, not a search of the page's text.
    @Test(.enabled(if: chromium != nil))
    func thePagesFetchNothingFromElsewhere() async throws {
        try await ServerHarness.with { harness in
            try await Self.payForOneItem(harness, session: "own")
            let browser = try await Self.newBrowser()
            defer { browser.close() }
            let origin = harness.server.baseURL
            for (path, settled) in [
                ("/checkout?session=own", "document.readyState === 'complete'"), ("/orders/order-1001?session=own", "document.readyState === 'complete'"),
                ("/shop", "document.body.dataset.view === 'sections'"), ("/", "document.body.dataset.schema === 'ready'"),
            ] {
                try await browser.navigate(origin + path)
                #expect(try await browser.waitUntil(settled), "\(path) settled")
                let fetched = try await browser.evaluate("""
                    JSON.stringify(performance.getEntriesByType('resource').map(e => e.name)
                      .concat([...document.querySelectorAll('[src], link[href]')].map(e => e.src || e.href)))
                    """) as? String ?? ""
                let urls = try JSONParser.parse(fetched).arrayValue?.compactMap(\.stringValue) ?? []
                #expect(urls.contains { $0.hasPrefix(origin) } || path != "/shop", "\(path) fetched its data from the server")
                let elsewhere = urls.filter { !$0.hasPrefix(origin + "/") && !$0.hasPrefix("data:") && !$0.hasPrefix("blob:") }
                #expect(elsewhere.isEmpty, "\(path) fetched from elsewhere: \(elsewhere)")
            }
        }
    }

    @Test func thePagesAreSelfContained() async throws {
        try await ServerHarness.with { harness in
            try await Self.payForOneItem(harness, session: "plain")
            for path in ["/checkout?session=plain", "/orders/order-1001?session=plain", "/sandbox/s/checkout"] {
                let page = try await harness.send("GET", path)
                #expect(page.status == 200, "\(path)")
                #expect(page.headers["content-type"] == "text/html; charset=utf-8")
                for external in ["src=\"http", "href=\"http", "url(http", "@import", "src=\"//", "href=\"//"] {
                    #expect(!page.body.contains(external), "\(path) refers to \(external)…")
                }
            }
            let thanks = try await harness.send("GET", "/checkout/thank-you?session=plain&order=order-1001")
            #expect(thanks.body.contains("Order #1001 confirmed"), "the thank-you URL lands on the order page")
            for (path, status) in [("/orders/order-1001?session=other", 404), ("/orders/order-9?session=plain", 404), ("/checkouts/cn/nope", 404),
                                   ("/checkout?session=" + String(repeating: "s", count: 300), 400), ("/checkout/thank-you?session=plain", 400)] {
                #expect(try await harness.send("GET", path).status == status, "\(path)")
            }
        }
    }

    /// A Storefront cart's `checkoutUrl` opens the page with the buyer's email and address
    /// filled in, pays for that cart, and the cart is then complete (gone, as on Shopify); a cart
    /// with a buyer's country and no address chooses that country.
    @Test(.enabled(if: chromium != nil))
    func aStorefrontCheckoutURLCompletesItsCart() async throws {
        try await ServerHarness.with { harness in
            let create = #"""
                mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001", quantity: 1}],
                  buyerIdentity: {email: "grace@example.com"},
                  delivery: {addresses: [{selected: true, address: {deliveryAddress: {firstName: "Grace", lastName: "Hopper",
                    address1: "1 Navy Way", city: "Arlington", zip: "22201", countryCode: US}}}]}}) {
                  cart { id checkoutUrl } userErrors { code } } }
                """#
            let created = try await harness.send("POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(create), headers: StorefrontHTTPTests.headers)
            let cart = try JSONParser.parse(Array(created.body.utf8))["data"]?["cartCreate"]?["cart"]
            let url = try #require(cart?["checkoutUrl"]?.stringValue, "\(created.body)")
            let id = try #require(cart?["id"]?.stringValue)
            let browser = try await Self.newBrowser()
            defer { browser.close() }
            try await Self.open(browser, url)
            #expect(try await browser.evaluate("document.getElementById('email').value") as? String == "grace@example.com")
            #expect(try await browser.evaluate("document.getElementById('city').value") as? String == "Arlington")
            #expect(try await browser.evaluate("document.getElementById('countryCode').value") as? String == "US")
            #expect(try await Self.text(browser, "which").hasPrefix("Cart "))
            try await Self.keep(browser, "storefront")
            try await Self.fill(browser, Self.card)
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"))
            let after = try await harness.send(
                "POST", "/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(#"{ cart(id: "\#(id)") { id } }"#), headers: StorefrontHTTPTests.headers)
            #expect(after.body == #"{"data":{"cart":null}}"#, "the paid cart is complete")
            let page = try await harness.send("GET", String(url.dropFirst(harness.server.baseURL.count)))
            #expect(page.body.contains("This checkout is complete"))
            #expect(page.body.contains("order #1001"))

            // Without an address, the buyer's country is chosen: one the shop ships to among the
            // shop's, one it does not list added so the buyer sees it.
            for (country, options) in [("CA", "US, CA"), ("GB", "US, CA, GB")] {
                let create = #"mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001"}], buyerIdentity: {countryCode: \#(country)}}) { cart { checkoutUrl } } }"#
                let created = try await harness.send("POST", "/api/2026-04/graphql", body: StorefrontHTTPTests.body(create), headers: StorefrontHTTPTests.headers)
                let next = try #require(try JSONParser.parse(Array(created.body.utf8))["data"]?["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue, "\(created.body)")
                try await Self.open(browser, next)
                #expect(try await browser.evaluate("document.getElementById('countryCode').value") as? String == country)
                let listed = try await browser.evaluate("[...document.getElementById('countryCode').options].map(o => o.value).join(', ')")
                #expect(listed as? String == options)
            }
        }
    }
}
