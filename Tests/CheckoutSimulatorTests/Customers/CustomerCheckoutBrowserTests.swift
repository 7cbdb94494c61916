import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator

/// A signed-in customer's purchase through the hosted checkout in a real headless Chromium
/// (docs/customers.md#carts): sign-up, sign-in and an address through the Storefront API, a cart
/// linked by the token, the checkout page prefilled from the customer and paid on a phone-sized
/// page, and the order in the customer's orders in both dialects.
@Suite struct CustomerCheckoutBrowserTests {
    static let chromium = PlaygroundBrowserTests.chromium

    @Test(.enabled(if: chromium != nil))
    func aSignedInCustomersCartIsPrefilledPaidAndListedInTheirOrders() async throws {
        try await ServerHarness.with { harness in
            let credentials = JSONObject([("email", "lin@example.com"), ("password", "open-sesame"), ("firstName", "Lin"), ("lastName", "Park")])
            _ = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signUp, JSONObject([("input", .object(credentials))]))
            let signedIn = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signIn, StorefrontCustomerTests.signInVariables("lin@example.com", "open-sesame"))
            let token = try #require(signedIn["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
            _ = try await StorefrontCustomerTests.send(harness, """
                mutation($t: String!) { customerAddressCreate(customerAccessToken: $t, address: {
                  firstName: "Lin", lastName: "Park", address1: "5 Harbour Lane", city: "Portland", zip: "97201", country: "US" }) { customerUserErrors { code } } }
                """, JSONObject([("t", .string(token))]))
            let created = try await StorefrontCustomerTests.send(harness, """
                mutation($t: String!) { cartCreate(input: { lines: [{ merchandiseId: "gid://shopify/ProductVariant/1000001001", quantity: 1 }],
                  buyerIdentity: { customerAccessToken: $t } }) { cart { checkoutUrl } } }
                """, JSONObject([("t", .string(token))]))
            let url = try #require(created["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue)

            let browser = try await DevToolsBrowser.page(try #require(Self.chromium))
            defer { browser.close() }
            try await browser.setViewport(width: 390, height: 844, mobile: true)
            try await CheckoutPageBrowserTests.open(browser, url)
            for (field, value) in [("email", "lin@example.com"), ("firstName", "Lin"), ("lastName", "Park"), ("address1", "5 Harbour Lane"),
                                   ("city", "Portland"), ("zip", "97201"), ("countryCode", "US")] {
                #expect(try await browser.evaluate("document.getElementById('\(field)').value") as? String == value, "\(field) is prefilled")
            }
            try await CheckoutPageBrowserTests.keep(browser, "signed-in-phone", prefix: "customer-")
            try await CheckoutPageBrowserTests.fill(browser, CheckoutPageBrowserTests.card)
            _ = try await browser.evaluate("document.getElementById('pay').click()")
            #expect(try await browser.waitUntil("location.pathname === '/orders/order-1001' && document.readyState === 'complete'"))
            try await CheckoutPageBrowserTests.keep(browser, "order-phone", prefix: "customer-")

            let orders = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.orders, JSONObject([("token", .string(token))]))
            let order = try #require(orders["customer"]?["orders"]?["nodes"]?[0])
            #expect(orders["customer"]?["numberOfOrders"] == "1")
            #expect(order["name"] == "#1001" && order["email"] == "lin@example.com")
            #expect(order["shippingAddress"]?["city"] == "Portland")
            let native = try await NativeCustomerTests.post(harness, "{ me { email orders { id total { amount } } } }", session: "app", token: token)
            #expect(native["me"]?["orders"]?[0]?["id"] == "order-1001", "the native schema lists the same order")
            let confirmation = try await OutboxTests.mail(harness, to: "lin@example.com")
            #expect(confirmation.last?["subject"] == "Order #1001 confirmed")

            // The same customer signs in to Shopify's new customer accounts in the same browser: the
            // Customer Account API lists the order too (docs/customers.md#customer-accounts).
            var app = AccountApp(harness: harness)
            app.redirectURI = "http://127.0.0.1:\(harness.port)/app-callback"
            let code = try await CustomerAccountBrowserTests.signIn(browser, app, "lin@example.com")
            let access = try #require(try await app.tokens(code: code).json["access_token"]?.stringValue)
            let account = try await app.api("{ customer { orders(first: 5) { nodes { id name totalPrice { amount } shippingAddress { city } } } } }", token: access)
            let listed = try #require(account.json["data"]?["customer"]?["orders"]?["nodes"]?.arrayValue)
            #expect(listed.map { $0["name"] } == ["#1001"])
            #expect(listed.first?["shippingAddress"]?["city"] == "Portland")
            #expect(listed.first?["totalPrice"]?["amount"] == order["totalPrice"]?["amount"], "the same total in both APIs")
            #expect(listed.first?["id"] == order["id"], "the same order id in both APIs")
        }
    }
}
