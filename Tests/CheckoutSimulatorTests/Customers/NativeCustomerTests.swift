import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The native schema's customers over real sockets with a real URLSession (docs/customers.md#native):
/// sign-up signs the session in, a token signs another session in by header, addresses, the
/// orders paid while signed in, sign-out, and the codes.
struct NativeCustomerTests {
    static func post(_ harness: ServerHarness, _ query: String, session: String, token: String? = nil) async throws -> JSON {
        var headers = ["Content-Type": "application/json", "X-Checkout-Session": session]
        if let token { headers["X-Checkout-Customer-Token"] = token }
        let body = JSON.object(JSONObject([("query", .string(query))])).serialized()
        let answer = try await harness.send("POST", "/graphql", body: body, headers: headers)
        let json = try JSONParser.parse(answer.body)
        #expect(json["errors"] == nil, "\(answer.body)")
        return try #require(json["data"])
    }

    static let me = "{ me { id email displayName defaultAddress { id city isDefault } addresses { id } orders { id total { amount } } } }"

    @Test func signUpAddressesATokenOnAnotherSessionAndTheOrdersPaidSignedIn() async throws {
        try await ServerHarness.with { harness in
            let signedUp = try await Self.post(harness, """
                mutation { signUp(input: { email: "lin@example.com", password: "open-sesame", firstName: "Lin" }) {
                  customer { id email } token { token expiresAt } errors { code field } } }
                """, session: "phone")
            #expect(signedUp["signUp"]?["customer"]?["id"] == "customer-5")
            let token = try #require(signedUp["signUp"]?["token"]?["token"]?.stringValue)
            #expect(try await Self.post(harness, Self.me, session: "phone")["me"]?["email"] == "lin@example.com", "signing up signs the session in")
            #expect(try await Self.post(harness, Self.me, session: "tablet")["me"] == .null, "another session is not signed in")

            let added = try await Self.post(harness, """
                mutation { addAddress(input: { address1: "5 Harbour Lane", city: "Portland", countryCode: "US", zip: "97201" }) {
                  customer { defaultAddress { id city isDefault } } errors { code } } }
                """, session: "phone")
            #expect(added["addAddress"]?["customer"]?["defaultAddress"] == .object(JSONObject([
                ("id", "address-4"), ("city", "Portland"), ("isDefault", true),
            ])), "the first address is the default; the fixtures' three come first")

            // The token signs another session in; what it pays there is the customer's.
            _ = try await Self.post(harness, #"mutation { addToCart(productId: "iphone-15", quantity: 1) { errors { code } } }"#, session: "tablet", token: token)
            let paid = try await Self.post(harness, """
                mutation { checkout(input: { card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" } }) { order { id } errors { code } } }
                """, session: "tablet")
            #expect(paid["checkout"]?["order"]?["id"] == "order-1001")
            let me = try await Self.post(harness, Self.me, session: "tablet")
            #expect(me["me"]?["orders"]?.arrayValue?.count == 1)
            #expect(me["me"]?["orders"]?[0]?["id"] == "order-1001")
            // An order paid by a session no one signed in on is nobody's.
            _ = try await Self.post(harness, #"mutation { addToCart(productId: "iphone-15", quantity: 1) { errors { code } } }"#, session: "kiosk")
            _ = try await Self.post(harness, """
                mutation { checkout(input: { card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" } }) { order { id } } }
                """, session: "kiosk")
            #expect(try await Self.post(harness, Self.me, session: "phone")["me"]?["orders"]?.arrayValue?.count == 1)

            let out = try await Self.post(harness, "mutation { signOut { signedOut } }", session: "tablet")
            #expect(out["signOut"]?["signedOut"] == true)
            #expect(try await Self.post(harness, Self.me, session: "tablet")["me"] == .null)
            #expect(try await Self.post(harness, Self.me, session: "phone")["me"] == .null, "signing out ends the token the sessions shared")
            let again = try await Self.post(harness, "mutation { signOut { signedOut } }", session: "tablet")
            #expect(again["signOut"]?["signedOut"] == false)
        }
    }

    @Test(arguments: [
        (#"signIn(email: "ada@example.com", password: "analytical-engine")"#, nil),
        (#"signIn(email: "ada@example.com", password: "wrong-password")"#, "UNIDENTIFIED_CUSTOMER"),
        (#"signIn(email: "mallory@example.com", password: "locked-out")"#, "CUSTOMER_DISABLED"),
        (#"signUp(input: { email: "ADA@example.com", password: "analytical-engine" })"#, "EMAIL_TAKEN"),
        (#"signUp(input: { email: "new@example.com", password: "1234" })"#, "INVALID_INPUT"),
    ] as [(String, String?)])
    func signingInAnswersTheCodes(_ call: String, code: String?) throws {
        let simulator = try Simulator()
        let response = simulator.execute(GraphQLRequest(query: "mutation { \(call) { customer { email } token { token } errors { code field message } } }"))
        let payload = try #require(response.json["data"]?.objectValue?.values.first)
        #expect(payload["errors"]?[0]?["code"]?.stringValue == code)
        #expect((payload["token"] == .null) == (code != nil))
    }

    @Test func addressMutationsNeedASignedInSessionAndTheirOwnAddress() throws {
        let simulator = try Simulator()
        func run(_ query: String) throws -> JSON { try #require(simulator.execute(GraphQLRequest(query: query), session: "s").json["data"]) }
        let before = try run(#"mutation { removeAddress(id: "address-1") { customer { id } errors { code } } }"#)
        #expect(before["removeAddress"]?["errors"]?[0]?["code"] == "NOT_SIGNED_IN")
        _ = try run(#"mutation { signIn(email: "grace@example.com", password: "cobol-1959") { errors { code } } }"#)
        let theft = try run(#"mutation { removeAddress(id: "address-1") { errors { code field } } }"#)
        #expect(theft["removeAddress"]?["errors"]?[0]?["code"] == "ADDRESS_NOT_FOUND", "address-1 is Ada's")
        let added = try run(#"mutation { addAddress(input: { city: "Reston" }, makeDefault: true) { customer { defaultAddress { id city } addresses { id } } } }"#)
        #expect(added["addAddress"]?["customer"]?["defaultAddress"]?["city"] == "Reston")
        let id = try #require(added["addAddress"]?["customer"]?["defaultAddress"]?["id"]?.stringValue)
        let updated = try run(#"mutation { updateAddress(id: "\#(id)", input: { city: "Fairfax" }) { customer { defaultAddress { city } } } }"#)
        #expect(updated["updateAddress"]?["customer"]?["defaultAddress"]?["city"] == "Fairfax")
        let removed = try run(#"mutation { removeAddress(id: "\#(id)") { customer { defaultAddress { city } addresses { id } } } }"#)
        #expect(removed["removeAddress"]?["customer"]?["defaultAddress"]?["city"] == "Arlington", "the oldest left is the default")
        let orders = try run("{ me { orders { number placedAt } } }")
        #expect(orders["me"]?["orders"]?.arrayValue?.compactMap { $0["number"]?.intValue } == [901, 902], "Grace's past orders")
    }

    /// Many sessions in the root shop and in sandboxes sign in, read and change their customer at
    /// once: each shop's customers change only under its lock (ThreadSanitizer runs this in CI).
    @Test func manySessionsSignInAtOnce() async throws {
        try await ServerHarness.with { harness in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let base = index % 2 == 0 ? "" : "/sandbox/s\(index % 4)"
                        let session = "device-\(index)"
                        let headers = ["Content-Type": "application/json", "X-Checkout-Session": session]
                        let signIn = #"{"query":"mutation { signIn(email: \"grace@example.com\", password: \"cobol-1959\") { errors { code } } }"}"#
                        let signedIn = try await harness.send("POST", base + "/graphql", body: signIn, headers: headers)
                        #expect(signedIn.body == #"{"data":{"signIn":{"errors":[]}}}"#)
                        let add = #"{"query":"mutation { addAddress(input: { city: \"Reston\" }) { customer { addresses { id } } errors { code } } }"}"#
                        #expect(try await harness.send("POST", base + "/graphql", body: add, headers: headers).body.contains(#""errors":[]"#))
                        let me = try await harness.send("POST", base + "/graphql", body: #"{"query":"{ me { email } }"}"#, headers: headers)
                        #expect(me.body == #"{"data":{"me":{"email":"grace@example.com"}}}"#)
                    }
                }
                try await group.waitForAll()
            }
            // Four sessions of the root shop each added one address to Grace's one.
            let me = try await NativeCustomerTests.post(harness, "{ me { addresses { id } } }", session: "device-0")
            #expect(me["me"]?["addresses"]?.arrayValue?.count == 5)
        }
    }
}
