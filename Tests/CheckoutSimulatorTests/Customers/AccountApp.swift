import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A mobile app signing in to Shopify's new customer accounts (docs/customers.md#customer-accounts)
/// against a real server, as `ASWebAuthenticationSession` and the app's token requests do: its
/// PKCE pair (the challenge worked out by `openssl dgst -sha256 -binary | base64url`, not by the
/// simulator's own SHA-256), the authorize URL, the pages' forms posted without following the
/// redirect back to the app, and the token endpoint.
struct AccountApp {
    static let verifier = "ios-app-verifier-0123456789-abcdefghijklmnopqrstuvwxyz"
    static let challenge = "IQW8R3B5br9dIAeI0vwjNT-ag94URuaK8drAWjNS9vA"
    static let otherVerifier = "another-verifier-that-the-app-did-not-send-0123456789"
    static let clientId = "shp_0a1b2c3d-mobile"
    static let redirectURI = "shop.68000000001.app://callback"

    let harness: ServerHarness
    var base = ""
    var redirectURI = Self.redirectURI

    /// The authorize endpoint's path with the app's parameters.
    func authorizePath(state: String = "state-1", nonce: String = "nonce-1", extra: String = "") -> String {
        let parameters = [
            ("client_id", Self.clientId), ("response_type", "code"), ("redirect_uri", redirectURI),
            ("scope", "openid email customer-account-api:full"), ("state", state), ("nonce", nonce),
            ("code_challenge", Self.challenge), ("code_challenge_method", "S256"),
        ]
        let query = parameters.map { "\($0)=\(SimulatorServer.queryEscaped($1))" }.joined(separator: "&")
        return "\(base)/authentication/68000000001/oauth/authorize?\(query)\(extra)"
    }

    /// Sends a request without following a redirect: the status, body and fields (lowercased names).
    func exchange(_ method: String, _ path: String, form: [(String, String)]? = nil, headers: [String: String] = [:]) async throws
        -> (status: Int, body: String, headers: [String: String])
    {
        var request = URLRequest(url: try harness.url(path))
        request.httpMethod = method
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.map { "\($0)=\(SimulatorServer.queryEscaped($1))" }.joined(separator: "&").utf8)
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.unredirected.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, String(decoding: data, as: UTF8.self), http.lowercasedFields)
    }

    /// Signs `email` in through the pages: the authorization code the browser is sent back with.
    func signIn(_ email: String, state: String = "state-1") async throws -> String {
        let page = try await exchange("GET", authorizePath(state: state))
        #expect(page.status == 200 && page.body.contains(#"<label for="email">Email</label>"#))
        let hidden = try Self.hiddenFields(page.body)
        let sent = try await exchange("POST", "\(base)/authentication/68000000001/oauth/authorize", form: hidden.filter { $0.0 != "email" } + [("email", email)])
        #expect(sent.status == 200, "\(sent.body)")
        let login = try #require(try Self.hiddenFields(sent.body).first { $0.0 == "login" }?.1)
        let code = try await Self.mailedCode(harness, base: base, to: email)
        let back = try await exchange("POST", "\(base)/authentication/68000000001/oauth/authorize", form: [("step", "code"), ("login", login), ("email", email), ("code", code)])
        #expect(back.status == 302)
        let location = try #require(back.headers["location"])
        let components = try #require(URLComponents(string: location))
        #expect(location.hasPrefix(redirectURI + "?"))
        #expect(components.queryItems?.first { $0.name == "state" }?.value == state)
        return try #require(components.queryItems?.first { $0.name == "code" }?.value)
    }

    /// The token endpoint's answer to `form` as JSON, and its status.
    func token(_ form: [(String, String)]) async throws -> (status: Int, json: JSON) {
        let answer = try await exchange("POST", "\(base)/authentication/68000000001/oauth/token", form: form)
        return (answer.status, try JSONParser.parse(answer.body))
    }

    /// The `authorization_code` grant with `verifier`.
    func tokens(code: String, verifier: String = Self.verifier) async throws -> (status: Int, json: JSON) {
        try await token([
            ("grant_type", "authorization_code"), ("client_id", Self.clientId), ("redirect_uri", redirectURI), ("code", code), ("code_verifier", verifier),
        ])
    }

    /// A Customer Account API request with `token` in the `Authorization` field, as Shopify's URL names it.
    func api(_ query: String, variables: JSONObject = JSONObject(), token: String?) async throws -> (status: Int, json: JSON) {
        let body = JSON.object(JSONObject([("query", .string(query)), ("variables", .object(variables))])).serialized()
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = token }
        let answer = try await harness.send("POST", "\(base)/68000000001/account/customer/api/2026-04/graphql", body: body, headers: headers)
        return (answer.status, try JSONParser.parse(answer.body))
    }

    /// The six digits of the last sign-in code mailed to `email`.
    static func mailedCode(_ harness: ServerHarness, base: String = "", to email: String) async throws -> String {
        let mail = try await OutboxTests.mail(harness, base: base, to: email).last { $0["kind"] == "SIGN_IN_CODE" }
        let subject = try #require(mail?["subject"]?.stringValue)
        return String(subject.suffix(6))
    }

    /// The hidden fields of a page's form, in order.
    static func hiddenFields(_ page: String) throws -> [(String, String)] {
        let pattern = try NSRegularExpression(pattern: #"<input type="hidden" name="([^"]+)" value="([^"]*)">"#)
        let text = page as NSString
        return pattern.matches(in: page, range: NSRange(location: 0, length: text.length)).map { match in
            (text.substring(with: match.range(at: 1)), unescaped(text.substring(with: match.range(at: 2))))
        }
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// A session that hands a redirect back instead of following it (the app's scheme is not HTTP).
    private static let unredirected: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10 * Sanitizers.slowdown
        return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }()

    private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
