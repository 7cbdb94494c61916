import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator

/// `POST /checkout/kit-events` (docs/checkout-page.md#checkout-sheet-kit) through a real
/// `URLSession`: the messages a native session's checkout sends the kit, decoded with the kit's
/// requirements (`KitBridge`), and every malformed request refused without a message made.
struct CheckoutKitEventTests {
    static func events(_ harness: ServerHarness, _ body: String) async throws -> (status: Int, messages: [String], body: String) {
        let answer = try await harness.send("POST", "/checkout/kit-events", body: body)
        let messages = (try? JSONParser.parse(Array(answer.body.utf8)))?["messages"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return (answer.status, messages, answer.body)
    }

    @Test func aNativeSessionsCheckoutDecodesAsTheKitDecodesIt() async throws {
        try await ServerHarness.with { harness in
            try await CheckoutPageBrowserTests.fillCart(harness, session: "kit", product: "pixel-8", quantity: 3)
            let offer = try await harness.post(#"{"query": "mutation { applyOffer(code: \"WELCOME10\") { errors { code } } }"}"#, session: "kit")
            #expect(offer.body == #"{"data":{"applyOffer":{"errors":[]}}}"#)
            let buyer = #"{"email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace", "address1": "12 Analytical Street", "city": "Toronto", "zip": "M5V 2T6", "countryCode": "CA"}"#
            let started = try await Self.events(harness, #"{"session": "kit", "events": ["checkout_started", "checkout_contact_info_submitted"], "sequence": 7, "buyer": \#(buyer)}"#)
            #expect(started.status == 200, "\(started.body)")
            let pixels = try started.messages.map(KitBridge.decode).compactMap { message -> KitBridge.Pixel? in
                if case .pixel(let pixel) = message { pixel } else { nil }
            }
            #expect(pixels.map(\.event.id) == ["sh-kit-7", "sh-kit-8"], "numbered from the page's sequence, named by the session")
            #expect(pixels.map(\.name) == ["checkout_started", "checkout_contact_info_submitted"])
            let checkout = try #require(pixels.first?.event.data?.checkout)
            #expect(checkout.token == "kit")
            #expect(checkout.email == "ada@example.com")
            #expect(checkout.shippingAddress?.zip == "M5V 2T6")
            let item = try #require(checkout.lineItems?.first)
            #expect(item.quantity == 3)
            #expect(item.variant?.price?.amount == 699, "Pixel 8's price as a number")
            #expect(item.finalLinePrice?.amount == 1887.3, "the line after its share of WELCOME10's 10%")
            #expect(item.variant?.product?.vendor == "Google")
            #expect(item.variant?.id?.hasPrefix("gid://shopify/ProductVariant/") == true)
            #expect(checkout.discountsAmount?.amount == 209.7)
            #expect(checkout.totalPrice?.amount == 1887.3, "free shipping over the threshold")
            #expect(checkout.order == nil, "no order before payment")

            let paid = try await harness.post(
                #"{"query": "mutation { checkout(input: {card: {number: \"5555555555554444\", expMonth: 12, expYear: 2030, cvc: \"123\"}, email: \"ada@example.com\"}) { order { id } } }"}"#,
                session: "kit")
            #expect(paid.body.contains("order-1001"))
            let end = try await Self.events(harness, #"{"session": "kit", "events": ["checkout_completed", "completed"], "sequence": 9, "buyer": \#(buyer), "order": "order-1001"}"#)
            #expect(end.status == 200, "\(end.body)")
            let decoded = try end.messages.map(KitBridge.decode)
            guard decoded.count == 2, case .pixel(let pixel) = decoded[0], case .completed(let completed) = decoded[1] else {
                Issue.record("\(end.messages)")
                return
            }
            #expect(pixel.event.data?.checkout?.order?.id == "gid://shopify/OrderIdentity/1001")
            #expect(pixel.event.data?.checkout?.lineItems?.first?.quantity == 3, "the order's lines, though the cart is now empty")
            let details = completed.orderDetails
            #expect(details.id == "gid://shopify/OrderIdentity/1001")
            #expect(details.email == "ada@example.com")
            #expect(details.cart.token == "kit")
            #expect(details.cart.lines.map(\.quantity) == [3])
            #expect(details.cart.lines.first?.price.amount == 2097, "a line's price is before discounts")
            #expect(details.cart.lines.first?.discounts?.first?.amount?.amount == 209.7)
            #expect(details.cart.price.subtotal?.amount == 2097)
            #expect(details.cart.price.discounts?.map(\.title) == ["10% off your order"])
            #expect(details.cart.price.total?.amount == 1887.3)
            #expect(details.cart.price.total?.currencyCode == "USD")
            #expect(details.deliveries?.first?.method == "SHIPPING")
            #expect(details.deliveries?.first?.details.location?.city == "Toronto")
            #expect(details.paymentMethods?.first?.type == "direct")
            #expect(details.paymentMethods?.first?.details["lastFourDigits"] == "4444")
            #expect(details.paymentMethods?.first?.details["amount"] == "1887.30")
        }
    }

    /// The message a page that cannot go on posts, read out of its script as the kit would receive it.
    static func pagePost(_ html: String) throws -> String {
        let start = try #require(html.range(of: "kit.postMessage(")?.upperBound, "the page posts to the kit")
        let end = try #require(html[start...].range(of: ");}</script>")?.lowerBound)
        return try #require(try JSONParser.parse(Array(html[start..<end].utf8)).stringValue)
    }

    /// The checkout lever's pages and a completed cart's URL, each with the error the kit's
    /// `checkoutDidFail` reports; the lever is used up page by page.
    @Test func aCheckoutThatCannotGoOnTellsTheKitWhy() async throws {
        try await ServerHarness.with { harness in
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"checkout": {"next": "unavailable", "count": 2}}"#).status == 200)
            for _ in 0..<2 {
                let page = try await harness.send("GET", "/checkout?session=kit")
                #expect(page.status == 200)
                guard case .failed(let failures) = try KitBridge.decode(try Self.pagePost(page.body)) else { Issue.record("\(page.body)"); return }
                #expect(failures.map { [$0.group, $0.code, $0.reason] } == [["unrecoverable", "checkout_unavailable", "Checkout is unavailable"]])
            }
            #expect(try await harness.send("GET", "/checkout?session=kit").body.contains("<title>Checkout ·"), "the lever is used up")

            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"checkout": {"next": "expired"}}"#).status == 200)
            let expired = try await harness.send("GET", "/checkout?session=kit")
            #expect(expired.status == 410)
            guard case .failed(let gone) = try KitBridge.decode(try Self.pagePost(expired.body)) else { Issue.record("\(expired.body)"); return }
            #expect(gone.map { [$0.group, $0.code] } == [["expired", "cart_expired"]])

            let create = #"mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001"}]}) { cart { checkoutUrl } } }"#
            let created = try await harness.send("POST", "/api/2026-04/graphql", body: StorefrontHTTPTests.body(create), headers: StorefrontHTTPTests.headers)
            let url = try #require(try JSONParser.parse(Array(created.body.utf8))["data"]?["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue)
            let path = String(url.dropFirst(harness.server.baseURL.count))
            let token = try #require(path.split(separator: "/").last?.split(separator: "?").first.map(String.init))
            let key = try #require(path.split(separator: "=").last.map(String.init))
            let paid = try await harness.post(
                #"{"query": "mutation { checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}}) { order { id } } }"}"#,
                session: "cart-\(token).\(key)")
            #expect(paid.body.contains("order-1001"), "\(paid.body)")
            let complete = try await harness.send("GET", path)
            #expect(complete.body.contains("This checkout is complete"))
            guard case .failed(let done) = try KitBridge.decode(try Self.pagePost(complete.body)) else { Issue.record("\(complete.body)"); return }
            #expect(done.map { [$0.group, $0.code, $0.reason] } == [["expired", "cart_completed", "Checkout already completed"]])
        }
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let body: String
        let status: Int
        let message: String
        var testDescription: String { body }
    }

    @Test(arguments: [
        Refusal(body: "not json", status: 400, message: "Expected a JSON object"),
        Refusal(body: #"{"events": ["checkout_started"], "sequence": 1}"#, status: 400, message: #"\"session\" is the session"#),
        Refusal(body: #"{"session": "", "events": ["checkout_started"], "sequence": 1}"#, status: 400, message: #"\"session\" is the session"#),
        Refusal(body: #"{"session": "s", "events": [], "sequence": 1}"#, status: 400, message: #"\"events\" lists 1 to 8 events."#),
        Refusal(body: #"{"session": "s", "events": ["checkout_started", "checkout_started", "checkout_started", "checkout_started", "checkout_started", "checkout_started", "checkout_started", "checkout_started", "checkout_started"], "sequence": 1}"#,
                status: 400, message: #"\"events\" lists 1 to 8 events."#),
        Refusal(body: #"{"session": "s", "events": ["page_viewed"], "sequence": 1}"#, status: 400, message: #"\"page_viewed\" is not an event the page sends"#),
        Refusal(body: #"{"session": "s", "events": [7], "sequence": 1}"#, status: 400, message: "7 is not an event the page sends"),
        Refusal(body: #"{"session": "s", "events": ["checkout_started"], "sequence": 0}"#, status: 400, message: #"\"sequence\" is the number"#),
        Refusal(body: #"{"session": "s", "events": ["checkout_started"], "sequence": "1"}"#, status: 400, message: #"\"sequence\" is the number"#),
        Refusal(body: #"{"session": "s", "events": ["completed"], "sequence": 1}"#, status: 400, message: "need \\\"order\\\""),
        Refusal(body: #"{"session": "s", "events": ["checkout_completed"], "sequence": 1, "order": "order-1001"}"#, status: 404, message: "This session has no such order."),
    ])
    func aMalformedRequestIsRefused(_ refusal: Refusal) async throws {
        try await ServerHarness.with { harness in
            let answer = try await Self.events(harness, refusal.body)
            #expect(answer.status == refusal.status)
            #expect(answer.body.contains(refusal.message), "\(answer.body)")
            #expect(answer.messages.isEmpty)
        }
    }
}
