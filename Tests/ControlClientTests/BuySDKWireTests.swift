import ChildProcesses
import CheckoutSimControl
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shopify's iOS Buy SDK (`Graph.Client`, 2026.4.0) as an app ships it, through
/// `ShopControl.StorefrontRedirect` and a real `URLSession` to a real server (docs/storefront.md#apps).
///
/// The requests are the SDK's own, byte for byte as its `graphRequestFor(query:)` builds them:
/// `POST https://SHOP/api/2026-04/graphql` (no `.json`), a body `JSONEncoder` makes of
/// `["query": String(describing: query)]` (its compact `{a,b{c}}` selection syntax, `/` escaped
/// as `\/`), and its header fields: the access token, `X-SDK-Version`, `X-SDK-Variant: ios`,
/// `X-Query-Tag` (the body's SHA-256 in lowercase hex), `Accept-Language`, its `User-Agent`,
/// `Accept` and `Content-Type: application/json`. The journey is the one the SDK's sample app
/// takes: the shop, collections, a search paged, a cart, a discount code, the buyer, checkout.
extension StorefrontRedirectTests {
    /// One request as the SDK builds it.
    static func buySDKRequest(_ query: String, domain: String = "sim-shop.myshopify.com") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://\(domain)/api/2026-04/graphql")))
        let body = try JSONEncoder().encode(["query": query])
        request.httpMethod = "POST"
        request.httpBody = body
        request.httpShouldHandleCookies = false
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(try sha256(body), forHTTPHeaderField: "X-Query-Tag")
        for (name, value) in [
            "User-Agent": "Mobile Buy SDK iOS/2026-04/2026.4.0/com.example.shop",
            "X-Shopify-Storefront-Access-Token": "public-token",
            "X-SDK-Version": "2026-04/2026.4.0",
            "X-SDK-Variant": "ios",
            "Accept-Language": "en",
        ] {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// SHA-256 of `data` in lowercase hex, by the system's `sha256sum` (this target links only
    /// the control client, as a UI test bundle does).
    static func sha256(_ data: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("buy-sdk-body-\(ProcessInfo.processInfo.processIdentifier)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let tool = try #require(["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let process = try ChildProcess(URL(fileURLWithPath: tool), [file.path], standardOutput: .pipe)
        let line = process.readFirstLine()
        process.waitUntilExit()
        return String(line.prefix { $0 != " " })
    }

    /// The `data` of an answer, and the version that answered.
    static func send(_ query: String, in session: URLSession) async throws -> (data: [String: Any], version: String?) {
        let (body, response) = try await session.data(for: try buySDKRequest(query))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["errors"] == nil, "\(query): \(json)")
        return (try #require(json["data"] as? [String: Any]), http.value(forHTTPHeaderField: "X-Shopify-API-Version"))
    }

    @Test func theBuySDKsJourneyWorksThroughTheRedirect() async throws {
        try await ServerProcess.with(arguments: ["--storefront-token", "public-token"]) { base in
            let sandbox = ShopControl(baseURL: base).sandbox("buy-sdk")
            let configuration = URLSessionConfiguration.ephemeral
            ShopControl.StorefrontRedirect.register(server: sandbox.shopURL, in: configuration)
            defer { ShopControl.StorefrontRedirect.unregister() }
            let session = URLSession(configuration: configuration)

            // The shop and its collections.
            let shop = try await Self.send("query {shop{name,paymentSettings{currencyCode,countryCode}}}", in: session)
            #expect(shop.version == "2026-04")
            #expect((shop.data["shop"] as? [String: Any])?["name"] as? String == "Checkout Sim Electronics")
            let collections = try await Self.send(
                #"query {collections(first:20){edges{node{id,handle,title}},pageInfo{hasNextPage}}}"#, in: session).data
            let handles = ((collections["collections"] as? [String: Any])?["edges"] as? [[String: Any]] ?? [])
                .compactMap { ($0["node"] as? [String: Any])?["handle"] as? String }
            #expect(handles.contains("apple"), "\(handles)")

            // A search, paged with the cursor the first page gave.
            func page(after cursor: String?) async throws -> (handles: [String], next: String?, variant: String?) {
                let after = cursor.map { #",after:"\#($0)""# } ?? ""
                let data = try await Self.send(
                    #"query {products(first:2\#(after),sortKey:TITLE,query:"vendor:Apple"){edges{cursor,node{id,handle,title,variants(first:1){edges{node{id,price{amount,currencyCode}}}}}},pageInfo{hasNextPage,endCursor}}}"#,
                    in: session).data
                let products = try #require(data["products"] as? [String: Any])
                let nodes = (products["edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
                let variant = ((nodes.first?["variants"] as? [String: Any])?["edges"] as? [[String: Any]])?.first.flatMap { ($0["node"] as? [String: Any])?["id"] as? String }
                let info = products["pageInfo"] as? [String: Any]
                return (nodes.compactMap { $0["handle"] as? String }, info?["hasNextPage"] as? Bool == true ? info?["endCursor"] as? String : nil, variant)
            }
            let opening = try await page(after: nil)
            let cursor = try #require(opening.next)
            let following = try await page(after: cursor)
            #expect(opening.handles.count == 2 && following.handles.count == 2)
            #expect(Set(opening.handles).isDisjoint(with: following.handles), "no product twice across pages")

            // A cart, a discount code and the buyer, as the SDK's mutations write their inputs.
            let variant = try #require(opening.variant)
            let created = try await Self.send(
                #"mutation {cartCreate(input:{lines:[{quantity:2,merchandiseId:"\#(variant)"}]}){cart{id,checkoutUrl,totalQuantity},userErrors{field,message}}}"#,
                in: session).data
            let cart = try #require((created["cartCreate"] as? [String: Any])?["cart"] as? [String: Any])
            #expect(cart["totalQuantity"] as? Int == 2)
            let cartID = try #require(cart["id"] as? String)
            let discounted = try await Self.send(
                #"mutation {cartDiscountCodesUpdate(cartId:"\#(cartID)",discountCodes:["WELCOME10"]){cart{discountCodes{code,applicable}},userErrors{code}}}"#,
                in: session).data
            let codes = ((discounted["cartDiscountCodesUpdate"] as? [String: Any])?["cart"] as? [String: Any])?["discountCodes"] as? [[String: Any]]
            #expect(codes?.first?["code"] as? String == "WELCOME10" && codes?.first?["applicable"] as? Bool == true, "\(discounted)")
            let identified = try await Self.send(
                #"mutation {cartBuyerIdentityUpdate(cartId:"\#(cartID)",buyerIdentity:{email:"buyer@example.com",countryCode:US}){cart{buyerIdentity{email,countryCode}},userErrors{code}}}"#,
                in: session).data
            let buyer = ((identified["cartBuyerIdentityUpdate"] as? [String: Any])?["cart"] as? [String: Any])?["buyerIdentity"] as? [String: Any]
            #expect(buyer?["email"] as? String == "buyer@example.com")

            // Checkout: the cart's URL is the server's page for that cart.
            let checkoutText = try #require(cart["checkoutUrl"] as? String)
            let checkout = try #require(URL(string: checkoutText))
            let (page, response) = try await session.data(from: checkout)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: page, as: UTF8.self).contains("buyer@example.com"))

            // Every request reached the sandbox, in the Storefront dialect, with the SDK's fields.
            let journal = try await sandbox.requests()
            #expect(journal.count == 7)
        }
    }
}
