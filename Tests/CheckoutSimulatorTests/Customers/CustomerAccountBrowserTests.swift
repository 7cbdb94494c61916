import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator

/// The customer-accounts sign-in as a mobile app runs it (docs/customers.md#customer-accounts):
/// the authorize page in a real headless Chromium at a phone's size (what
/// `ASWebAuthenticationSession` shows), the six-digit code read from the outbox and typed, the
/// browser sent back to the app's loopback redirect URI (RFC 8252 §7.3) with the code, then the
/// app's own token, refresh and API requests. A second app, on a laptop-sized page, sends the wrong
/// verifier and is refused.
@Suite struct CustomerAccountBrowserTests {
    static let chromium = PlaygroundBrowserTests.chromium

    /// Signs `email` in on the pages in `browser`, as a person would type: the authorization code
    /// the browser lands back at the app with.
    static func signIn(_ browser: DevToolsPage, _ app: AccountApp, _ email: String, screenshots size: String? = nil) async throws -> String {
        try await browser.navigate(try app.harness.url(app.authorizePath(state: "browser-state")).absoluteString)
        #expect(try await browser.waitUntil("document.activeElement && document.activeElement.id === 'email'"), "the email field has the focus")
        #expect(try await browser.evaluate("document.querySelector('label[for=email]').textContent") as? String == "Email")
        if let size { try await CheckoutPageBrowserTests.keep(browser, "\(size)-email", prefix: "account-sign-in-") }
        try await browser.type("not an email")
        try await browser.press("Enter")
        #expect(try await browser.waitUntil("document.getElementById('email-error') !== null"), "a bad email is said beside its field")
        #expect(try await browser.evaluate("document.getElementById('email').getAttribute('aria-describedby')") as? String == "email-error")
        if let size { try await CheckoutPageBrowserTests.keep(browser, "\(size)-error", prefix: "account-sign-in-") }
        _ = try await browser.evaluate("document.getElementById('email').select()")
        try await browser.type(email)
        try await browser.press("Enter")
        #expect(try await browser.waitUntil("document.getElementById('code') !== null && document.readyState === 'complete'"))
        #expect(try await CheckoutPageBrowserTests.text(browser, "code-email") == email)
        #expect(try await browser.evaluate("document.getElementById('code').getAttribute('autocomplete')") as? String == "one-time-code")
        if let size { try await CheckoutPageBrowserTests.keep(browser, "\(size)-code", prefix: "account-sign-in-") }
        let width = try #require(try await browser.evaluate("window.innerWidth") as? Int)
        #expect(try await browser.evaluate("document.documentElement.scrollWidth <= \(width)") as? Bool == true, "nothing overflows the screen")
        _ = try await browser.evaluate("document.getElementById('code').focus()")
        try await browser.type(try await AccountApp.mailedCode(app.harness, to: email))
        try await browser.press("Enter")
        #expect(try await browser.waitUntil("location.pathname === '/app-callback'"), "the browser is sent back to the app")
        let search = try #require(try await browser.evaluate("location.search") as? String)
        let query = try #require(URLComponents(string: "x:" + search)?.queryItems)
        #expect(query.first { $0.name == "state" }?.value == "browser-state")
        return try #require(query.first { $0.name == "code" }?.value)
    }

    static func phone() async throws -> DevToolsPage {
        let browser = try await DevToolsBrowser.page(try #require(chromium))
        try await browser.setViewport(width: 390, height: 844, mobile: true)
        return browser
    }

    @Test(.enabled(if: chromium != nil))
    func theWholePKCEFlowAsAMobileApp() async throws {
        try await ServerHarness.with { harness in
            var app = AccountApp(harness: harness)
            app.redirectURI = "http://127.0.0.1:\(harness.port)/app-callback"
            let browser = try await Self.phone()
            defer { browser.close() }
            let code = try await Self.signIn(browser, app, "grace@example.com", screenshots: "phone")

            let tokens = try await app.tokens(code: code)
            #expect(tokens.status == 200)
            let refreshed = try await app.token([
                ("grant_type", "refresh_token"), ("client_id", AccountApp.clientId), ("refresh_token", try #require(tokens.json["refresh_token"]?.stringValue)),
            ])
            #expect(refreshed.status == 200)
            let access = try #require(refreshed.json["access_token"]?.stringValue)
            let me = try await app.api("{ customer { emailAddress { emailAddress } orders(first: 5) { nodes { name } } } }", token: access)
            #expect(me.status == 200)
            #expect(me.json["data"]?["customer"]?["emailAddress"]?["emailAddress"] == "grace@example.com")
            #expect(me.json["data"]?["customer"]?["orders"]?["nodes"] == .array([.object(JSONObject([("name", "#901")])), .object(JSONObject([("name", "#902")]))]))
        }
    }

    @Test(.enabled(if: chromium != nil))
    func anAppWithTheWrongVerifierIsRefused() async throws {
        try await ServerHarness.with { harness in
            var app = AccountApp(harness: harness)
            app.redirectURI = "http://127.0.0.1:\(harness.port)/app-callback"
            // A laptop's browser this time (Hydrogen's sign-in runs in one).
            let browser = try await CheckoutPageBrowserTests.newBrowser()
            defer { browser.close() }
            let code = try await Self.signIn(browser, app, "ada@example.com", screenshots: "desktop")
            let refused = try await app.tokens(code: code, verifier: AccountApp.otherVerifier)
            #expect(refused.status == 400 && refused.json["error"] == "invalid_grant")
            #expect(refused.json["access_token"] == nil)
        }
    }
}
