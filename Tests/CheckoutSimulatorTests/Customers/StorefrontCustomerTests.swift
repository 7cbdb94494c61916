import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Storefront's customer API over real sockets with a real URLSession (docs/customers.md):
/// sign-up, sign-in, the profile and addresses, a cart linked by token, and Shopify's codes.
struct StorefrontCustomerTests {
    static let path = "/api/2026-04/graphql.json"
    static let headers = ["Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "public-token"]

    /// Sends `query` with `variables` to the Storefront endpoint; the response's `data`.
    static func send(_ harness: ServerHarness, _ query: String, _ variables: JSONObject = JSONObject()) async throws -> JSON {
        let body = JSON.object(JSONObject([("query", .string(query)), ("variables", .object(variables))])).serialized()
        let answer = try await harness.send("POST", path, body: body, headers: headers)
        #expect(answer.status == 200, "\(answer.body)")
        let json = try JSONParser.parse(answer.body)
        #expect(json["errors"] == nil, "\(answer.body)")
        return try #require(json["data"])
    }

    static let signUp = """
        mutation SignUp($input: CustomerCreateInput!) {
          customerCreate(input: $input) { customer { id email firstName displayName acceptsMarketing } customerUserErrors { code field message } }
        }
        """
    static let signIn = """
        mutation SignIn($input: CustomerAccessTokenCreateInput!) {
          customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken expiresAt } customerUserErrors { code field message } }
        }
        """
    static let profile = """
        query Profile($token: String!) {
          customer(customerAccessToken: $token) {
            id email firstName lastName phone
            defaultAddress { id address1 city zip countryCodeV2 formatted }
            addresses(first: 10) { nodes { id address1 } }
          }
        }
        """

    static func signInVariables(_ email: String, _ password: String) -> JSONObject {
        JSONObject([("input", .object(JSONObject([("email", .string(email)), ("password", .string(password))])))])
    }

    @Test func signUpSignInAnAddressAndACartLinkedByItsToken() async throws {
        try await ServerHarness.with { harness in
            let input = JSONObject([
                ("email", "lin@example.com"), ("password", "open-sesame"), ("firstName", "Lin"), ("acceptsMarketing", true),
            ])
            let created = try await Self.send(harness, Self.signUp, JSONObject([("input", .object(input))]))
            #expect(created["customerCreate"]?["customerUserErrors"] == .array([]))
            // The four fixture customers come first.
            #expect(created["customerCreate"]?["customer"] == .object(JSONObject([
                ("id", "gid://shopify/Customer/5"), ("email", "lin@example.com"), ("firstName", "Lin"), ("displayName", "Lin"),
                ("acceptsMarketing", true),
            ])))
            let again = try await Self.send(harness, Self.signUp, JSONObject([("input", .object(input))]))
            #expect(again["customerCreate"]?["customer"] == .null)
            #expect(again["customerCreate"]?["customerUserErrors"]?[0]?["code"] == "TAKEN")
            #expect(again["customerCreate"]?["customerUserErrors"]?[0]?["field"] == .array(["input", "email"]))

            let signedIn = try await Self.send(harness, Self.signIn, Self.signInVariables("LIN@example.com", "open-sesame"))
            let token = try #require(signedIn["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
            #expect(token.count == 32)
            #expect(signedIn["customerAccessTokenCreate"]?["customerAccessToken"]?["expiresAt"] == "2026-03-15T10:00:00Z", "14 days on")

            let added = try await Self.send(harness, """
                mutation Add($token: String!, $address: MailingAddressInput!) {
                  customerAddressCreate(customerAccessToken: $token, address: $address) {
                    customerAddress { id address1 } customerUserErrors { code }
                  }
                }
                """, JSONObject([("token", .string(token)), ("address", .object(JSONObject([
                    ("address1", "5 Harbour Lane"), ("city", "Portland"), ("zip", "97201"), ("country", "US"), ("firstName", "Lin"),
                ])))]))
            let addressId = try #require(added["customerAddressCreate"]?["customerAddress"]?["id"]?.stringValue)
            #expect(addressId.hasPrefix("gid://shopify/MailingAddress/") && addressId.hasSuffix("?model_name=CustomerAddress"))

            let me = try await Self.send(harness, Self.profile, JSONObject([("token", .string(token))]))
            #expect(me["customer"]?["email"] == "lin@example.com")
            #expect(me["customer"]?["defaultAddress"] == .object(JSONObject([
                ("id", .string(addressId)), ("address1", "5 Harbour Lane"), ("city", "Portland"), ("zip", "97201"), ("countryCodeV2", "US"),
                ("formatted", .array(["5 Harbour Lane", "Portland 97201", "US"])),
            ])), "the first address is the default")
            #expect(me["customer"]?["addresses"]?["nodes"]?.arrayValue?.count == 1)

            let cart = try await Self.send(harness, """
                mutation Cart($token: String!) {
                  cartCreate(input: { buyerIdentity: { customerAccessToken: $token } }) {
                    cart { buyerIdentity { email customer { id email } } } userErrors { code field }
                  }
                }
                """, JSONObject([("token", .string(token))]))
            #expect(cart["cartCreate"]?["userErrors"] == .array([]))
            #expect(cart["cartCreate"]?["cart"]?["buyerIdentity"] == .object(JSONObject([
                ("email", "lin@example.com"), ("customer", .object(JSONObject([("id", "gid://shopify/Customer/5"), ("email", "lin@example.com")]))),
            ])), "the buyer is the customer, their email given")
            let refused = try await Self.send(harness, """
                mutation { cartCreate(input: { buyerIdentity: { customerAccessToken: "not-a-token" } }) { cart { id } userErrors { code field } } }
                """)
            #expect(refused["cartCreate"]?["cart"] == .null)
            #expect(refused["cartCreate"]?["userErrors"]?[0]?["field"] == .array(["input", "buyerIdentity", "customerAccessToken"]))
        }
    }

    @Test(arguments: [
        ("ada@example.com", "analytical-engine", nil),
        ("ada@example.com", "wrong-password", "UNIDENTIFIED_CUSTOMER"),
        ("nobody@example.com", "analytical-engine", "UNIDENTIFIED_CUSTOMER"),
        ("mallory@example.com", "locked-out", "CUSTOMER_DISABLED"),
        ("ivy@example.com", "anything-at-all", "UNIDENTIFIED_CUSTOMER"),
    ] as [(String, String, String?)])
    func signInAnswersShopifysCodes(email: String, password: String, code: String?) throws {
        let simulator = try Simulator()
        let response = simulator.execute(
            GraphQLRequest(query: Self.signIn, variables: Self.signInVariables(email, password)), dialect: .storefront)
        let payload = try #require(response.json["data"]?["customerAccessTokenCreate"])
        #expect(payload["customerUserErrors"]?[0]?["code"]?.stringValue == code)
        #expect((payload["customerAccessToken"] == .null) == (code != nil))
    }

    /// Shopify's refusals over the server: a wrong password, a disabled customer, a token past its
    /// 14 days on the virtual clock (in both dialects).
    @Test func refusalsAndExpiryOverTheServer() async throws {
        try await ServerHarness.with { harness in
            let wrong = try await Self.send(harness, Self.signIn, Self.signInVariables("ada@example.com", "not-her-password"))
            #expect(wrong["customerAccessTokenCreate"]?["customerUserErrors"]?[0]?["code"] == "UNIDENTIFIED_CUSTOMER")
            let disabled = try await Self.send(harness, Self.signIn, Self.signInVariables("mallory@example.com", "locked-out"))
            #expect(disabled["customerAccessTokenCreate"]?["customerUserErrors"]?[0]?["code"] == "CUSTOMER_DISABLED")
            #expect(disabled["customerAccessTokenCreate"]?["customerAccessToken"] == .null)
            let signedIn = try await Self.send(harness, Self.signIn, Self.signInVariables("ada@example.com", "analytical-engine"))
            let token = try #require(signedIn["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
            #expect(try await Self.send(harness, Self.profile, JSONObject([("token", .string(token))]))["customer"] != .null)
            #expect(try await NativeCustomerTests.post(harness, "{ me { email } }", session: "app", token: token)["me"]?["email"] == "ada@example.com")
            #expect(try await harness.send("POST", "/__sim/advance", body: #""14d""#).status == 200)
            #expect(try await Self.send(harness, Self.profile, JSONObject([("token", .string(token))]))["customer"] == .null, "expired")
            #expect(try await NativeCustomerTests.post(harness, "{ me { email } }", session: "later", token: token)["me"] == .null, "expired natively too")
        }
    }

    @Test func aTokenExpiresOnTheVirtualClockAndRenewingOrDeletingEndsIt() throws {
        let simulator = try Simulator()
        func run(_ query: String, _ variables: JSONObject = JSONObject()) throws -> JSON {
            try #require(simulator.execute(GraphQLRequest(query: query, variables: variables), dialect: .storefront).json["data"])
        }
        let first = try #require(try run(Self.signIn, Self.signInVariables("grace@example.com", "cobol-1959"))[
            "customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let renew = "mutation($t: String!) { customerAccessTokenRenew(customerAccessToken: $t) { customerAccessToken { accessToken } userErrors { field message } } }"
        simulator.advance(seconds: 13 * 86_400)
        let renewed = try #require(try run(renew, JSONObject([("t", .string(first))]))["customerAccessTokenRenew"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        #expect(renewed != first)
        #expect(try run(Self.profile, JSONObject([("token", .string(first))]))["customer"] == .null, "the renewed token ends")
        #expect(try run(Self.profile, JSONObject([("token", .string(renewed))]))["customer"]?["defaultAddress"]?["city"] == "Arlington")
        simulator.advance(seconds: 14 * 86_400)
        #expect(try run(Self.profile, JSONObject([("token", .string(renewed))]))["customer"] == .null, "expired 14 days after renewal")
        let late = try run(renew, JSONObject([("t", .string(renewed))]))["customerAccessTokenRenew"]
        #expect(late?["customerAccessToken"] == .null)
        #expect(late?["userErrors"]?[0]?["message"] == "Access token does not exist")

        let again = try #require(try run(Self.signIn, Self.signInVariables("grace@example.com", "cobol-1959"))[
            "customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let delete = "mutation($t: String!) { customerAccessTokenDelete(customerAccessToken: $t) { deletedAccessToken userErrors { message } } }"
        #expect(try run(delete, JSONObject([("t", .string(again))]))["customerAccessTokenDelete"]?["deletedAccessToken"]?.stringValue == again)
        #expect(try run(Self.profile, JSONObject([("token", .string(again))]))["customer"] == .null)
        #expect(try run(delete, JSONObject([("t", .string(again))]))["customerAccessTokenDelete"]?["userErrors"]?[0]?["message"] == "Access token does not exist")
    }

    @Test func addressesAreUpdatedDeletedAndTheDefaultMoves() throws {
        let simulator = try Simulator()
        func run(_ query: String, _ variables: JSONObject) throws -> JSON {
            try #require(simulator.execute(GraphQLRequest(query: query, variables: variables), dialect: .storefront).json["data"])
        }
        let token = try #require(try run(Self.signIn, Self.signInVariables("ada@example.com", "analytical-engine"))[
            "customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let profile = try run(Self.profile, JSONObject([("token", .string(token))]))["customer"]
        let ids = try #require(profile?["addresses"]?["nodes"]?.arrayValue?.compactMap { $0["id"]?.stringValue })
        #expect(ids.count == 2)
        #expect(profile?["defaultAddress"]?["id"]?.stringValue == ids[0])
        #expect(profile?["defaultAddress"]?["formatted"] == .array(["12 Market Street", "Apt 4", "San Francisco CA 94105", "United States"]))

        let makeDefault = """
            mutation($t: String!, $id: ID!) {
              customerDefaultAddressUpdate(customerAccessToken: $t, addressId: $id) { customer { defaultAddress { id } } customerUserErrors { code field } }
            }
            """
        let moved = try run(makeDefault, JSONObject([("t", .string(token)), ("id", .string(ids[1]))]))["customerDefaultAddressUpdate"]
        #expect(moved?["customer"]?["defaultAddress"]?["id"]?.stringValue == ids[1])
        let update = """
            mutation($t: String!, $id: ID!) {
              customerAddressUpdate(customerAccessToken: $t, id: $id, address: { address1: "2 Loom Road", city: "Austin" }) {
                customerAddress { address1 } customerUserErrors { code field }
              }
            }
            """
        #expect(try run(update, JSONObject([("t", .string(token)), ("id", .string(ids[1]))]))["customerAddressUpdate"]?["customerAddress"]?["address1"] == "2 Loom Road")
        let delete = """
            mutation($t: String!, $id: ID!) { customerAddressDelete(customerAccessToken: $t, id: $id) { deletedCustomerAddressId customerUserErrors { code field } } }
            """
        #expect(try run(delete, JSONObject([("t", .string(token)), ("id", .string(ids[1]))]))["customerAddressDelete"]?["deletedCustomerAddressId"]?.stringValue == ids[1])
        let after = try run(Self.profile, JSONObject([("token", .string(token))]))["customer"]
        #expect(after?["defaultAddress"]?["id"]?.stringValue == ids[0], "the oldest address left becomes the default")
        let gone = try run(delete, JSONObject([("t", .string(token)), ("id", .string(ids[1]))]))["customerAddressDelete"]?["customerUserErrors"]
        #expect(gone == .array([.object(JSONObject([("code", "NOT_FOUND"), ("field", .array(["id"]))]))]))
        let badToken = try run(delete, JSONObject([("t", "nope"), ("id", .string(ids[0]))]))["customerAddressDelete"]?["customerUserErrors"]
        #expect(badToken == .array([.object(JSONObject([("code", "TOKEN_INVALID"), ("field", .array(["customerAccessToken"]))]))]))
        // Another customer's address is not theirs to change.
        let grace = try #require(try run(Self.signIn, Self.signInVariables("grace@example.com", "cobol-1959"))[
            "customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let theft = try run(delete, JSONObject([("t", .string(grace)), ("id", .string(ids[0]))]))["customerAddressDelete"]?["customerUserErrors"]?[0]?["code"]
        #expect(theft == "NOT_FOUND")
    }

    static let orders = """
        query Orders($token: String!, $sortKey: OrderSortKeys, $reverse: Boolean) {
          customer(customerAccessToken: $token) {
            numberOfOrders
            orders(first: 10, sortKey: $sortKey, reverse: $reverse) {
              nodes {
                id name orderNumber processedAt financialStatus fulfillmentStatus email statusUrl
                totalPrice { amount currencyCode } subtotalPrice { amount } totalShippingPrice { amount }
                shippingAddress { city }
                lineItems(first: 5) { nodes { title quantity originalTotalPrice { amount } variant { id } } }
              }
            }
          }
        }
        """

    @Test func aFixtureCustomersPastOrdersListAndSort() throws {
        let simulator = try Simulator()
        func run(_ query: String, _ variables: JSONObject) throws -> JSON {
            try #require(simulator.execute(GraphQLRequest(query: query, variables: variables), dialect: .storefront).json["data"])
        }
        let token = try #require(try run(Self.signIn, Self.signInVariables("grace@example.com", "cobol-1959"))[
            "customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let newestFirst = try run(Self.orders, JSONObject([("token", .string(token)), ("sortKey", "PROCESSED_AT"), ("reverse", true)]))["customer"]
        #expect(newestFirst?["numberOfOrders"] == "2")
        let nodes = try #require(newestFirst?["orders"]?["nodes"]?.arrayValue)
        #expect(nodes.map { $0["name"] } == ["#902", "#901"])
        #expect(nodes[0]["processedAt"] == "2026-02-20T09:05:00Z")
        #expect(nodes[0]["financialStatus"] == "PAID" && nodes[0]["fulfillmentStatus"] == "UNFULFILLED")
        #expect(nodes[0]["id"] == "gid://shopify/Order/2")
        #expect(nodes[0]["shippingAddress"]?["city"] == "Arlington")
        #expect(nodes[0]["statusUrl"] == "https://checkout-sim.myshopify.com/orders/order-902?session=customer%2D2")
        let lines = try #require(nodes[0]["lineItems"]?["nodes"]?.arrayValue)
        #expect(lines.count == 2)
        // Prices come from the catalog; the order's total is its lines plus shipping.
        let lineTotal = lines.compactMap { $0["originalTotalPrice"]?["amount"]?.stringValue }.compactMap { Decimal(string: $0) }.reduce(0, +)
        let subtotal = try #require(nodes[0]["subtotalPrice"]?["amount"]?.stringValue.flatMap { Decimal(string: $0) })
        let shipping = try #require(nodes[0]["totalShippingPrice"]?["amount"]?.stringValue.flatMap { Decimal(string: $0) })
        #expect(lineTotal == subtotal)
        #expect(nodes[0]["totalPrice"]?["amount"]?.stringValue.flatMap { Decimal(string: $0) } == subtotal + shipping)
        let byId = try run(Self.orders, JSONObject([("token", .string(token))]))["customer"]?["orders"]?["nodes"]?.arrayValue?.map { $0["name"] }
        #expect(byId == ["#901", "#902"])
        let byTotal = try run(Self.orders, JSONObject([("token", .string(token)), ("sortKey", "TOTAL_PRICE")]))["customer"]?["orders"]?["nodes"]?
            .arrayValue?.compactMap { $0["totalPrice"]?["amount"]?.stringValue.flatMap { Decimal(string: $0) } }
        #expect(byTotal == byTotal?.sorted() && byTotal?.count == 2)
    }

    @Test func anOrderPaidForACartLinkedToACustomerIsTheirs() async throws {
        try await ServerHarness.with { harness in
            let signedIn = try await Self.send(harness, Self.signIn, Self.signInVariables("ada@example.com", "analytical-engine"))
            let token = try #require(signedIn["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
            let created = try await Self.send(harness, """
                mutation Cart($token: String!) {
                  cartCreate(input: { lines: [{ merchandiseId: "gid://shopify/ProductVariant/1000001001", quantity: 1 }], buyerIdentity: { customerAccessToken: $token } }) {
                    cart { id checkoutUrl }
                  }
                }
                """, JSONObject([("token", .string(token))]))
            let checkoutURL = try #require(created["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue)
            // The hosted checkout prefills the customer's email and default address.
            let path = String(checkoutURL.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
            let page = try await harness.send("GET", path, headers: [:])
            #expect(page.status == 200)
            for prefilled in [#""email":"ada@example.com""#, #""address1":"12 Market Street""#, #""city":"San Francisco""#, #""zip":"94105""#] {
                #expect(page.body.contains(prefilled), "the page prefills \(prefilled)")
            }
            // It pays in the cart's session, as the page's own request does.
            let cartId = try #require(created["cartCreate"]?["cart"]?["id"]?.stringValue)
            let cartToken = String(cartId.dropFirst("gid://shopify/Cart/".count).prefix { $0 != "?" })
            let key = String(cartId.split(separator: "=").last ?? "")
            let pay = #"{"query":"mutation { checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}, email: \"ada@example.com\"}) { order { id } errors { code } } }"}"#
            let paid = try await harness.post(pay, session: "cart-\(cartToken).\(key)")
            #expect(paid.body.contains(#""order":{"id":"order-1001"}"#), "\(paid.body)")
            let orders = try await Self.send(harness, Self.orders, JSONObject([("token", .string(token))]))
            let nodes = try #require(orders["customer"]?["orders"]?["nodes"]?.arrayValue)
            #expect(nodes.count == 1)
            #expect(nodes.first?["email"] == "ada@example.com")
            #expect(nodes.first?["shippingAddress"]?["city"] == "San Francisco")
            #expect(nodes.first?["lineItems"]?["nodes"]?[0]?["variant"]?["id"] == "gid://shopify/ProductVariant/1000001001")
            let status = try #require(nodes.first?["statusUrl"]?.stringValue)
            let statusPage = try await harness.send("GET", String(status.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }), headers: [:])
            #expect(statusPage.status == 200 && statusPage.body.contains("order-number"), "the order's status page opens")
        }
    }

    @Test func customerUpdateChangesTheProfileAndANewPasswordGivesANewToken() throws {
        let simulator = try Simulator()
        func run(_ query: String, _ variables: JSONObject) throws -> JSON {
            try #require(simulator.execute(GraphQLRequest(query: query, variables: variables), dialect: .storefront).json["data"])
        }
        let token = try #require(try run(Self.signIn, Self.signInVariables("ada@example.com", "analytical-engine"))[
            "customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let update = """
            mutation($t: String!, $c: CustomerUpdateInput!) {
              customerUpdate(customerAccessToken: $t, customer: $c) {
                customer { email firstName phone } customerAccessToken { accessToken } customerUserErrors { code field }
              }
            }
            """
        let taken = try run(update, JSONObject([("t", .string(token)), ("c", .object(JSONObject([("email", "GRACE@example.com"), ("password", "x")])))]))
        #expect(taken["customerUpdate"]?["customerUserErrors"]?.arrayValue?.map { $0["code"] } == ["TAKEN", "TOO_SHORT"], "every problem at once")
        let renamed = try run(update, JSONObject([("t", .string(token)), ("c", .object(JSONObject([("firstName", "Augusta"), ("phone", "+15550100")])))]))
        #expect(renamed["customerUpdate"]?["customer"]?["firstName"] == "Augusta")
        #expect(renamed["customerUpdate"]?["customerAccessToken"] == .null, "no new token without a new password")
        let moved = try run(update, JSONObject([("t", .string(token)), ("c", .object(JSONObject([("password", "difference-engine")])))]))
        let fresh = try #require(moved["customerUpdate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        #expect(fresh != token)
        #expect(try run(Self.profile, JSONObject([("token", .string(token))]))["customer"] == .null, "the old token ends with the old password")
        #expect(try run(Self.profile, JSONObject([("token", .string(fresh))]))["customer"]?["firstName"] == "Augusta")
    }
}
