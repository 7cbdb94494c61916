import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sign-in lever (docs/customers.md#levers): the next sign-ins are throttled, find the
/// account disabled or the password wrong, whatever they give, in both dialects; then sign-in works again.
struct SignInLeverTests {
    @Test func theNextSignInsEndAsTheLeverSays() async throws {
        try await ServerHarness.with { harness in
            let pulled = try await harness.send("POST", "/__sim/levers", body: #"{"signIn": {"next": "throttled"}}"#)
            #expect(pulled.body.contains(#""signIn":{"next":"throttled","count":1}"#), "\(pulled.body)")
            let body = JSON.object(JSONObject([
                ("query", .string(StorefrontCustomerTests.signIn)),
                ("variables", .object(StorefrontCustomerTests.signInVariables("ada@example.com", "analytical-engine"))),
            ])).serialized()
            let throttled = try await harness.send("POST", StorefrontCustomerTests.path, body: body, headers: StorefrontCustomerTests.headers)
            let answer = try JSONParser.parse(throttled.body)
            #expect(answer["errors"]?[0]?["extensions"]?["code"] == "THROTTLED", "Shopify throttles with a request error: \(throttled.body)")
            #expect(answer["data"]?["customerAccessTokenCreate"] == .null)
            let next = try await harness.send("POST", StorefrontCustomerTests.path, body: body, headers: StorefrontCustomerTests.headers)
            #expect(next.body.contains(#""customerUserErrors":[]"#), "the lever was used up: \(next.body)")

            _ = try await harness.send("POST", "/__sim/levers", body: #"{"signIn": {"next": "disabled", "count": 2}}"#)
            for _ in 0..<2 {
                let refused = try await harness.send("POST", StorefrontCustomerTests.path, body: body, headers: StorefrontCustomerTests.headers)
                #expect(refused.body.contains(#""code":"CUSTOMER_DISABLED""#))
            }
            _ = try await harness.send("POST", "/__sim/levers", body: #"{"signIn": {"next": "wrong_password"}}"#)
            let native = try await harness.post(#"{"query":"mutation { signIn(email: \"ada@example.com\", password: \"analytical-engine\") { token { expiresAt } errors { code } } }"}"#)
            #expect(native.body.contains(#""code":"UNIDENTIFIED_CUSTOMER""#), "the native sign-in meets it too: \(native.body)")
            #expect(try await harness.send("GET", "/__sim/levers").body.contains(#""signIn":null"#))
        }
    }

    @Test func aScenarioPullsItAndARecordingWritesItBack() throws {
        let simulator = try Simulator()
        let text = """
            scenario "Throttled"
            step "Throttle the next sign-in"
              lever signIn throttled x1
              send SignIn {"email": "grace@example.com", "password": "cobol-1959"}
              expect error THROTTLED
            step "Then it works"
              send SignIn {"email": "grace@example.com", "password": "cobol-1959"}
              expect $.data.signIn.customer.email == "grace@example.com"
            """
        let scenario = try simulator.parseScenario(text, file: "throttled.scenario").get()
        let report = simulator.runLive([scenario])
        #expect(report.passed, "\(report)")
        #expect(simulator.recordedScenario().contains("lever signIn throttled x1"))
    }
}
