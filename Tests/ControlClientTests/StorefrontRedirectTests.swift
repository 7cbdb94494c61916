import CheckoutSimControl
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ShopControl.StorefrontRedirect` sends an app's `https://SHOP.myshopify.com/api/…` requests to a real
/// server's sandbox through a real `URLSession` (docs/storefront.md#apps). Serialised: the
/// protocol's server is process-wide.
@Suite(.serialized)
struct StorefrontRedirectTests {
    @Test func aLaunchArgumentSendsShopifyTrafficToTheSandbox() async throws {
        try await ServerProcess.with { base in
            let sandbox = ShopControl(baseURL: base).sandbox("storefront-app")
            let arguments = ["/App"] + ShopControl.StorefrontRedirect.launchArguments(for: sandbox)
            #expect(arguments == ["/App", "-CheckoutSimStorefront", base.appendingPathComponent("sandbox").appendingPathComponent("storefront-app").absoluteString])
            let configuration = URLSessionConfiguration.ephemeral
            #expect(ShopControl.StorefrontRedirect.registerIfRequested(arguments: arguments, in: configuration))
            defer { ShopControl.StorefrontRedirect.unregister() }
            let session = URLSession(configuration: configuration)

            // The app's own request, as the Buy SDK builds it from a shop domain.
            var request = URLRequest(url: try #require(URL(string: "https://my-shop.myshopify.com/api/2026-04/graphql.json")))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("public-token", forHTTPHeaderField: "X-Shopify-Storefront-Access-Token")
            request.httpBody = Data(#"{"query":"mutation { cartCreate(input: {lines: [{merchandiseId: \"gid://shopify/ProductVariant/1000001001\"}]}) { cart { checkoutUrl totalQuantity } } }"}"#.utf8)
            let (data, response) = try await session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let body = String(decoding: data, as: UTF8.self)
            #expect(body.contains(#""totalQuantity":1"#), "\(body)")

            // It reached the sandbox, as the Storefront dialect.
            let journal = try await sandbox.requests()
            #expect(journal.count == 1)
            #expect(try await ShopControl(baseURL: base).requests().isEmpty, "the root shop saw nothing")

            // The checkout URL the cart gave loads through the same redirect when the app opens it on the shop's domain.
            let tail = try #require(body.range(of: "/checkouts/cn/").map { body[$0.upperBound...].prefix { $0 != "\"" } })
            let token = tail.prefix { $0 != "?" }
            let key = try #require(tail.range(of: "?key=").map { tail[$0.upperBound...] })
            let page = try await session.data(from: try #require(URL(string: "https://my-shop.myshopify.com/checkouts/cn/\(tail)")))
            #expect(String(decoding: page.0, as: UTF8.self).contains(#""session":"cart-\#(token).\#(key)""#), "the checkout page for that cart")

            // Other traffic is left alone: it is not redirected (and, with no network here, fails as it would).
            #expect(ShopControl.StorefrontRedirect.redirects(try #require(URL(string: "https://cdn.shopify.com/s/files/1.jpg"))) == false)
            #expect(ShopControl.StorefrontRedirect.redirects(try #require(URL(string: "https://my-shop.myshopify.com/products/x"))) == false)
            // Every API request to the shop's domain is sent on, whatever its form: none may reach the real shop.
            for api in ["https://my-shop.myshopify.com/api/2026-04/graphql", "https://my-shop.myshopify.com/api/2025-01/graphql.json",
                        "https://MY-SHOP.myshopify.com/api/unstable/graphql?x=1", "http://my-shop.myshopify.com/api/2026-04/graphql.json"] {
                #expect(ShopControl.StorefrontRedirect.redirects(try #require(URL(string: api))), "\(api)")
            }
            #expect(ShopControl.StorefrontRedirect.redirects(try #require(URL(string: "https://my-shop.example.com/api/2026-04/graphql"))) == false)
        }
    }

    /// Shopify's new customer accounts live on `shopify.com` and the shop's `/.well-known/`: the
    /// redirect carries them to the sandbox too (docs/customers.md#customer-accounts).
    @Test func customerAccountTrafficGoesToTheSandbox() async throws {
        try await ServerProcess.with { base in
            let sandbox = ShopControl(baseURL: base).sandbox("accounts-app")
            let configuration = URLSessionConfiguration.ephemeral
            #expect(ShopControl.StorefrontRedirect.registerIfRequested(arguments: ShopControl.StorefrontRedirect.launchArguments(for: sandbox), in: configuration))
            defer { ShopControl.StorefrontRedirect.unregister() }
            let session = URLSession(configuration: configuration)

            let discovery = try await session.data(from: try #require(URL(string: "https://my-shop.myshopify.com/.well-known/customer-account-api")))
            #expect(String(decoding: discovery.0, as: UTF8.self).contains("/sandbox/accounts-app/68000000001/account/customer/api/2026-04/graphql"))

            var token = URLRequest(url: try #require(URL(string: "https://shopify.com/authentication/68000000001/oauth/token")))
            token.httpMethod = "POST"
            token.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            token.httpBody = Data("grant_type=authorization_code&client_id=app&code=unknown&redirect_uri=app%3A%2F%2Fcb&code_verifier=x".utf8)
            let (tokenData, tokenResponse) = try await session.data(for: token)
            #expect((tokenResponse as? HTTPURLResponse)?.statusCode == 400)
            #expect(String(decoding: tokenData, as: UTF8.self).contains(#""error":"invalid_grant""#))

            var api = URLRequest(url: try #require(URL(string: "https://shopify.com/68000000001/account/customer/api/2026-04/graphql")))
            api.httpMethod = "POST"
            api.setValue("application/json", forHTTPHeaderField: "Content-Type")
            api.setValue("shcat_not-a-live-token", forHTTPHeaderField: "Authorization")
            api.httpBody = Data(#"{"query":"{ customer { id } }"}"#.utf8)
            let (apiData, apiResponse) = try await session.data(for: api)
            #expect((apiResponse as? HTTPURLResponse)?.statusCode == 401)
            #expect(String(decoding: apiData, as: UTF8.self).contains(#""code":"UNAUTHORIZED""#))
            let journal = try await sandbox.requests()
            #expect(journal.count == 1, "the API request reached the sandbox's journal")

            for url in ["https://shopify.com/authentication/68000000001/oauth/authorize?client_id=x", "https://shopify.com/68000000001/account/customer/api/unstable/graphql",
                        "https://my-shop.myshopify.com/.well-known/openid-configuration"] {
                #expect(ShopControl.StorefrontRedirect.redirects(try #require(URL(string: url))), "\(url)")
            }
            for url in ["https://shopify.com/", "https://shopify.com/pricing", "https://shopify.com/68000000001/orders"] {
                #expect(ShopControl.StorefrontRedirect.redirects(try #require(URL(string: url))) == false, "\(url)")
            }
        }
    }

    @Test func withoutTheArgumentNothingChanges() {
        #expect(ShopControl.StorefrontRedirect.registerIfRequested(arguments: ["/App", "-other", "x"]) == false)
        #expect(ShopControl.StorefrontRedirect.server == nil)
    }
}
