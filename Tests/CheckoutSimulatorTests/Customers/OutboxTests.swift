import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The outbox (docs/customers.md#the-outbox) over real sockets: a password reset followed from the
/// mail's link, its expiry on the virtual clock, an invited customer's activation, an order's
/// confirmation, each sandbox its own.
struct OutboxTests {
    static func mail(_ harness: ServerHarness, base: String = "", to address: String) async throws -> [JSON] {
        let answer = try await harness.send("GET", "\(base)/__sim/mail?to=\(address)", headers: [:])
        #expect(answer.status == 200)
        return try JSONParser.parse(answer.body)["mail"]?.arrayValue ?? []
    }

    static let recover = "mutation($email: String!) { customerRecover(email: $email) { customerUserErrors { code field } } }"
    static let reset = """
        mutation($url: URL!, $password: String!) {
          customerResetByUrl(resetUrl: $url, password: $password) {
            customer { email } customerAccessToken { accessToken } customerUserErrors { code field }
          }
        }
        """

    @Test func aPasswordResetThroughTheOutbox() async throws {
        try await ServerHarness.with { harness in
            let unknown = try await StorefrontCustomerTests.send(harness, Self.recover, JSONObject([("email", "nobody@example.com")]))
            #expect(unknown["customerRecover"]?["customerUserErrors"]?[0]?["code"] == "UNIDENTIFIED_CUSTOMER")
            #expect(try await Self.mail(harness, to: "ada@example.com").isEmpty)

            _ = try await StorefrontCustomerTests.send(harness, Self.recover, JSONObject([("email", "ADA@example.com")]))
            let mails = try await Self.mail(harness, to: "ada@example.com")
            #expect(mails.count == 1)
            #expect(mails.first?["kind"] == "PASSWORD_RESET" && mails.first?["subject"] == "Reset your password")
            let link = try #require(mails.first?["link"]?.stringValue)
            #expect(link.hasPrefix("http://127.0.0.1:\(harness.port)/account/reset/1/"), "\(link)")

            let done = try await StorefrontCustomerTests.send(harness, Self.reset, JSONObject([("url", .string(link)), ("password", "difference-engine")]))
            #expect(done["customerResetByUrl"]?["customer"]?["email"] == "ada@example.com")
            #expect(done["customerResetByUrl"]?["customerAccessToken"]?["accessToken"]?.stringValue?.count == 32, "a reset signs the customer in")
            let old = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signIn, StorefrontCustomerTests.signInVariables("ada@example.com", "analytical-engine"))
            #expect(old["customerAccessTokenCreate"]?["customerUserErrors"]?[0]?["code"] == "UNIDENTIFIED_CUSTOMER")
            let new = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signIn, StorefrontCustomerTests.signInVariables("ada@example.com", "difference-engine"))
            #expect(new["customerAccessTokenCreate"]?["customerUserErrors"] == .array([]))
            let again = try await StorefrontCustomerTests.send(harness, Self.reset, JSONObject([("url", .string(link)), ("password", "third-password")]))
            #expect(again["customerResetByUrl"]?["customerUserErrors"]?[0]?["code"] == "TOKEN_INVALID", "a link works once")

            // A day on the virtual clock, and the next link has expired.
            _ = try await StorefrontCustomerTests.send(harness, Self.recover, JSONObject([("email", "ada@example.com")]))
            let second = try #require(try await Self.mail(harness, to: "ada@example.com").last?["link"]?.stringValue)
            #expect(second != link)
            #expect(try await harness.send("POST", "/__sim/advance", body: #""24h""#).status == 200)
            let late = try await StorefrontCustomerTests.send(harness, Self.reset, JSONObject([("url", .string(second)), ("password", "third-password")]))
            #expect(late["customerResetByUrl"]?["customerUserErrors"]?[0]?["code"] == "TOKEN_INVALID")
            let short = try await StorefrontCustomerTests.send(harness, Self.reset, JSONObject([("url", "https://elsewhere.example/account/reset/1/x"), ("password", "1")]))
            #expect(short["customerResetByUrl"]?["customerUserErrors"]?[0]?["code"] == "TOKEN_INVALID")

            // customerReset takes the customer's id and the token apart; another customer's id is refused.
            _ = try await StorefrontCustomerTests.send(harness, Self.recover, JSONObject([("email", "ada@example.com")]))
            let third = try #require(try await Self.mail(harness, to: "ada@example.com").last?["link"]?.stringValue)
            let token = String(third.split(separator: "/").last ?? "")
            let byToken = """
                mutation($id: ID!, $input: CustomerResetInput!) { customerReset(id: $id, input: $input) { customer { email } customerUserErrors { code } } }
                """
            let input = JSON.object(JSONObject([("resetToken", .string(token)), ("password", "third-password")]))
            let wrong = try await StorefrontCustomerTests.send(harness, byToken, JSONObject([("id", "gid://shopify/Customer/2"), ("input", input)]))
            #expect(wrong["customerReset"]?["customerUserErrors"]?[0]?["code"] == "TOKEN_INVALID")
            let right = try await StorefrontCustomerTests.send(harness, byToken, JSONObject([("id", "gid://shopify/Customer/1"), ("input", input)]))
            #expect(right["customerReset"]?["customer"]?["email"] == "ada@example.com")
        }
    }

    @Test func anInvitedCustomerActivatesFromTheirMail() async throws {
        try await ServerHarness.with { harness in
            let mails = try await Self.mail(harness, to: "ivy@example.com")
            #expect(mails.map { $0["kind"] } == ["ACCOUNT_ACTIVATION"], "the fixtures' invited customer has their invitation")
            let link = try #require(mails.first?["link"]?.stringValue)
            let activate = """
                mutation($url: URL!, $password: String!) {
                  customerActivateByUrl(activationUrl: $url, password: $password) { customer { email } customerAccessToken { accessToken } customerUserErrors { code field } }
                }
                """
            let short = try await StorefrontCustomerTests.send(harness, activate, JSONObject([("url", .string(link)), ("password", "ivy")]))
            #expect(short["customerActivateByUrl"]?["customerUserErrors"]?[0]?["code"] == "TOO_SHORT", "the link still works after a refused password")
            let done = try await StorefrontCustomerTests.send(harness, activate, JSONObject([("url", .string(link)), ("password", "poison-ivy")]))
            #expect(done["customerActivateByUrl"]?["customer"]?["email"] == "ivy@example.com")
            let signedIn = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signIn, StorefrontCustomerTests.signInVariables("ivy@example.com", "poison-ivy"))
            #expect(signedIn["customerAccessTokenCreate"]?["customerUserErrors"] == .array([]))
        }
    }

    @Test func anOrderIsConfirmedAndEachSandboxHasItsOwnOutbox() async throws {
        try await ServerHarness.with { harness in
            let base = "/sandbox/mailroom"
            let add = #"{"query":"mutation { addToCart(productId: \"pixel-8\", quantity: 1) { errors { code } } }"}"#
            _ = try await harness.send("POST", "\(base)/graphql", body: add)
            let pay = #"{"query":"mutation { checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}, email: \"buyer@example.com\"}) { order { id } } }"}"#
            #expect(try await harness.send("POST", "\(base)/graphql", body: pay).body.contains("order-1001"))
            let mails = try await Self.mail(harness, base: base, to: "buyer@example.com")
            #expect(mails.first?["kind"] == "ORDER_CONFIRMATION" && mails.first?["subject"] == "Order #1001 confirmed")
            let link = try #require(mails.first?["link"]?.stringValue)
            #expect(link.hasSuffix("\(base)/orders/order-1001?session=default"))
            let page = try await harness.send("GET", String(link.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }), headers: [:])
            #expect(page.status == 200 && page.body.contains("#1001"))
            #expect(try await Self.mail(harness, to: "buyer@example.com").isEmpty, "the root shop sent nothing")
        }
    }
}
