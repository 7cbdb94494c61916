import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator

/// The hosted checkout inside Checkout Sheet Kit's web view (docs/checkout-page.md#checkout-sheet-kit),
/// in a real headless Chromium against a real server: the kit's User-Agent, a stand-in for its
/// `mobileCheckoutSdk` handler that records every post, and the kit's own script for sending
/// `presented`. Each message is checked byte for byte, then decoded as the kit decodes it.
@Suite struct CheckoutKitBrowserTests {
    static let chromium = PlaygroundBrowserTests.chromium
    static let userAgent =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ShopifyCheckoutSDK/3.8.1 (8.1;automatic;standard)"
    /// The handler: every post kept, in order, across navigations (a post that is not a string is kept as a mark).
    static let handler = """
        window.webkit = {messageHandlers: {mobileCheckoutSdk: {postMessage: (m) => {
          const kept = JSON.parse(localStorage.getItem('kit') || '[]');
          kept.push(typeof m === 'string' ? m : 'NOT A STRING: ' + JSON.stringify(m));
          localStorage.setItem('kit', JSON.stringify(kept));
        }}}};
        """
    /// The kit's `CheckoutBridge.dispatchMessageTemplate` for `presented`, as it evaluates it in the web view.
    static let presented = """
        if (window.MobileCheckoutSdk && window.MobileCheckoutSdk.dispatchMessage) {
        \twindow.MobileCheckoutSdk.dispatchMessage('presented');
        } else {
        \twindow.addEventListener('mobileCheckoutBridgeReady', function () {
        \t\twindow.MobileCheckoutSdk.dispatchMessage('presented');
        \t}, {passive: true, once: true});
        }
        """

    /// A browser set up as the kit's web view; with `presentedEarly`, the kit's `presented` script
    /// runs before the page's own (the sheet was up before the page loaded).
    static func kitBrowser(presentedEarly: Bool) async throws -> DevToolsPage {
        let browser = try await CheckoutPageBrowserTests.newBrowser()
        try await browser.setViewport(width: 390, height: 844, mobile: true)
        _ = try await browser.send("Emulation.setUserAgentOverride", ["userAgent": userAgent])
        try await browser.runOnEveryDocument(handler + (presentedEarly ? presented : ""))
        return browser
    }

    /// The posts since the last call.
    static func posted(_ browser: DevToolsPage) async throws -> [String] {
        let text = try await browser.evaluate("(() => { const k = localStorage.getItem('kit') || '[]'; localStorage.setItem('kit', '[]'); return k; })()") as? String
        return try #require(try JSONParser.parse(Array((text ?? "[]").utf8)).arrayValue).compactMap(\.stringValue)
    }

    /// Waits until `count` posts are kept (without taking them).
    static func waitForPosts(_ browser: DevToolsPage, _ count: Int) async throws -> Bool {
        try await browser.waitUntil("JSON.parse(localStorage.getItem('kit') || '[]').length >= \(count)")
    }

    /// A Storefront cart of two iPhone 15 with WELCOME10, the buyer's email and address; its checkout URL and token.
    static func storefrontCart(_ harness: ServerHarness) async throws -> (url: String, token: String) {
        let create = #"""
            mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001", quantity: 2}],
              discountCodes: ["WELCOME10"], buyerIdentity: {email: "grace@example.com"},
              delivery: {addresses: [{selected: true, address: {deliveryAddress: {firstName: "Grace", lastName: "Hopper",
                address1: "1 Navy Way", city: "Arlington", zip: "22201", countryCode: US}}}]}}) { cart { checkoutUrl } } }
            """#
        let created = try await harness.send("POST", "/api/2026-04/graphql", body: StorefrontHTTPTests.body(create), headers: StorefrontHTTPTests.headers)
        let url = try #require(try JSONParser.parse(Array(created.body.utf8))["data"]?["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue, "\(created.body)")
        let token = try #require(url.split(separator: "/").last?.split(separator: "?").first.map(String.init))
        return (url, token)
    }

    /// `{"name": NAME, "body": BODY}` with BODY the text of `body`.
    static func message(_ name: String, _ body: JSON) -> String {
        JSON.object(JSONObject([("name", .string(name)), ("body", .string(body.serialized()))])).serialized()
    }

    static func money(_ amount: Double) -> JSON {
        .object(JSONObject([("amount", .double(amount)), ("currencyCode", "USD")]))
    }

    /// The web pixel event `name`, number `sequence`, of the two-iPhone cart; with the address once
    /// the buyer has given it, and the order's id on `checkout_completed`.
    static func pixel(_ name: String, _ sequence: Int, token: String, address: Bool, order: Int? = nil) -> String {
        let image = "https://images.checkout-sim.example/products/iphone-15.jpg"
        var checkout = JSONObject([
            ("token", .string(token)), ("currencyCode", "USD"), ("email", "grace@example.com"),
            ("lineItems", [.object(JSONObject([
                ("title", "iPhone 15 128 GB"), ("quantity", 2), ("finalLinePrice", money(1798.2)),
                ("variant", .object(JSONObject([
                    ("id", "gid://shopify/ProductVariant/1000001001"), ("title", "Default Title"), ("sku", "iphone-15"), ("price", money(999)),
                    ("image", .object(JSONObject([("src", .string(image))]))),
                    ("product", .object(JSONObject([("id", "gid://shopify/Product/1000001"), ("title", "iPhone 15 128 GB"), ("vendor", "Apple")]))),
                ]))),
            ]))]),
            ("subtotalPrice", money(1998)), ("discountsAmount", money(199.8)),
            ("discountApplications", [.object(JSONObject([("title", "10% off your order"), ("type", "DISCOUNT_CODE")]))]),
            ("shippingLine", .object(JSONObject([("price", money(0))]))), ("totalTax", money(0)), ("totalPrice", money(1798.2)),
            ("shippingAddress", address ? .object(JSONObject([
                ("address1", "1 Navy Way"), ("city", "Arlington"), ("countryCode", "US"), ("firstName", "Grace"), ("lastName", "Hopper"), ("zip", "22201"),
            ])) : .null),
        ])
        if let order { checkout["order"] = .object(JSONObject([("id", .string("gid://shopify/OrderIdentity/\(order)"))])) }
        return message("webPixels", .object(JSONObject([
            ("name", .string(name)),
            ("event", .object(JSONObject([
                ("id", .string("sh-\(token)-\(sequence)")), ("name", .string(name)), ("timestamp", "2026-03-01T10:00:00.000Z"), ("type", "standard"),
                ("context", .object(JSONObject())), ("data", .object(JSONObject([("checkout", .object(checkout))]))),
            ]))),
        ])))
    }

    /// `completed` for order `number` of the two-iPhone cart, paid with the Visa ending 4242.
    static func completed(token: String, number: Int) -> String {
        let image = "https://images.checkout-sim.example/products/iphone-15.jpg"
        let address = JSON.object(JSONObject([
            ("address1", "1 Navy Way"), ("city", "Arlington"), ("countryCode", "US"), ("firstName", "Grace"), ("lastName", "Hopper"),
            ("name", "Grace Hopper"), ("postalCode", "22201"),
        ]))
        return message("completed", .object(JSONObject([("orderDetails", .object(JSONObject([
            ("id", .string("gid://shopify/OrderIdentity/\(number)")), ("email", "grace@example.com"), ("phone", .null), ("billingAddress", address),
            ("deliveries", [.object(JSONObject([("method", "SHIPPING"), ("details", .object(JSONObject([("name", "Standard"), ("location", address)])))]))]),
            ("paymentMethods", [.object(JSONObject([("type", "direct"), ("details", .object(JSONObject([
                ("amount", "1798.20"), ("currency", "USD"), ("brand", "Visa"), ("lastFourDigits", "4242"),
            ])))]))]),
            ("cart", .object(JSONObject([
                ("token", .string(token)),
                ("lines", [.object(JSONObject([
                    ("title", "iPhone 15 128 GB"), ("quantity", 2), ("price", money(1998)),
                    ("merchandiseId", "gid://shopify/ProductVariant/1000001001"), ("productId", "gid://shopify/Product/1000001"),
                    ("image", .object(JSONObject([("altText", "iPhone 15 128 GB"), ("lg", .string(image)), ("md", .string(image)), ("sm", .string(image))]))),
                    ("discounts", [.object(JSONObject([("amount", money(199.8))]))]),
                ]))]),
                ("price", .object(JSONObject([
                    ("subtotal", money(1998)), ("shipping", money(0)), ("taxes", money(0)),
                    ("discounts", [.object(JSONObject([("amount", money(199.8)), ("applicationType", "DISCOUNT_CODE"), ("title", "10% off your order")]))]),
                    ("total", money(1798.2)),
                ]))),
            ]))),
        ])))])))
    }

    static func failure(_ group: String, _ code: String, _ reason: String) -> String {
        message("error", [.object(JSONObject([("group", .string(group)), ("code", .string(code)), ("reason", .string(reason))]))])
    }

    static let blockingShown = #"{"name":"checkoutBlockingEvent","body":"true"}"#
    static let blockingHidden = #"{"name":"checkoutBlockingEvent","body":"false"}"#

    /// A purchase: every step's pixel event and `completed`, exactly once, decoded as the kit
    /// decodes them; the completed cart's URL opened again says so with the kit's `error`.
    @Test(.enabled(if: chromium != nil))
    func aPurchaseTellsTheKitEachStepAndTheEndOnce() async throws {
        try await ServerHarness.with { harness in
            let (url, token) = try await Self.storefrontCart(harness)
            let browser = try await Self.kitBrowser(presentedEarly: true)
            defer { browser.close() }
            try await CheckoutPageBrowserTests.open(browser, url)
            #expect(try await Self.waitForPosts(browser, 1))
            try await CheckoutPageBrowserTests.fill(browser, CheckoutPageBrowserTests.card)
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"))
            let posted = try await Self.posted(browser)
            let expected = [
                Self.pixel("checkout_started", 1, token: token, address: true),
                Self.pixel("checkout_contact_info_submitted", 2, token: token, address: true),
                Self.pixel("checkout_shipping_info_submitted", 3, token: token, address: true),
                Self.pixel("payment_info_submitted", 4, token: token, address: true),
                Self.pixel("checkout_completed", 5, token: token, address: true, order: 1001),
                Self.completed(token: token, number: 1001),
            ]
            #expect(posted.count == expected.count, "\(posted)")
            for (got, want) in zip(posted, expected) { #expect(got == want) }

            // What the kit's delegate gets.
            let decoded = try posted.map(KitBridge.decode)
            guard case .completed(let event) = decoded.last else { Issue.record("the last message is not completed: \(posted)"); return }
            let details = event.orderDetails
            #expect(details.id == "gid://shopify/OrderIdentity/1001")
            #expect(details.cart.price.total?.amount == 1798.2)
            #expect(details.cart.lines.map(\.quantity) == [2])
            #expect(details.cart.lines.first?.price.amount == 1998)
            #expect(details.billingAddress?.postalCode == "22201")
            #expect(details.paymentMethods?.first?.details["lastFourDigits"] == "4242")
            let pixels = decoded.compactMap { message -> KitBridge.Pixel? in if case .pixel(let pixel) = message { pixel } else { nil } }
            #expect(pixels.map(\.event.name) == ["checkout_started", "checkout_contact_info_submitted", "checkout_shipping_info_submitted",
                                                 "payment_info_submitted", "checkout_completed"])
            #expect(pixels.map(\.event.type) == Array(repeating: "standard", count: 5))
            #expect(pixels.last?.event.data?.checkout?.order?.id == details.id)
            #expect(pixels.first?.event.data?.checkout?.totalPrice?.amount == 1798.2)

            // The completed cart's checkout URL again: the kit hears checkoutExpired (cart_completed), never a second `completed`.
            try await browser.navigate(url)
            #expect(try await browser.waitUntil("document.readyState === 'complete' && document.title.startsWith('This checkout is complete')"))
            #expect(try await Self.waitForPosts(browser, 1))
            let again = try await Self.posted(browser)
            #expect(again == [Self.failure("expired", "cart_completed", "Checkout already completed")])
            guard case .failed(let failures)? = try again.first.map(KitBridge.decode) else { Issue.record("\(again)"); return }
            #expect(failures.map(\.code) == ["cart_completed"])
        }
    }

    /// A decline, then authentication (the dialog blocks the sheet while it is up), then the
    /// order; a preloaded page starts only when the kit presents it.
    @Test(.enabled(if: chromium != nil))
    func aDeclineThenAnAuthenticationThenTheOrder() async throws {
        try await ServerHarness.with { harness in
            let (url, token) = try await Self.storefrontCart(harness)
            let browser = try await Self.kitBrowser(presentedEarly: false)
            defer { browser.close() }
            try await CheckoutPageBrowserTests.open(browser, url)
            #expect(try await Self.posted(browser) == [], "a preloaded checkout has not started")
            _ = try await browser.evaluate(Self.presented)
            #expect(try await Self.waitForPosts(browser, 1))
            _ = try await browser.evaluate(Self.presented)  // the sheet shown again: the checkout had started already
            #expect(try await Self.posted(browser) == [Self.pixel("checkout_started", 1, token: token, address: true)], "started once")

            try await CheckoutPageBrowserTests.fill(browser, CheckoutPageBrowserTests.card.merging(["number": "4000000000009995"]) { $1 })
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("document.getElementById('status').textContent.includes('insufficient funds')"))
            #expect(try await Self.waitForPosts(browser, 3))
            #expect(try await Self.posted(browser) == [
                Self.pixel("checkout_contact_info_submitted", 2, token: token, address: true),
                Self.pixel("checkout_shipping_info_submitted", 3, token: token, address: true),
                Self.pixel("payment_info_submitted", 4, token: token, address: true),
            ], "a decline is no completion")

            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"payments": {"next": "requires_action"}}"#).status == 200)
            try await CheckoutPageBrowserTests.fill(browser, ["number": "4242 4242 4242 4242"])
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("!document.getElementById('auth').hidden"))
            #expect(try await Self.waitForPosts(browser, 2))
            #expect(try await Self.posted(browser) == [Self.pixel("payment_info_submitted", 5, token: token, address: true), Self.blockingShown])
            _ = try await browser.evaluate("document.getElementById('auth-approve').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"))
            let end = try await Self.posted(browser)
            #expect(end == [Self.blockingHidden, Self.pixel("checkout_completed", 6, token: token, address: true, order: 1001), Self.completed(token: token, number: 1001)])
            let modal = try end.prefix(1).map(KitBridge.decode)
            guard case .blocking(false)? = modal.first else { Issue.record("\(end)"); return }
        }
    }

    /// The levers for the kit's failures and a fault on the page's cart: each reaches the kit as
    /// its `checkoutDidFail` would see it, and is used up.
    @Test(.enabled(if: chromium != nil))
    func leversAndAFaultFailTheCheckoutAsTheKitReportsIt() async throws {
        try await ServerHarness.with { harness in
            let (url, _) = try await Self.storefrontCart(harness)
            let path = String(url.dropFirst(harness.server.baseURL.count))
            let browser = try await Self.kitBrowser(presentedEarly: true)
            defer { browser.close() }

            // Expired: 410 Gone, which the kit reports as checkoutExpired; a kit that reads the page hears cart_expired.
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"checkout": {"next": "expired"}}"#).status == 200)
            let gone = try await harness.send("GET", path, headers: ["User-Agent": Self.userAgent])
            #expect(gone.status == 410)
            #expect(gone.body.contains("This checkout has expired"))
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"checkout": {"next": "expired"}}"#).status == 200)
            try await browser.navigate(url)
            #expect(try await Self.waitForPosts(browser, 1))
            #expect(try await Self.posted(browser) == [Self.failure("expired", "cart_expired", "Checkout has expired")])
            try await CheckoutPageBrowserTests.keep(browser, "kit-expired")

            // Unavailable: the kit's error event, group unrecoverable (checkoutUnavailable).
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"checkout": {"next": "unavailable"}}"#).status == 200)
            try await browser.navigate(url)
            #expect(try await Self.waitForPosts(browser, 1))
            let unavailable = try await Self.posted(browser)
            #expect(unavailable == [Self.failure("unrecoverable", "checkout_unavailable", "Checkout is unavailable")])
            guard case .failed(let failures)? = try unavailable.first.map(KitBridge.decode) else { Issue.record("\(unavailable)"); return }
            #expect(failures.map(\.group) == ["unrecoverable"])

            // A fault on the page's cart: the checkout cannot be shown, and the kit hears the same.
            #expect(try await harness.send("POST", "/__sim/network", body: #"{"failNext": {"status": 503, "operation": "Cart"}}"#).status == 200)
            try await browser.navigate(url)
            #expect(try await browser.waitUntil("document.getElementById('status').textContent.includes('HTTP 503')"))
            #expect(try await Self.waitForPosts(browser, 1))
            #expect(try await Self.posted(browser) == [Self.failure("unrecoverable", "checkout_unavailable", "Checkout is unavailable")])

            // Used up: the next opening is the checkout, started.
            try await CheckoutPageBrowserTests.open(browser, url)
            #expect(try await Self.waitForPosts(browser, 1))
            let started = try await Self.posted(browser)
            #expect(started.count == 1 && started[0].contains("checkout_started"), "\(started)")
        }
    }
}
