import CheckoutSimControl
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The control client against a real `checkout-sim serve` (docs/control-client.md), used as a UI
/// test uses it: the app's requests go to `graphQLURL`, the test drives the shop beside them.
struct ShopControlTests {
    /// What the app does: one GraphQL POST to its endpoint; the status and the body.
    static func app(_ url: URL, _ query: String, variables: String = "{}") async throws -> (status: Int, body: String) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"query": \#(ShopControl.Value.string(query)), "variables": \#(variables)}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    static let add = "mutation AddToCart($id: ID!, $n: Int) { addToCart(productId: $id, quantity: $n) { cart { totalQuantity } errors { code } } }"
    static let listing = "query Listing { products(first: 2) { totalCount } }"
    static let checkout = #"mutation Checkout { checkout(input: {card: {number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123"}}) { order { id } payment { declineCode } errors { code } } }"#

    @Test func aUITestDrivesItsSandboxThroughEveryControl() async throws {
        try await ServerProcess.with { base in
            let shop = ShopControl(baseURL: base)
            let sandbox = shop.sandbox(forTest: "-[CheckoutUITests testDeclinedCard]")
            #expect(sandbox.sandboxName == "CheckoutUITests-testDeclinedCard")
            #expect(sandbox.graphQLURL.absoluteString == base.absoluteString + "/sandbox/CheckoutUITests-testDeclinedCard/graphql"
                || sandbox.graphQLURL.absoluteString == base.absoluteString + "sandbox/CheckoutUITests-testDeclinedCard/graphql")

            try await sandbox.failNext(status: 503, operation: "AddToCart")
            #expect(try await Self.app(sandbox.graphQLURL, Self.listing).status == 200, "the listing beside the aimed fault goes through")
            #expect(try await Self.app(sandbox.graphQLURL, Self.add, variables: #"{"id": "pixel-8"}"#).status == 503)
            #expect(try await Self.app(sandbox.graphQLURL, Self.add, variables: #"{"id": "pixel-8", "n": 2}"#).body.contains(#""totalQuantity":2"#))

            try await sandbox.levers([.declineNextPayments(declineCode: "insufficient_funds"), .stock(productId: "pixel-8", units: 5)])
            try await sandbox.levers([.expireNextCheckouts(count: 2), .makeNextCheckoutsUnavailable()])
            #expect(try await Self.app(sandbox.graphQLURL, Self.checkout).body.contains("insufficient_funds"))
            try await sandbox.clearLevers()
            #expect(try await Self.app(sandbox.graphQLURL, Self.checkout).body.contains("order-1001"))
            #expect(try await sandbox.advance(by: "2h") == "2026-03-01T12:00:00Z")

            let adds = try await sandbox.requests(operation: "AddToCart")
            #expect(adds.map(\.status) == [503, 200])
            #expect(adds.map(\.fault) == ["fail 503", nil])
            #expect(adds.last?.variables == ["id": "pixel-8", "n": 2])
            #expect(try await sandbox.requests(variables: ["n": 2]).count == 1)
            #expect(try await sandbox.verify("AddToCart", count: 2) == 2)
            do {
                try await sandbox.verify("AddToCart", variables: ["id": "pixel-8", "n": 3])
                Issue.record("the verification should fail")
            } catch let failure as ShopControl.VerificationFailure {
                #expect(failure.count == 0)
                let difference = failure.nearMisses.first?.differences.first
                #expect(difference?.field == "variables.n" && difference?.expected == 3 && difference?.found == 2)
                #expect(failure.description.contains("Near misses:\n  #3 AddToCart in session default {\"id\":\"pixel-8\",\"n\":2}: variables.n expected 3, found 2"), "\(failure)")
            }
            let recorded = try await sandbox.recordedScenario(name: "Declined card")
            #expect(recorded.hasPrefix("scenario \"Declined card\"") && recorded.contains("lever payments declined insufficient_funds x1"))
            #expect(recorded.contains("lever checkout expired x2\n") && recorded.contains("lever checkout unavailable x1\n"), "\(recorded)")

            let report = try await sandbox.runScenario("scenario \"Live\"\nstep \"Cart\"\n  send Cart\n  expect $.data.cart.totalQuantity == 0\n")
            #expect(report.passed, "\(report.json)")
            await #expect(throws: ShopControl.ControlError.self) { try await sandbox.runScenario("scenario \"Broken\"\nstep\n") }

            #expect(try await shop.sandboxes().map(\.name) == ["default", "CheckoutUITests-testDeclinedCard"])
            #expect(try await shop.requests().isEmpty, "the root shop saw none of it")
            try await sandbox.reset()
            #expect(try await sandbox.requests().isEmpty)
            try await sandbox.drop()
            #expect(try await shop.sandboxes().map(\.name) == ["default"])
            await #expect(throws: ShopControl.ControlError.self) { try await shop.drop() }
        }
    }

    @Test func aUITestReadsTheMailItsSandboxSentAndPullsTheSignInLever() async throws {
        try await ServerProcess.with { base in
            let sandbox = ShopControl(baseURL: base).sandbox("mail")
            let storefront = base.appendingPathComponent("sandbox/mail/api/2026-04/graphql.json")
            let recover = #"mutation { customerRecover(email: "grace@example.com") { customerUserErrors { code } } }"#
            #expect(try await Self.app(storefront, recover).body.contains(#""customerUserErrors":[]"#))
            let mail = try await sandbox.mail(to: "GRACE@example.com")
            #expect(mail.map(\.kind) == ["PASSWORD_RESET"])
            #expect(mail.first?.link?.contains("/sandbox/mail/account/reset/2/") == true, "\(String(describing: mail.first?.link))")
            #expect(try await ShopControl(baseURL: base).mail(to: "grace@example.com").isEmpty, "the root shop's outbox is its own")
            try await sandbox.levers([.throttleNextSignIns(), .refuseNextSignInPasswords(count: 2)])
            let signIn = #"mutation { customerAccessTokenCreate(input: {email: "grace@example.com", password: "cobol-1959"}) { customerUserErrors { code } } }"#
            #expect(try await Self.app(storefront, signIn).body.contains(#""code":"UNIDENTIFIED_CUSTOMER""#), "the last lever pulled is the one in force")
            try await sandbox.levers([.throttleNextSignIns()])
            #expect(try await Self.app(storefront, signIn).body.contains(#""code":"THROTTLED""#))

            // A customer made through the control API, and a session signed in as them.
            #expect(try await sandbox.customer(email: "kim@example.com", password: "kimchi-42", firstName: "Kim") == "gid://shopify/Customer/5")
            try await sandbox.levers([.signIn(as: "kim@example.com", session: "phone")])
            let phone = try #require(URL(string: sandbox.graphQLURL.absoluteString + "?session=phone"))
            #expect(try await Self.app(phone, "{ me { email } }").body == #"{"data":{"me":{"email":"kim@example.com"}}}"#)
            #expect(try await Self.app(sandbox.graphQLURL, "{ me { email } }").body == #"{"data":{"me":null}}"#, "only that session")
        }
    }

    /// A UI test signing in through new customer accounts reads the code the sheet asks for.
    @Test func aUITestReadsTheSignInCodeItsSandboxMailed() async throws {
        try await ServerProcess.with { base in
            let sandbox = ShopControl(baseURL: base).sandbox("codes")
            #expect(try await sandbox.signInCode(for: "ada@example.com") == nil)
            var request = URLRequest(url: base.appendingPathComponent("sandbox/codes/authentication/68000000001/oauth/authorize"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(("step=email&client_id=ui-test&response_type=code&redirect_uri=app%3A%2F%2Fcb&scope=openid"
                + "&code_challenge=IQW8R3B5br9dIAeI0vwjNT-ag94URuaK8drAWjNS9vA&code_challenge_method=S256&email=ada%40example.com").utf8)
            let (page, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: page, as: UTF8.self).contains("We sent a six-digit code to"))
            let code = try #require(try await sandbox.signInCode(for: "ADA@example.com"))
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            #expect(try await sandbox.mail(to: "ada@example.com").last?.subject == "Your sign-in code is \(code)")
            #expect(try await ShopControl(baseURL: base).signInCode(for: "ada@example.com") == nil, "the root shop mailed nothing")
        }
    }

    @Test func refusalsCarryTheServersMessage() async throws {
        try await ServerProcess.with { base in
            let shop = ShopControl(baseURL: base)
            do {
                try await shop.levers([.stock(productId: "no-such-product", units: 1)])
                Issue.record("an unknown product is refused")
            } catch let error as ShopControl.ControlError {
                #expect(error.status == 400)
                #expect(error.description == #"HTTP 400: No product has the id "no-such-product"."#)
            }
            await #expect(throws: ShopControl.ControlError.self) { try await shop.advance(by: "a fortnight") }
            await #expect(throws: ShopControl.ControlError.self) { try await shop.sandbox("bad name").reset() }
        }
    }

    @Test func sandboxNamesForTestsAreValidAndDistinct() {
        let shop = ShopControl(baseURL: URL(string: "http://127.0.0.1:4000")!)
        let long = String(repeating: "testTheCheckoutOfAVeryLongName", count: 4)
        let one = shop.sandbox(forTest: long + "A").sandboxName ?? ""
        let other = shop.sandbox(forTest: long + "B").sandboxName ?? ""
        #expect(one.count == 64 && other.count == 64 && one != other)
        #expect(shop.sandbox(forTest: "Checkout › pays (iPhone 15)").sandboxName == "Checkout-pays-iPhone-15")
        #expect(shop.sandbox(forTest: "???").sandboxName == "test")
    }
}
