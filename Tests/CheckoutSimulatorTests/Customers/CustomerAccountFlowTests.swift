import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shopify's new customer accounts over real sockets (docs/customers.md#customer-accounts): OpenID
/// discovery, the authorization-code flow with PKCE S256 as a mobile app drives it, the token
/// endpoint's grants and errors in Shopify's shapes, refresh, logout, and the Customer Account
/// API for the customer the access token names.
struct CustomerAccountFlowTests {
    static let profile = """
        { customer { id firstName lastName displayName emailAddress { emailAddress marketingState } phoneNumber { phoneNumber }
          defaultAddress { id address1 city territoryCode zoneCode formatted(withName: true) }
          addresses(first: 10) { nodes { id city } }
          orders(first: 10, sortKey: PROCESSED_AT, reverse: true) {
            nodes { id name number processedAt financialStatus fulfillmentStatus totalPrice { amount currencyCode }
              lineItems(first: 5) { nodes { id title quantity price { amount } totalPrice { amount } } } } } } }
        """

    @Test func discoveryNamesTheEndpointsUnderTheServersOrigin() async throws {
        try await ServerHarness.with { harness in
            let origin = "http://127.0.0.1:\(harness.port)"
            let openID = try JSONParser.parse(try await harness.send("GET", "/.well-known/openid-configuration", headers: [:]).body)
            #expect(openID["issuer"]?.stringValue == "\(origin)/authentication/68000000001")
            #expect(openID["authorization_endpoint"]?.stringValue == "\(origin)/authentication/68000000001/oauth/authorize")
            #expect(openID["token_endpoint"]?.stringValue == "\(origin)/authentication/68000000001/oauth/token")
            #expect(openID["end_session_endpoint"]?.stringValue == "\(origin)/authentication/68000000001/logout")
            #expect(openID["code_challenge_methods_supported"] == .array(["S256"]))
            let api = try JSONParser.parse(try await harness.send("GET", "/sandbox/qa/.well-known/customer-account-api", headers: [:]).body)
            #expect(api["graphql_api"]?.stringValue == "\(origin)/sandbox/qa/68000000001/account/customer/api/2026-04/graphql")
        }
    }

    @Test func theWholeFlowAsAMobileAppRunsIt() async throws {
        try await ServerHarness.with { harness in
            let app = AccountApp(harness: harness)
            let code = try await app.signIn("GRACE@example.com")
            let (status, tokens) = try await app.tokens(code: code)
            #expect(status == 200, "\(tokens)")
            let access = try #require(tokens["access_token"]?.stringValue)
            let refresh = try #require(tokens["refresh_token"]?.stringValue)
            #expect(access.hasPrefix("shcat_") && refresh.hasPrefix("shcrt_"))
            #expect(tokens["token_type"] == "Bearer" && tokens["expires_in"] == .int(3600))
            #expect(tokens["scope"] == "openid email customer-account-api:full")
            // The ID token's claims: the customer, the app, the nonce it sent.
            let parts = try #require(tokens["id_token"]?.stringValue).split(separator: ".")
            #expect(parts.count == 3)
            var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            payload += String(repeating: "=", count: (4 - payload.utf8.count % 4) % 4)
            let claims = try JSONParser.parse(Array(try #require(Data(base64Encoded: payload))))
            #expect(claims["sub"] == "gid://shopify/Customer/2" && claims["aud"]?.stringValue == AccountApp.clientId && claims["nonce"] == "nonce-1")
            #expect(claims["email"] == "grace@example.com")

            let me = try await app.api(Self.profile, token: access)
            #expect(me.status == 200)
            let customer = try #require(me.json["data"]?["customer"])
            #expect(customer["id"] == "gid://shopify/Customer/2" && customer["displayName"] == "Grace Hopper")
            #expect(customer["emailAddress"]?["emailAddress"] == "grace@example.com" && customer["phoneNumber"] == .null)
            #expect(customer["defaultAddress"]?["city"] == "Arlington" && customer["defaultAddress"]?["territoryCode"] == "US")
            #expect(customer["addresses"]?["nodes"]?.arrayValue?.count == 1)
            let orders = try #require(customer["orders"]?["nodes"]?.arrayValue)
            #expect(orders.map { $0["name"] } == ["#902", "#901"], "newest first")
            #expect(orders.first?["financialStatus"] == "PAID" && orders.first?["lineItems"]?["nodes"]?.arrayValue?.isEmpty == false)
            let id = try #require(orders.last?["id"]?.stringValue)
            let one = try await app.api("query($id: ID!) { order(id: $id) { name totalPrice { amount } } }", variables: JSONObject([("id", .string(id))]), token: "Bearer \(access)")
            #expect(one.json["data"]?["order"]?["name"] == "#901", "the Authorization field takes Bearer too")

            // Refresh: new tokens; the old ones stop working.
            let refreshed = try await app.token([("grant_type", "refresh_token"), ("client_id", AccountApp.clientId), ("refresh_token", refresh)])
            #expect(refreshed.status == 200)
            let newAccess = try #require(refreshed.json["access_token"]?.stringValue)
            #expect(newAccess != access && refreshed.json["refresh_token"]?.stringValue != refresh)
            #expect(try await app.api("{ customer { id } }", token: access).status == 401)
            #expect(try await app.api("{ customer { id } }", token: newAccess).json["data"]?["customer"]?["id"] == "gid://shopify/Customer/2")
            let reused = try await app.token([("grant_type", "refresh_token"), ("client_id", AccountApp.clientId), ("refresh_token", refresh)])
            #expect(reused.status == 400 && reused.json["error"] == "invalid_grant")

            // An hour on the virtual clock and the access token has expired; the refresh token still works.
            #expect(try await harness.send("POST", "/__sim/advance", body: #""1h""#).status == 200)
            let expired = try await app.api("{ customer { id } }", token: newAccess)
            #expect(expired.status == 401 && expired.json["errors"]?[0]?["extensions"]?["code"] == "UNAUTHORIZED")
            let again = try await app.token([
                ("grant_type", "refresh_token"), ("client_id", AccountApp.clientId), ("refresh_token", try #require(refreshed.json["refresh_token"]?.stringValue)),
            ])
            let last = try #require(again.json["access_token"]?.stringValue)

            // Logout with the ID token ends the session and sends the browser back.
            let hint = try #require(again.json["id_token"]?.stringValue)
            let out = try await app.exchange("GET", "/authentication/68000000001/logout?id_token_hint=\(hint)&post_logout_redirect_uri=\(SimulatorServer.queryEscaped(AccountApp.redirectURI))&state=bye")
            #expect(out.status == 302 && out.headers["location"] == AccountApp.redirectURI + "?state=bye")
            #expect(try await app.api("{ customer { id } }", token: last).status == 401)
        }
    }

    @Test func aWrongVerifierAndEveryOtherMismatchIsRefused() async throws {
        try await ServerHarness.with { harness in
            let app = AccountApp(harness: harness)
            let code = try await app.signIn("ada@example.com")
            let wrong = try await app.tokens(code: code, verifier: AccountApp.otherVerifier)
            #expect(wrong.status == 400)
            #expect(wrong.json == .object(JSONObject([("error", "invalid_grant"), ("error_description", "The code_verifier does not match the code_challenge.")])))
            let after = try await app.tokens(code: code)
            #expect(after.status == 400 && after.json["error"] == "invalid_grant", "a code refused once is spent")

            let second = try await app.signIn("ada@example.com", state: "s2")
            let otherClient = try await app.token([
                ("grant_type", "authorization_code"), ("client_id", "someone-else"), ("redirect_uri", AccountApp.redirectURI), ("code", second),
                ("code_verifier", AccountApp.verifier),
            ])
            #expect(otherClient.status == 400 && otherClient.json["error"] == "invalid_grant")
            let third = try await app.signIn("ada@example.com", state: "s3")
            var elsewhere = app
            elsewhere.redirectURI = "https://attacker.example/callback"
            #expect(try await elsewhere.tokens(code: third).json["error"] == "invalid_grant")
            let short = try await app.tokens(code: try await app.signIn("ada@example.com"), verifier: "short")
            #expect(short.status == 400 && short.json["error"] == "invalid_request")
            let missing = try await app.token([("grant_type", "authorization_code"), ("client_id", AccountApp.clientId)])
            #expect(missing.status == 400 && missing.json["error"] == "invalid_request")
            let grant = try await app.token([("grant_type", "password"), ("client_id", AccountApp.clientId)])
            #expect(grant.status == 400 && grant.json["error"] == "unsupported_grant_type")
            let noClient = try await app.token([("grant_type", "refresh_token"), ("refresh_token", "x")])
            #expect(noClient.status == 401 && noClient.json["error"] == "invalid_client")
            // A confidential client (Hydrogen's, say) may name itself in Basic authorization instead.
            let basic = try await app.exchange("POST", "/authentication/68000000001/oauth/token", form: [
                ("grant_type", "authorization_code"), ("redirect_uri", AccountApp.redirectURI), ("code", try await app.signIn("ada@example.com")),
                ("code_verifier", AccountApp.verifier),
            ], headers: ["Authorization": "Basic " + Data("\(AccountApp.clientId):client-secret".utf8).base64EncodedString()])
            #expect(basic.status == 200 && basic.body.contains(#""access_token":"shcat_"#), "\(basic.body)")
            let unknown = try await app.tokens(code: "0123456789abcdef0123456789abcdef")
            #expect(unknown.json["error"] == "invalid_grant")
            // No token, or one never issued: 401 before anything runs.
            #expect(try await app.api("{ customer { id } }", token: nil).status == 401)
            #expect(try await app.api("{ customer { id } }", token: "shcat_00000000000000000000000000000000").status == 401)
        }
    }

    @Test func theAuthorizePageRefusesWhatAnAppMustNotSend() async throws {
        try await ServerHarness.with { harness in
            let app = AccountApp(harness: harness)
            let noClient = try await app.exchange("GET", "/authentication/68000000001/oauth/authorize?redirect_uri=x%3A%2F%2Fy&response_type=code")
            #expect(noClient.status == 400 && noClient.body.contains("role=\"alert\"") && noClient.body.contains("client_id"))
            let noChallenge = try await app.exchange("GET", app.authorizePath().replacingOccurrences(of: "code_challenge=", with: "challenge="))
            #expect(noChallenge.status == 302)
            #expect(noChallenge.headers["location"]?.hasPrefix(AccountApp.redirectURI + "?error=invalid_request&error_description=") == true)
            #expect(noChallenge.headers["location"]?.hasSuffix("&state=state-1") == true)
            let plain = try await app.exchange("GET", app.authorizePath().replacingOccurrences(of: "=S256", with: "=plain"))
            #expect(plain.headers["location"]?.contains("error=invalid_request") == true)
            let silent = try await app.exchange("GET", app.authorizePath(extra: "&prompt=none"))
            #expect(silent.headers["location"]?.contains("error=login_required") == true)

            // A bad email, a disabled customer, a wrong code: said on the page, the sign-in goes on.
            let page = try await app.exchange("GET", app.authorizePath())
            let hidden = try AccountApp.hiddenFields(page.body)
            let path = "/authentication/68000000001/oauth/authorize"
            let bad = try await app.exchange("POST", path, form: hidden + [("email", "not-an-email")])
            #expect(bad.status == 422 && bad.body.contains(#"aria-invalid="true" aria-describedby="email-error""#))
            let disabled = try await app.exchange("POST", path, form: hidden + [("email", "mallory@example.com")])
            #expect(disabled.status == 422 && disabled.body.contains("This account is disabled."))
            let sent = try await app.exchange("POST", path, form: hidden + [("email", "ivy@example.com")])
            let login = try #require(try AccountApp.hiddenFields(sent.body).first { $0.0 == "login" }?.1)
            let code = try await AccountApp.mailedCode(harness, to: "ivy@example.com")
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            // Codes that are not the one sent: the sent one plus 1…5, in six digits.
            let misses = (1...5).map { (Int(code) ?? 0) + $0 }.map { String(repeating: "0", count: max(0, 6 - String($0 % 1_000_000).count)) + String($0 % 1_000_000) }
            for miss in misses.prefix(4) {
                let answer = try await app.exchange("POST", path, form: [("step", "code"), ("login", login), ("email", "ivy@example.com"), ("code", miss)])
                #expect(answer.status == 422 && answer.body.contains("That is not the code we sent."))
            }
            let fifth = try await app.exchange("POST", path, form: [("step", "code"), ("login", login), ("code", misses[4])])
            #expect(fifth.status == 400 && fifth.body.contains("Too many wrong codes."))
            let late = try await app.exchange("POST", path, form: [("step", "code"), ("login", login), ("code", code)])
            #expect(late.status == 400, "the sign-in ended: its right code no longer works")

            // Ten minutes on the virtual clock and a mailed code has expired.
            let again = try await app.exchange("POST", path, form: hidden + [("email", "ivy@example.com")])
            let next = try #require(try AccountApp.hiddenFields(again.body).first { $0.0 == "login" }?.1)
            #expect(try await harness.send("POST", "/__sim/advance", body: #""10m""#).status == 200)
            let expired = try await app.exchange("POST", path, form: [("step", "code"), ("login", next), ("code", try await AccountApp.mailedCode(harness, to: "ivy@example.com"))])
            #expect(expired.status == 400 && expired.body.contains("This code has expired."))
        }
    }

    @Test func anUnknownEmailBecomesANewCustomerAndSandboxesKeepTheirOwn() async throws {
        try await ServerHarness.with { harness in
            var app = AccountApp(harness: harness)
            app.base = "/sandbox/team-a"
            let code = try await app.signIn("new.person@example.com")
            let access = try #require(try await app.tokens(code: code).json["access_token"]?.stringValue)
            let me = try await app.api("{ customer { id emailAddress { emailAddress } orders(first: 1) { nodes { id } } } }", token: access)
            #expect(me.json["data"]?["customer"]?["emailAddress"]?["emailAddress"] == "new.person@example.com")
            #expect(me.json["data"]?["customer"]?["orders"]?["nodes"] == .array([]))
            #expect(try await OutboxTests.mail(harness, to: "new.person@example.com").isEmpty, "the root shop sent nothing")
            var root = app
            root.base = ""
            #expect(try await root.api("{ customer { id } }", token: access).status == 401, "a sandbox's token names nobody elsewhere")
        }
    }

    /// Nothing secret of the flow reaches what a user reads: the journal, its recording, `verify`.
    @Test func noCodeVerifierOrTokenReachesTheJournal() async throws {
        try await ServerHarness.with { harness in
            let app = AccountApp(harness: harness)
            let page = try await app.exchange("GET", app.authorizePath())
            let sent = try await app.exchange(
                "POST", "/authentication/68000000001/oauth/authorize", form: try AccountApp.hiddenFields(page.body) + [("email", "ada@example.com")])
            let login = try #require(try AccountApp.hiddenFields(sent.body).first { $0.0 == "login" }?.1)
            let mailed = try await AccountApp.mailedCode(harness, to: "ada@example.com")
            let back = try await app.exchange("POST", "/authentication/68000000001/oauth/authorize", form: [("step", "code"), ("login", login), ("code", mailed)])
            let location = try #require(back.headers["location"])
            let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
            let tokens = try await app.tokens(code: code).json
            let access = try #require(tokens["access_token"]?.stringValue)
            let me = try await app.api("query Me { customer { displayName } }", token: access)
            #expect(me.json["data"]?["customer"]?["displayName"] == "Ada Lovelace")

            let unmodeled = try await app.api("{ customer { creditCards(first: 1) { nodes { id } } } shop { name } }", token: access)
            #expect(unmodeled.status == 200 && unmodeled.json["data"]?["customer"]?["creditCards"]?["nodes"] == .array([]))
            let coverage = try await harness.send("GET", "/__sim/customer-account/coverage", headers: [:]).body
            #expect(coverage == #"{"unmodeled":[{"field":"Customer.creditCards","requests":1},{"field":"QueryRoot.shop","requests":1}]}"#)
            let journal = try await harness.send("GET", "/__sim/requests", headers: [:]).body
            #expect(journal.contains(#""dialect":"customer-account""#) && journal.contains(#""operationName":"Me""#))
            let recording = try await harness.send("GET", "/__sim/requests.scenario", headers: [:]).body
            #expect(recording.contains("a Customer Account API request (Me); not replayed"))
            let verified = try await harness.send("POST", "/__sim/verify", body: #"{"operation": "Me", "count": 1}"#).body
            let secrets = [access, try #require(tokens["refresh_token"]?.stringValue), try #require(tokens["id_token"]?.stringValue), code,
                           AccountApp.verifier, login, mailed]
            for (place, text) in [("journal", journal), ("recording", recording), ("verify", verified)] {
                for secret in secrets {
                    #expect(!text.contains(secret), "\(place) holds a secret of the flow")
                }
            }
        }
    }

    /// The `signIn` lever decides the sign-in page's email step too (docs/customers.md#levers).
    @Test func theSignInLeverDecidesTheEmailStep() async throws {
        try await ServerHarness.with { harness in
            let app = AccountApp(harness: harness)
            let hidden = try AccountApp.hiddenFields(try await app.exchange("GET", app.authorizePath()).body)
            let path = "/authentication/68000000001/oauth/authorize"
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"signIn": {"next": "throttled"}}"#).status == 200)
            let throttled = try await app.exchange("POST", path, form: hidden + [("email", "ada@example.com")])
            #expect(throttled.status == 422 && throttled.body.contains("Too many attempts. Try again later."))
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"signIn": {"next": "disabled"}}"#).status == 200)
            #expect(try await app.exchange("POST", path, form: hidden + [("email", "ada@example.com")]).body.contains("This account is disabled."))
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"signIn": {"next": "wrong_password"}}"#).status == 200)
            let sent = try await app.exchange("POST", path, form: hidden + [("email", "ada@example.com")])
            let login = try #require(try AccountApp.hiddenFields(sent.body).first { $0.0 == "login" }?.1)
            let code = try await AccountApp.mailedCode(harness, to: "ada@example.com")
            let refused = try await app.exchange("POST", path, form: [("step", "code"), ("login", login), ("code", code)])
            #expect(refused.status == 422 && refused.body.contains("That is not the code we sent."), "the right code is refused once")
            let accepted = try await app.exchange("POST", path, form: [("step", "code"), ("login", login), ("code", code)])
            #expect(accepted.status == 302)
        }
    }

    /// What a peer may send the sign-in endpoints: malformed encodings, a 100 KB field, forged
    /// ID tokens. Each gets a 4xx at once and the server goes on answering.
    @Test func hostileInputGetsAClearRefusal() async throws {
        try await ServerHarness.with { harness in
            let app = AccountApp(harness: harness)
            let path = "/authentication/68000000001/oauth/authorize"
            let hidden = try AccountApp.hiddenFields(try await app.exchange("GET", app.authorizePath()).body)
            let huge = String(repeating: "a", count: 100_000)
            let big = try await app.exchange("POST", path, form: hidden + [("email", huge + "@example.com")])
            #expect(big.status == 422 && big.body.utf8.count < 10_000, "the page does not echo 100 KB back")
            let garbled = try await app.exchange("GET", path + "?client_id=%ZZ")
            #expect(garbled.status == 400)
            var raw = URLRequest(url: try harness.url("/authentication/68000000001/oauth/token"))
            raw.httpMethod = "POST"
            raw.httpBody = Data([0xFF, 0xFE, 0x25, 0x00, 0x26, 0x3D])
            let (data, response) = try await harness.session.data(for: raw)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(try JSONParser.parse(Array(data))["error"] == "invalid_request")
            let longCode = try await app.tokens(code: huge)
            #expect(longCode.status == 400 && longCode.json["error"] == "invalid_grant")
            let long = String(repeating: "a", count: 3_000)
            for hint in ["x.y.z", "\(long).\(long).\(long)", "eyJhbGciOiJub25lIn0.eyJzaWQiOiIxIn0.", "...."] {
                let out = try await app.exchange("GET", "/authentication/68000000001/logout?id_token_hint=\(hint)")
                #expect(out.status == 200 || out.status == 431 || out.status == 414, "a forged hint ends nothing and says so")
            }
            let code = try await app.signIn("ada@example.com")
            #expect(try await app.tokens(code: code).status == 200, "the server goes on answering")
        }
    }
}
