import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
import CheckoutSimSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// No password or token a request sends or an answer gives reaches what a user can read: the
/// journal, the request log, verify's answer, the recording (docs/journal.md#secrets); and the
/// recording of a sign-in journey still replays, given the password with `--var`.
struct CustomerSecretsTests {
    static let password = "open-sesame-42"

    /// A sign-in journey over HTTP: sign-up and sign-in with variables, the profile by token, a
    /// cart linked by it, a sign-in with the password written in the document, a request that
    /// does not validate with the password in it, and sign-out with the token written inline.
    /// Returns the tokens the server gave.
    static func journey(_ harness: ServerHarness) async throws -> [String] {
        func send(_ query: String, _ variables: JSONObject = JSONObject()) async throws -> JSON {
            let body = JSON.object(JSONObject([("query", .string(query)), ("variables", .object(variables))])).serialized()
            return try JSONParser.parse(try await harness.send("POST", StorefrontCustomerTests.path, body: body, headers: StorefrontCustomerTests.headers).body)
        }
        let credentials = JSONObject([("email", "lin@example.com"), ("password", .string(password))])
        _ = try await send(StorefrontCustomerTests.signUp, JSONObject([("input", .object(credentials))]))
        let signedIn = try await send(StorefrontCustomerTests.signIn, JSONObject([("input", .object(credentials))]))
        let token = try #require(signedIn["data"]?["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let profile = try await send(StorefrontCustomerTests.profile, JSONObject([("token", .string(token))]))
        #expect(profile["data"]?["customer"]?["email"] == "lin@example.com")
        _ = try await send(
            "mutation Link($t: String!) { cartCreate(input: { buyerIdentity: { customerAccessToken: $t } }) { cart { id } } }",
            JSONObject([("t", .string(token))]))
        let inline = try await send(#"""
            mutation Inline($pw: String!) {
              a: customerAccessTokenCreate(input: { email: "lin@example.com", password: "open-sesame-42" }) { customerAccessToken { tok: accessToken } }
              b: customerAccessTokenCreate(input: { email: "lin@example.com", password: $pw }) { customerAccessToken { accessToken } }
            }
            """#, JSONObject([("pw", .string(password))]))
        let second = try #require(inline["data"]?["a"]?["customerAccessToken"]?["tok"]?.stringValue)
        let third = try #require(inline["data"]?["b"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let invalid = try await send(#"mutation Broken { customerAccessTokenCreate(input: { email: "x", password: "open-sesame-42", bogus: 1 }) { x } }"#)
        #expect(invalid["errors"] != nil)
        _ = try await send(#"mutation SignOut { customerAccessTokenDelete(customerAccessToken: "\#(second)") { deletedAccessToken } }"#)
        return [token, second, third]
    }

    @Test func noPasswordOrTokenReachesTheJournalTheLogVerifyOrTheRecording() async throws {
        let logged = Locked<[String]>([])
        var configuration = SimulatorServer.Configuration()
        configuration.log = { line in logged.withLock { $0.append(line.description) } }
        try await ServerHarness.with(configuration) { harness in
            let tokens = try await Self.journey(harness)
            #expect(Set(tokens).count == 3)
            let journal = try await harness.send("GET", "/__sim/requests").body
            let recording = try await harness.send("GET", "/__sim/requests.scenario").body
            let verified = try await harness.send("POST", "/__sim/verify", body: #"{"operation": "SignIn", "count": 1}"#).body
            let readable = [journal, recording, verified] + logged.withLock { $0 } + harness.simulator.requests().map { $0.json.serialized() }
            for text in readable {
                for secret in [Self.password] + tokens {
                    #expect(!text.contains(secret), "\(secret) is readable in:\n\(text)")
                }
            }
            let entries = try #require(try JSONParser.parse(journal)["requests"]?.arrayValue)
            #expect(entries.count == 7)
            #expect(entries[1]["variables"] == .object(JSONObject([("input", .object(JSONObject([
                ("email", "lin@example.com"), ("password", "<redacted>"),
            ])))])))
            #expect(entries[2]["variables"] == .object(JSONObject([("token", "<redacted>")])))
            #expect(entries[4]["query"]?.stringValue?.contains(#"password: "<redacted>""#) == true)
            #expect(entries[4]["variables"] == .object(JSONObject([("pw", "<redacted>")])))
            #expect(entries[5]["query"]?.stringValue?.contains(#"password: "<redacted>", bogus"#) == true, "a document that did not run too")
            #expect(entries[6]["query"]?.stringValue?.contains(#"customerAccessToken: "<redacted>""#) == true)
            for line in [
                "--var password1=…", "#   password1: the password sent at step 1", #""password":"{{password1}}""#,
                "capture token1 = $.data.customerAccessTokenCreate.customerAccessToken.accessToken", #"{"token":"{{token1}}"}"#,
                #"{"t":"{{token1}}"}"#, #"{"pw":"{{password1}}"}"#,
            ] {
                #expect(recording.contains(line), "the recording has \(line):\n\(recording)")
            }
        }
    }

    @Test func aRecordedSignInJourneyReplaysGivenThePassword() async throws {
        var recording = ""
        try await ServerHarness.with { harness in
            _ = try await Self.journey(harness)
            recording = try await harness.send("GET", "/__sim/requests.scenario").body
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try recording.write(to: folder.appendingPathComponent("sign-in.scenario"), atomically: true, encoding: .utf8)
        var options = ScenarioRun.Options()
        options.update = true
        let missing = try ScenarioRun.run(paths: [folder.path], options: options)
        #expect(!missing.passed, "without the password the replay stops at its placeholder")
        #expect(missing.text().contains("password1"), "\(missing.text())")
        options.variables["password1"] = .string(Self.password)
        let first = try ScenarioRun.run(paths: [folder.path], options: options)
        #expect(first.passed, "\(first.text())")
        options.update = false
        let second = try ScenarioRun.run(paths: [folder.path], options: options)
        #expect(second.passed, "\(second.text())")
        let snapshots = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(!snapshots.isEmpty)
        for snapshot in snapshots {
            let text = try String(contentsOf: folder.appendingPathComponent(snapshot), encoding: .utf8)
            #expect(!text.contains("accessToken"), "a step that got a token keeps no snapshot: \(snapshot)")
        }
    }

    /// The native schema's sign-up, sign-in and token header keep no secret in the journal either.
    @Test func theNativeSchemasSecretsStayOutOfTheJournal() async throws {
        try await ServerHarness.with { harness in
            let signUp = #"{"query":"mutation { signUp(input: { email: \"kim@example.com\", password: \"kimchi-42\" }) { token { token } } }"}"#
            let answer = try JSONParser.parse(try await harness.post(signUp, session: "phone").body)
            let token = try #require(answer["data"]?["signUp"]?["token"]?["token"]?.stringValue)
            let variables = #"{"query":"mutation In($email: String!, $pw: String!) { signIn(email: $email, password: $pw) { token { expiresAt } } }","variables":{"email":"kim@example.com","pw":"kimchi-42"}}"#
            _ = try await harness.post(variables, session: "tablet")
            _ = try await NativeCustomerTests.post(harness, "{ me { email } }", session: "watch", token: token)
            let journal = try await harness.send("GET", "/__sim/requests").body
            let recording = try await harness.send("GET", "/__sim/requests.scenario").body
            for text in [journal, recording] {
                #expect(!text.contains("kimchi-42") && !text.contains(token), "\(text)")
            }
            #expect(journal.contains(#""variables":{"email":"kim@example.com","pw":"<redacted>"}"#))
            #expect(recording.contains(#"password: "<redacted>""#), "an inline password is written hidden: \(recording)")
        }
    }

    /// Texts far over every bound are refused at once, naming the field, and keep nothing.
    @Test func hugeTextsAreRefusedQuickly() throws {
        let simulator = try Simulator()
        let huge = String(repeating: "x", count: 1 << 20)
        let variables = JSONObject([("input", .object(JSONObject([
            ("email", .string(huge + "@example.com")), ("password", .string(huge)), ("firstName", .string(huge)),
        ])))])
        let response = simulator.execute(GraphQLRequest(query: StorefrontCustomerTests.signUp, variables: variables), dialect: .storefront)
        let codes = response.json["data"]?["customerCreate"]?["customerUserErrors"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["INVALID", "TOO_LONG", "TOO_LONG"])
        #expect(simulator.withState { $0.shop.customers.customers.count } == 4, "nothing was kept")
        let entry = try #require(simulator.requests().last)
        #expect(entry.variables["input"]?["password"] == "<redacted>")
    }
}
