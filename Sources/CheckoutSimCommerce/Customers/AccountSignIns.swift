/// What Shopify's new customer accounts keep between the steps of a sign-in
/// (docs/customers.md#customer-accounts): sign-ins waiting for the code mailed to the customer,
/// authorization codes waiting to be exchanged, and the sessions they became (an access token,
/// a refresh token and the session id an ID token names). Every table is bounded; past its bound
/// the oldest entry goes.
package struct AccountSignIns: Sendable {
    /// What an app asked the authorize endpoint for (OAuth 2.0 with PKCE S256).
    package struct Request: Sendable, Equatable {
        package let clientId: String
        package let redirectURI: String
        package let scope: String
        package let state: String?
        package let nonce: String?
        /// The base64url SHA-256 of the verifier the app keeps.
        package let codeChallenge: String

        package init(clientId: String, redirectURI: String, scope: String, state: String?, nonce: String?, codeChallenge: String) {
            self.clientId = clientId
            self.redirectURI = redirectURI
            self.scope = scope
            self.state = state
            self.nonce = nonce
            self.codeChallenge = codeChallenge
        }
    }

    /// A sign-in waiting for the six-digit code the customer was mailed.
    struct Pending: Sendable {
        let customer: Int
        let code: String
        let request: Request
        let expiresAt: Instant
        var attemptsLeft: Int
    }

    /// An authorization code waiting to be exchanged for tokens, once.
    struct Authorization: Sendable {
        let customer: Int
        let request: Request
        let expiresAt: Instant
    }

    /// A signed-in app session: its tokens and when each stops working.
    package struct Session: Sendable, Equatable {
        /// The session's id (`sid` in its ID tokens).
        package let id: String
        package let customer: Int
        package let clientId: String
        package let scope: String
        package let nonce: String?
        package var accessToken: String
        package var refreshToken: String
        package var accessExpiresAt: Instant
        package var refreshExpiresAt: Instant
    }

    var pending = BoundedTable<Pending>()
    var authorizations = BoundedTable<Authorization>()
    /// Sessions by id, and each live token's session id.
    var sessions = BoundedTable<Session>()
    var sessionsByAccessToken: [String: String] = [:]
    var sessionsByRefreshToken: [String: String] = [:]

    /// Ends session `id` and both its tokens.
    mutating func end(session id: String) {
        guard let session = sessions.remove(id) else { return }
        sessionsByAccessToken[session.accessToken] = nil
        sessionsByRefreshToken[session.refreshToken] = nil
    }

    /// Keeps `session`, ending the oldest first when the table is full.
    mutating func keep(_ session: Session) {
        if sessions.isFull, let oldest = sessions.oldestKey { end(session: oldest) }
        sessions.insert(session, for: session.id)
        sessionsByAccessToken[session.accessToken] = session.id
        sessionsByRefreshToken[session.refreshToken] = session.id
    }
}
