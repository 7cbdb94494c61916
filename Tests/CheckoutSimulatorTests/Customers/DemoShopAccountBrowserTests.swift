import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator

/// The demo shop's account page (docs/demo-shop.md#the-account) in a real headless Chromium: a
/// sign-in the presenter's lever refuses, said on the page, sign-in, the customer's address and order history, a
/// purchase through the hosted checkout prefilled from the account, the new order listed, sign-out;
/// desktop and phone sizes.
@Suite struct DemoShopAccountBrowserTests {
    static let chromium = PlaygroundBrowserTests.chromium

    @Test(.enabled(if: chromium != nil))
    func aCustomerSignsInSeesTheirOrdersBuysAndSignsOut() async throws {
        try await ServerHarness.with { harness in
            let browser = try await CheckoutPageBrowserTests.newBrowser()
            defer { browser.close() }
            try await browser.navigate(harness.server.baseURL + "/shop?presenter=1#account")
            #expect(try await browser.waitUntil("document.body.dataset.view === 'account' && document.getElementById('sign-in') !== null"))
            #expect(try await DemoShopBrowserTests.text(browser, "#account-link") == "Sign in")
            try await DemoShopBrowserTests.set(browser, "account-email", "grace@example.com")
            try await DemoShopBrowserTests.set(browser, "account-password", "cobol-1959")
            // The presenter makes the next sign-in find the password wrong: the right one is refused once.
            try await DemoShopBrowserTests.set(browser, "lever-sign-in", "wrong_password")
            try await DemoShopBrowserTests.click(browser, "#lever-sign-ins")
            #expect(try await browser.waitUntil("document.getElementById('panel-notice').textContent === 'The next sign-in has a wrong password'"))
            #expect(try await browser.waitUntil("document.getElementById('levers-pending').textContent.includes('next sign-in wrong_password')"))
            try await DemoShopBrowserTests.click(browser, "#sign-in-button")
            #expect(try await browser.waitUntil("document.getElementById('account-status').textContent === 'No customer has that email and password.'"),
                    "the refusal is said on the page")
            try await CheckoutPageBrowserTests.keep(browser, "shop-sign-in", prefix: "")
            try await DemoShopBrowserTests.set(browser, "account-password", "cobol-1959")
            try await DemoShopBrowserTests.click(browser, "#sign-in-button")
            #expect(try await browser.waitUntil("(document.getElementById('account-title') || {}).textContent === 'Hello, Grace Hopper'"))
            #expect(try await DemoShopBrowserTests.text(browser, "#account-link") == "Grace")
            #expect(try await DemoShopBrowserTests.text(browser, "#default-address").contains("Arlington VA 22201"))
            #expect(try await browser.evaluate("[...document.querySelectorAll('#orders tbody tr')].map(r => r.cells[0].textContent).join(' ')") as? String == "#902 #901",
                    "newest first")
            try await CheckoutPageBrowserTests.keep(browser, "shop-account", prefix: "")

            // A purchase: the checkout starts with her email and address, and the order joins her history.
            try await CheckoutPageBrowserTests.fillCart(harness, session: "default", quantity: 1)
            try await CheckoutPageBrowserTests.open(browser, harness.server.baseURL + "/checkout?session=default")
            #expect(try await browser.evaluate("document.getElementById('email').value") as? String == "grace@example.com")
            #expect(try await browser.evaluate("document.getElementById('address1').value") as? String == "200 Harbor Way")
            try await CheckoutPageBrowserTests.fill(browser, CheckoutPageBrowserTests.card)
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"))
            try await browser.navigate(harness.server.baseURL + "/shop#account")
            #expect(try await browser.waitUntil("document.querySelectorAll('#orders tbody tr').length === 3"))
            #expect(try await DemoShopBrowserTests.text(browser, "#orders tbody tr") .hasPrefix("#1001"))
            // An old order's page opens from the history.
            _ = try await browser.evaluate("document.querySelector('#orders [data-order=\"order-901\"] a').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-901' && document.getElementById('order-number') !== null"))
            #expect(try await DemoShopBrowserTests.text(browser, "#order-number") == "#901")

            try await browser.setViewport(width: 390, height: 844, mobile: true)
            try await browser.navigate(harness.server.baseURL + "/shop#account")
            #expect(try await browser.waitUntil("document.querySelectorAll('#orders tbody tr').length === 3"))
            let overflow = try await browser.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            #expect(overflow as? Bool == true, "the account page fits a phone")
            try await CheckoutPageBrowserTests.keep(browser, "shop-phone-account", prefix: "")
            try await DemoShopBrowserTests.click(browser, "#sign-out")
            #expect(try await browser.waitUntil("document.body.dataset.view === 'sections' && document.getElementById('account-link').textContent === 'Sign in'"))
        }
    }
}
