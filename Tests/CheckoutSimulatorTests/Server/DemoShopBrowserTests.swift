import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimulator

/// The demo shop (docs/demo-shop.md) in a real headless Chromium against a real server: a
/// purchase from search to the order page with the presenter panel pulling a lever and aiming a
/// fault that the shop then meets, the journal and its export, and a phone-sized screen.
@Suite struct DemoShopBrowserTests {
    static let chromium = PlaygroundBrowserTests.chromium

    static func click(_ browser: DevToolsPage, _ selector: String) async throws {
        let clicked = try await browser.evaluate("(() => { const e = document.querySelector(\(JSON.string(selector).serialized())); if (!e) return false; e.click(); return true })()")
        #expect(clicked as? Bool == true, "\(selector) is on the page")
    }

    static func text(_ browser: DevToolsPage, _ selector: String) async throws -> String {
        try await browser.evaluate("(document.querySelector(\(JSON.string(selector).serialized())) || {}).textContent || ''") as? String ?? ""
    }

    static func set(_ browser: DevToolsPage, _ id: String, _ value: String) async throws {
        _ = try await browser.evaluate("document.getElementById('\(id)').value = \(JSON.string(value).serialized())")
    }

    @Test(.enabled(if: chromium != nil))
    func aPurchaseFromSearchToOrderWithThePresenterPullingLeversAndFaults() async throws {
        var recorded = ""
        try await ServerHarness.with { harness in
            let browser = try await CheckoutPageBrowserTests.newBrowser()
            defer { browser.close() }
            try await browser.navigate(harness.server.baseURL + "/shop?presenter=1")
            #expect(try await browser.waitUntil("document.body.dataset.view === 'sections' && document.querySelectorAll('section.brand').length >= 3"),
                    "the shop opened on its brand sections")
            #expect(try await browser.evaluate("document.getElementById('panel').hidden") as? Bool == false, "?presenter=1 showed the panel")
            #expect(try await browser.waitUntil("document.querySelector('#journal [data-operation=\"BrandSections\"]') !== null"),
                    "the panel's live journal shows the shop's requests")
            try await CheckoutPageBrowserTests.keep(browser, "shop-home", prefix: "")

            // Search, then open a product with options and choose a variant.
            try await Self.set(browser, "q", "galaxy tab")
            try await Self.click(browser, "#search button")
            #expect(try await browser.waitUntil("(document.getElementById('result-count') || {}).textContent === '1 product'"))
            try await Self.click(browser, "[data-product=\"galaxy-tab-s9\"]")
            #expect(try await browser.waitUntil("document.body.dataset.view === 'product' && document.getElementById('add-to-cart') !== null"))
            try await Self.click(browser, "input[value=\"Beige\"]")
            try await Self.click(browser, "input[value=\"256 GB\"]")
            let variant = try await Self.text(browser, "#stock")
            #expect(variant.hasPrefix("In stock: "), "\(variant)")
            try await CheckoutPageBrowserTests.keep(browser, "shop-product", prefix: "")

            // The presenter aims a fault at AddToCart: the shop's next add meets it, and says so.
            _ = try await browser.evaluate("(() => { document.getElementById('fault-operation').value = 'AddToCart'; document.getElementById('fault-add').click(); return true })()")
            #expect(try await browser.waitUntil("document.querySelectorAll('#faults [data-fault=\"failNext\"]').length === 1"))
            try await Self.click(browser, "#add-to-cart")
            #expect(try await browser.waitUntil("document.getElementById('product-status').textContent.includes('HTTP 503')"), "the fault showed on the shop")
            #expect(try await browser.waitUntil("(document.querySelector('#journal [data-operation=\"AddToCart\"]') || {}).textContent?.includes('fail 503') === true"))
            try await Self.click(browser, "#add-to-cart")
            #expect(try await browser.waitUntil("document.body.dataset.drawer === 'open' && document.querySelector('#lines [data-line]') !== null"),
                    "the second add went through and opened the cart")
            #expect(try await Self.text(browser, "#lines [data-line]").contains("Beige / 256 GB"))

            // An offer and a scratch card from the drawer.
            try await Self.set(browser, "offer-code", "welcome10")
            try await Self.click(browser, "#offer-form button")
            #expect(try await browser.waitUntil("document.getElementById('applied-offer') !== null"))
            #expect(try await Self.text(browser, "#offer") == "WELCOME10Remove", "the applied code, nothing else")
            #expect(try await Self.text(browser, "#cart-discounts") == "Discounts−$92.00", "10% of $919.99, rounded half to even")
            #expect(try await browser.waitUntil("document.querySelector('#cards [data-card=\"card-1\"]') !== null"), "the session's scratch cards are listed")
            try await Self.click(browser, "#cards [data-card=\"card-1\"] button")
            #expect(try await browser.waitUntil("document.querySelector('#cards [data-card=\"card-1\"]').dataset.status !== 'UNREVEALED'"), "the card was scratched")
            try await CheckoutPageBrowserTests.keep(browser, "shop-cart", prefix: "")

            // A stock lever from the panel sells out another product live.
            try await Self.set(browser, "lever-product", "pixel-8")
            try await Self.set(browser, "lever-units", "0")
            try await Self.click(browser, "#lever-stock")
            #expect(try await browser.waitUntil("document.getElementById('panel-notice').textContent === 'Stock of pixel-8: 0'"))
            try await Self.click(browser, "#drawer-close")
            _ = try await browser.evaluate("location.hash = '#product/pixel-8'")
            #expect(try await browser.waitUntil("(document.getElementById('stock') || {}).textContent === 'Sold out'"), "the lever showed on the shop")
            #expect(try await browser.evaluate("document.getElementById('add-to-cart').disabled") as? Bool == true)

            // The panel exports the journey so far as a scenario.
            try await Self.click(browser, "#journal-export")
            #expect(try await browser.waitUntil("document.body.dataset.export === 'scenario'"))
            let exported = try await Self.text(browser, "#export-text")
            let faultLine = exported.range(of: "network fail 503 x1\n").map { exported[$0.upperBound...].drop { $0 == " " } }
            #expect(faultLine?.hasPrefix("send AddToCart") == true, "the fault is written before the add that met it: \(exported)")
            #expect(exported.contains("lever stock pixel-8 0"), "\(exported)")
            // The shop sends the bundled operations, exactly as bundled: each is recorded by name.
            #expect(!exported.contains("```"), "no operation was written out in the recording: \(exported)")
            #expect(exported.contains("send ProductDetail") && exported.contains("send ScratchCards"), "\(exported)")

            // Checkout: the drawer's link opens the hosted checkout on this session's cart.
            try await Self.click(browser, "#cart-button")
            #expect(try await browser.waitUntil("document.getElementById('checkout-link').getAttribute('aria-disabled') === 'false'"))
            try await Self.click(browser, "#checkout-link")
            #expect(try await browser.waitUntil("document.body && document.body.dataset.cart === 'ready'"), "the checkout page loaded the cart")
            #expect(try await browser.evaluate("location.pathname + location.search") as? String == "/checkout?session=default")
            try await CheckoutPageBrowserTests.fill(browser, CheckoutPageBrowserTests.address.merging(CheckoutPageBrowserTests.card) { $1 })
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"))
            recorded = try await harness.send("GET", "/__sim/requests.scenario").body
        }
        try RecordingTests.replay([("shop-purchase", recorded)], folder: "recording-demo-shop")
    }

    @Test(.enabled(if: chromium != nil))
    func theShopFitsAPhone() async throws {
        try await ServerHarness.with { harness in
            let browser = try await CheckoutPageBrowserTests.newBrowser()
            defer { browser.close() }
            try await browser.setViewport(width: 390, height: 844, mobile: true)
            try await browser.navigate(harness.server.baseURL + "/sandbox/phone/shop?session=pocket")
            #expect(try await browser.waitUntil("document.body.dataset.view === 'sections' && document.querySelectorAll('section.brand').length >= 3"))
            let fits = "document.documentElement.scrollWidth <= window.innerWidth"
            #expect(try await browser.evaluate(fits) as? Bool == true, "nothing overflows a 390-pixel screen")
            try await CheckoutPageBrowserTests.keep(browser, "shop-phone", prefix: "", wholePage: false)
            _ = try await browser.evaluate("location.hash = '#product/pixel-8'")
            #expect(try await browser.waitUntil("document.getElementById('add-to-cart') !== null"))
            try await Self.click(browser, "#add-to-cart")
            #expect(try await browser.waitUntil("document.body.dataset.drawer === 'open' && document.querySelector('#lines [data-line]') !== null"))
            #expect(try await browser.evaluate(fits) as? Bool == true)
            #expect(try await browser.evaluate("document.getElementById('drawer').getBoundingClientRect().width <= window.innerWidth") as? Bool == true)
            try await CheckoutPageBrowserTests.keep(browser, "shop-phone-cart", prefix: "", wholePage: false)
            // The sandbox's own shop: the cart is there, in the session the page was given, and not in the root shop.
            let cart = try await harness.send("POST", "/sandbox/phone/graphql", body: #"{"query": "{ cart { totalQuantity } }"}"#, headers: ["Content-Type": "application/json", "X-Checkout-Session": "pocket"])
            #expect(cart.body == #"{"data":{"cart":{"totalQuantity":1}}}"#)
            #expect(harness.simulator.execute("{ cart { totalQuantity } }", session: "pocket").serialized(pretty: false) == #"{"data":{"cart":{"totalQuantity":0}}}"#)
        }
    }

    @Test func thePageIsSelfContained() async throws {
        try await ServerHarness.with { harness in
            let page = try await harness.send("GET", "/sandbox/x/shop")
            #expect(page.status == 200)
            #expect(page.body.contains("<title>Checkout Sim Electronics · checkout-sim</title>"))
            #expect(page.body.contains(#"<div class="presenter" id="presenter">"#), "the presenter panel is written in")
            for external in ["src=\"http", "href=\"http", "url(http", "@import", "src=\"//", "href=\"//"] {
                #expect(!page.body.contains(external), "the page refers to \(external)…")
            }
            let sandboxes = try await harness.send("GET", "/__sim/sandboxes")
            #expect(!sandboxes.body.contains(#""name":"x""#), "the page alone makes no sandbox")
        }
    }
}
