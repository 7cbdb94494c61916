import Foundation
import Testing
@testable import CheckoutSimulator

/// The page routes (docs/checkout-page.md, docs/demo-shop.md) under what a link, a crawler or an
/// attacker sends: a clear answer every time, never a server error, and nothing from the URL
/// written into a page where it could become markup or script.
struct PageRouteTests {
    struct Hostile: CustomTestStringConvertible, Sendable {
        let method: String
        let path: String
        let status: Int
        var testDescription: String { "\(method) \(path.prefix(80))" }
    }

    static let long = String(repeating: "a", count: 300)

    @Test(arguments: [
        Hostile(method: "GET", path: "/checkout?session=%ZZ", status: 200),  // not percent-encoding: the default session
        Hostile(method: "GET", path: "/checkout?session=" + long, status: 400),
        Hostile(method: "GET", path: "/checkout?session=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", status: 200),
        Hostile(method: "GET", path: "/checkout?session=%3C!--%3Cscript%3E", status: 200),
        Hostile(method: "POST", path: "/checkout", status: 405),
        Hostile(method: "GET", path: "/checkout/graphql", status: 405),
        Hostile(method: "POST", path: "/checkout/graphql", status: 415),  // no body or media type: refused as /graphql refuses it
        Hostile(method: "GET", path: "/checkouts/cn/", status: 404),
        Hostile(method: "GET", path: "/checkouts/cn/" + long, status: 404),
        Hostile(method: "GET", path: "/checkouts/cn/%00%0d%0a", status: 404),
        Hostile(method: "GET", path: "/checkouts/cn/../../__sim/reset", status: 404),
        Hostile(method: "GET", path: "/orders/", status: 404),
        Hostile(method: "GET", path: "/orders/order-1001?session=%3Cb%3E", status: 404),
        Hostile(method: "GET", path: "/checkout/thank-you?order=" + long, status: 400),
        Hostile(method: "GET", path: "/checkout/thank-you?order=o%0d%0aSet-Cookie:x", status: 303),
        Hostile(method: "DELETE", path: "/shop", status: 405),
        Hostile(method: "GET", path: "/sandbox/%3Cx%3E/shop", status: 400),
    ])
    func aHostileRequestGetsAClearAnswer(_ case_: Hostile) async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            try client.send("\(case_.method) \(case_.path) HTTP/1.1\r\nHost: shop\r\nContent-Length: 0\r\n\r\n")
            let response = try client.response()
            #expect(response.status == case_.status)
            let body = response.body
            // Whatever the URL carried stays text: no markup it brought is in the page.
            for injected in ["<script>alert", "<!--<script", "</script><script", "<b>", "Set-Cookie"] {
                #expect(!body.contains(injected), "\(injected) came through")
            }
            #expect(response.header("set-cookie") == nil, "a header was injected")
        }
    }

    /// A sandbox may be named like a route's own segment: the id is read after the sandbox's part.
    @Test func aSandboxNamedOrdersShowsItsOrders() async throws {
        try await ServerHarness.with { harness in
            let pay = #"{"query": "mutation { addToCart(productId: \"pixel-8\") { errors { code } } checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}}) { order { id } } }"}"#
            let paid = try await harness.send("POST", "/sandbox/orders/graphql", body: pay, headers: ["Content-Type": "application/json", "X-Checkout-Session": "s"])
            #expect(paid.body.contains(#""order":{"id":"order-1001"}"#), "\(paid.body)")
            let page = try await harness.send("GET", "/sandbox/orders/orders/order-1001?session=s")
            #expect(page.status == 200)
            #expect(page.body.contains("Order #1001 confirmed"))
        }
    }
}
