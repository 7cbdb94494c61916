import CheckoutSimCommerce
import CheckoutSimSupport

/// The sign-in page of Shopify's new customer accounts (docs/customers.md#customer-accounts): an
/// email, then the six-digit code mailed to it. Plain HTML forms, no script: phone-sized, every
/// field labelled, an error said where it belongs (`role="alert"`, `aria-invalid`,
/// `aria-describedby`), in the look of the checkout's pages.
enum AuthorizePage {
    /// The email step, the app's request carried in hidden fields.
    static func email(action: String, shopName: String, request: AccountSignIns.Request, email: String = "", error: String? = nil) -> HTTPAnswer {
        // A text no email can be (over 254 characters) is not written back into the page.
        let email = email.utf8.count > 254 ? "" : email
        let hidden: [(String, String?)] = [
            ("client_id", request.clientId), ("redirect_uri", request.redirectURI), ("scope", request.scope), ("state", request.state),
            ("nonce", request.nonce), ("code_challenge", request.codeChallenge), ("code_challenge_method", "S256"), ("response_type", "code"),
        ]
        let fields = hidden.compactMap { name, value in value.map { hiddenField(name, $0) } }.joined()
        let body = """
            <p class="muted">Sign in to \(HTMLText.escaped(shopName)) with your email. We send you a code; no password needed.</p>
            <section><form method="post" action="\(HTMLText.escaped(action))" novalidate>
            <input type="hidden" name="step" value="email">\(fields)
            \(input(name: "email", label: "Email", type: "email", value: email, attributes: #"autocomplete="email" autocapitalize="none" spellcheck="false""#, error: error))
            <button type="submit">Continue</button>
            </form></section>
            """
        return page(status: error == nil ? 200 : 422, title: "Sign in", body: body)
    }

    /// The code step for a sign-in under way.
    static func code(action: String, login: String, email: String, error: String? = nil) -> HTTPAnswer {
        let body = """
            <p role="status">We sent a six-digit code to <strong id="code-email">\(HTMLText.escaped(email))</strong>. It works for ten minutes.</p>
            <section><form method="post" action="\(HTMLText.escaped(action))" novalidate>
            <input type="hidden" name="step" value="code">\(hiddenField("login", login))\(hiddenField("email", email))
            \(input(name: "code", label: "Six-digit code", type: "text", value: "", attributes: #"inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6""#, error: error))
            <button type="submit">Sign in</button>
            </form></section>
            """
        return page(status: error == nil ? 200 : 422, title: "Enter your code", body: body)
    }

    /// A sign-in that cannot go on (a link without what an app must send, a code expired):
    /// what went wrong and what to do.
    static func stopped(status: Int, title: String, message: String) -> HTTPAnswer {
        page(status: status, title: title, body: "<p role=\"alert\">\(HTMLText.escaped(message))</p>")
    }

    private static func hiddenField(_ name: String, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTMLText.escaped(value))\">"
    }

    private static func input(name: String, label: String, type: String, value: String, attributes: String, error: String?) -> String {
        let described = error == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"\(name)-error\""
        let message = error.map { "<p class=\"error\" id=\"\(name)-error\" role=\"alert\">\(HTMLText.escaped($0))</p>" } ?? ""
        return """
            <label for="\(name)">\(label)</label>
            <input id="\(name)" name="\(name)" type="\(type)" value="\(HTMLText.escaped(value))" required autofocus \(attributes)\(described)>
            \(message)
            """
    }

    private static let formStyle = """
        label{display:block;font-weight:600;margin:0 0 6px}input[type=email],input[type=text]{display:block;width:100%;font:inherit;
        padding:12px;border:1px solid var(--line);border-radius:8px;background:var(--panel);color:var(--ink);min-height:48px}
        input[aria-invalid=true]{border-color:#c62828}.error{color:#c62828;margin:6px 0 0}@media (prefers-color-scheme:dark){.error{color:#ff8a80}}
        button{display:block;width:100%;margin:16px 0 0;min-height:48px;font:inherit;font-weight:600;border:0;border-radius:8px;
        background:var(--accent);color:#fff;cursor:pointer}button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        """

    private static func page(status: Int, title: String, body: String) -> HTTPAnswer {
        let text = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escaped(title)) · checkout-sim</title>
            <style>\(CheckoutPage.style)\(formStyle)</style>
            </head><body><main><h1>\(HTMLText.escaped(title))</h1>
            \(body)
            </main></body></html>
            """
        return HTTPAnswer(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")], body: Array(text.utf8))
    }
}
