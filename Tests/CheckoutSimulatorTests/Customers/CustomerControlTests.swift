import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Customers made, reset and signed in through the control API and scenario lines
/// (docs/customers.md#control).
struct CustomerControlTests {
    @Test func theControlAPIMakesAndResetsCustomers() async throws {
        try await ServerHarness.with { harness in
            let made = try await harness.send("POST", "/__sim/customer", body: #"{"email": "zoe@example.com", "password": "zoetrope-1", "firstName": "Zoe"}"#)
            #expect(made.body == #"{"ok":true,"customer":{"id":"gid://shopify/Customer/5","email":"zoe@example.com","state":"enabled","created":true}}"#)
            let zoe = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signIn, StorefrontCustomerTests.signInVariables("zoe@example.com", "zoetrope-1"))
            #expect(zoe["customerAccessTokenCreate"]?["customerUserErrors"] == .array([]))

            let signedIn = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signIn, StorefrontCustomerTests.signInVariables("ada@example.com", "analytical-engine"))
            let token = try #require(signedIn["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
            let reset = try await harness.send("POST", "/__sim/customer", body: #"{"email": "ADA@example.com", "password": "new-engine-2"}"#)
            #expect(reset.body.contains(#""created":false"#))
            let old = try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.signIn, StorefrontCustomerTests.signInVariables("ada@example.com", "analytical-engine"))
            #expect(old["customerAccessTokenCreate"]?["customerUserErrors"]?[0]?["code"] == "UNIDENTIFIED_CUSTOMER")
            #expect(try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.profile, JSONObject([("token", .string(token))]))["customer"]?["email"] == "ada@example.com",
                    "a new password leaves live tokens working")
            _ = try await harness.send("POST", "/__sim/customer", body: #"{"email": "ada@example.com", "state": "disabled"}"#)
            #expect(try await StorefrontCustomerTests.send(harness, StorefrontCustomerTests.profile, JSONObject([("token", .string(token))]))["customer"] == .null,
                    "a disabled customer's tokens stop working")

            let invited = try await harness.send("POST", "/__sim/customer", body: #"{"email": "newbie@example.com", "state": "invited"}"#)
            #expect(invited.status == 200)
            #expect(try await OutboxTests.mail(harness, to: "newbie@example.com").first?["kind"] == "ACCOUNT_ACTIVATION")
            for bad in [#"{"email": "not-an-email", "password": "abcdef"}"#, #"{"email": "x@example.com"}"#, #"{"email": "x@example.com", "password": "1"}"#,
                        #"{"email": "x@example.com", "password": "abcdef", "age": 3}"#] {
                let refused = try await harness.send("POST", "/__sim/customer", body: bad)
                #expect(refused.status == 400, "\(bad) → \(refused.body)")
            }
        }
    }

    @Test func aScenarioSignsInAsAFixtureCustomerAndItsRecordingReplays() throws {
        let simulator = try Simulator()
        let text = """
            scenario "Signed in by a lever"
            step "Grace, without her password"
              session phone
              lever signIn as grace@example.com
              send Me
              expect $.data.me.email == "grace@example.com"
              expect $.data.me.orders count == 2
            step "Another session is not signed in"
              session tablet
              send Me
              expect $.data.me == null
            step "Nobody's email is refused"
              lever signIn as nobody@example.com
              send Me
            """
        let scenario = try simulator.parseScenario(text, file: "lever.scenario").get()
        let report = simulator.runLive([scenario])
        let steps = report.files.first?.steps ?? []
        #expect(steps.prefix(2).allSatisfy { $0.status == .passed }, "\(steps)")
        #expect(steps.last?.status == .error)
        #expect(steps.last?.failure?.message.contains(#"No customer has the email "nobody@example.com""#) == true)
        let recorded = simulator.recordedScenario()
        #expect(recorded.contains("lever signIn as grace@example.com session phone"), "\(recorded)")
        try RecordingTests.replay([("lever-sign-in", recorded)], folder: "recording-sign-in-lever")
    }
}
