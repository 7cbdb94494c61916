import CheckoutSimCommerce
import CheckoutSimSupport

/// What an app sends the authorize endpoint, checked as Shopify checks it: without a client id
/// or a redirect URI the page says so; any other problem goes back to the app as an OAuth error.
enum AuthorizeRequest {
    enum Refusal: Error {
        case page(String)
        case redirect(error: String, description: String, redirectURI: String, state: String?)
    }

    /// The longest client id, redirect URI, state and nonce taken.
    static let maxClientID = 256
    static let maxRedirectURI = 2_048
    static let maxState = 1_024

    static func read(_ value: (String) -> String?) -> Result<AccountSignIns.Request, Refusal> {
        guard let clientId = value("client_id"), !clientId.isEmpty, clientId.utf8.count <= maxClientID else {
            return .failure(.page("The sign-in link has no client_id (at most \(maxClientID) characters): the app must send one."))
        }
        guard let uri = value("redirect_uri"), isRedirectURI(uri) else {
            return .failure(.page("The sign-in link has no valid redirect_uri (an absolute URI, at most \(maxRedirectURI) characters): the app must send one."))
        }
        let state = value("state")
        let refuse = { (error: String, description: String) in
            Result<AccountSignIns.Request, Refusal>.failure(.redirect(error: error, description: description, redirectURI: uri, state: state))
        }
        if let state, state.utf8.count > maxState { return refuse("invalid_request", "state is longer than \(maxState) characters.") }
        if let nonce = value("nonce"), nonce.utf8.count > maxState { return refuse("invalid_request", "nonce is longer than \(maxState) characters.") }
        guard value("response_type") == "code" else { return refuse("unsupported_response_type", "response_type must be code.") }
        guard let challenge = value("code_challenge"), (43...128).contains(challenge.utf8.count) else {
            return refuse("invalid_request", "code_challenge is required: PKCE with S256.")
        }
        guard value("code_challenge_method") == "S256" else { return refuse("invalid_request", "code_challenge_method must be S256.") }
        if value("prompt") == "none" { return refuse("login_required", "The customer must sign in.") }
        let scope = value("scope") ?? "openid email customer-account-api:full"
        guard scope.split(separator: " ").contains("openid"), scope.utf8.count <= maxState else {
            return refuse("invalid_scope", "scope must include openid.")
        }
        return .success(AccountSignIns.Request(
            clientId: clientId, redirectURI: uri, scope: scope, state: state, nonce: value("nonce"), codeChallenge: challenge))
    }

    /// An absolute URI (`scheme:` then more), no longer than `maxRedirectURI`, without spaces or controls.
    static func isRedirectURI(_ uri: String) -> Bool {
        guard uri.utf8.count <= maxRedirectURI, let colon = uri.firstIndex(of: ":"), colon != uri.startIndex,
              uri[uri.index(after: colon)...].isEmpty == false
        else { return false }
        let scheme = uri[..<colon].utf8
        return ASCII.isAlphanumeric(scheme.first ?? 0) && scheme.allSatisfy { ASCII.isAlphanumeric($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
            && uri.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F }
    }
}
