import CheckoutSimSupport

/// An OAuth 2.0 error (RFC 6749 §5.2), as a token endpoint answers it: `error` and
/// `error_description`.
package struct OAuthProblem: Error, Sendable, Equatable {
    package enum Code: String, Sendable {
        case invalidRequest = "invalid_request"
        case invalidGrant = "invalid_grant"
        case invalidClient = "invalid_client"
        case unsupportedGrantType = "unsupported_grant_type"
    }

    package let code: Code
    package let description: String

    package init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}

/// Shopify's new customer accounts (docs/customers.md#customer-accounts): a passwordless sign-in
/// (an email, then a six-digit code mailed to it), an authorization code exchanged once with the
/// PKCE verifier, and sessions whose access tokens are refreshed. Every code and token comes
/// from the book's seeded sequence and expires on the virtual clock.
extension CustomerBook {
    /// How long a mailed code and an authorization code work (ten minutes), an access token (an
    /// hour, Shopify's `expires_in`) and a refresh token (30 days): the mock's choices, documented.
    package static let accountCodeLifetimeSeconds: Int64 = 600
    package static let accountAccessLifetimeSeconds: Int64 = 3_600
    package static let accountRefreshLifetimeSeconds: Int64 = 30 * 86_400
    /// How many wrong codes a sign-in takes before it must start again.
    package static let accountCodeAttempts = 5

    /// Starts a sign-in for `email`: its login (the page carries it) and the code to mail. An email
    /// no customer has makes a new customer without a password, as Shopify's new accounts do.
    /// `INVALID` for no email, `CUSTOMER_DISABLED` for a disabled customer.
    mutating func beginAccountSignIn(
        email: String, request: AccountSignIns.Request, at now: Instant
    ) throws(CustomerProblem) -> (login: String, code: String, customer: Customer) {
        let email = email.trimmingCharacters(in: .whitespaces)
        guard Self.looksLikeEmail(email) else { throw CustomerProblem(.invalid, ["email"], "Enter a valid email address.") }
        let customer: Customer
        if let known = self.customer(email: email) {
            customer = known
        } else {
            guard customers.count < Self.maxCustomers else {
                throw CustomerProblem(.invalid, ["email"], "The shop holds \(Self.maxCustomers) customers, the most it keeps; reset it.")
            }
            customer = Customer(number: customers.count + 1, email: email, password: nil, createdAt: now)
            add(customer)
        }
        guard customer.state != .disabled else { throw CustomerProblem(.customerDisabled, ["email"], "This account is disabled.") }
        let login = newToken("account-login")
        let digits = String((UInt64(newToken("account-code").prefix(12), radix: 16) ?? 0) % 1_000_000)
        let code = String(repeating: "0", count: 6 - digits.count) + digits
        accounts.pending.insert(
            AccountSignIns.Pending(
                customer: customer.number, code: code, request: request,
                expiresAt: now.adding(seconds: Self.accountCodeLifetimeSeconds), attemptsLeft: Self.accountCodeAttempts),
            for: login)
        return (login, code, customer)
    }

    /// Checks the code a sign-in's customer typed: the authorization code to send the app back
    /// with, and what the app asked for. A wrong code is `INVALID` (the fifth ends the sign-in);
    /// an unknown or expired sign-in `TOKEN_INVALID`. An invited customer is enabled: the code
    /// proved the email is theirs.
    mutating func confirmAccountSignIn(login: String, code: String, at now: Instant) throws(CustomerProblem) -> (code: String, request: AccountSignIns.Request) {
        guard let pending = accounts.pending[login], now < pending.expiresAt else {
            accounts.pending.remove(login)
            throw CustomerProblem(.tokenInvalid, ["code"], "This code has expired. Start again to get a new one.")
        }
        guard code.trimmingCharacters(in: .whitespaces) == pending.code else {
            if pending.attemptsLeft <= 1 {
                accounts.pending.remove(login)
                throw CustomerProblem(.tokenInvalid, ["code"], "Too many wrong codes. Start again to get a new one.")
            }
            accounts.pending[login]?.attemptsLeft -= 1
            throw CustomerProblem(.invalid, ["code"], "That is not the code we sent. Check the email and try again.")
        }
        accounts.pending.remove(login)
        guard let customer = customer(number: pending.customer), customer.state != .disabled else {
            throw CustomerProblem(.customerDisabled, ["email"], "This account is disabled.")
        }
        if customer.state == .invited { customers[customer.number - 1].state = .enabled }
        let authorization = newToken("account-authorization")
        accounts.authorizations.insert(
            AccountSignIns.Authorization(customer: customer.number, request: pending.request, expiresAt: now.adding(seconds: Self.accountCodeLifetimeSeconds)),
            for: authorization)
        return (authorization, pending.request)
    }

    /// Exchanges an authorization code, once, for a session: the client and redirect URI must be
    /// the ones it was issued for and the verifier's SHA-256 the challenge (`invalid_grant`
    /// otherwise, as RFC 7636 says).
    mutating func exchange(code: String, clientId: String, redirectURI: String, verifier: String, at now: Instant) throws(OAuthProblem) -> AccountSignIns.Session {
        guard let authorization = accounts.authorizations.remove(code), now < authorization.expiresAt else {
            throw OAuthProblem(.invalidGrant, "The authorization code is invalid, expired or already used.")
        }
        let request = authorization.request
        guard clientId == request.clientId else { throw OAuthProblem(.invalidGrant, "The authorization code was issued to another client.") }
        guard redirectURI == request.redirectURI else {
            throw OAuthProblem(.invalidGrant, "The redirect_uri is not the one the authorization code was issued for.")
        }
        guard Self.isVerifier(verifier) else {
            throw OAuthProblem(.invalidRequest, "The code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_' and '~'.")
        }
        guard Base64.urlEncode(SHA256.hash(Array(verifier.utf8))) == request.codeChallenge else {
            throw OAuthProblem(.invalidGrant, "The code_verifier does not match the code_challenge.")
        }
        guard let customer = customer(number: authorization.customer), customer.state != .disabled else {
            throw OAuthProblem(.invalidGrant, "The customer's account is disabled.")
        }
        return openAccountSession(customer: customer.number, clientId: clientId, scope: request.scope, nonce: request.nonce, at: now)
    }

    /// A new session for customer `number`: its tokens, kept.
    mutating func openAccountSession(customer number: Int, clientId: String, scope: String, nonce: String?, at now: Instant) -> AccountSignIns.Session {
        let session = AccountSignIns.Session(
            id: newToken("account-session"), customer: number, clientId: clientId, scope: scope, nonce: nonce,
            accessToken: "shcat_" + newToken("account-access"), refreshToken: "shcrt_" + newToken("account-refresh"),
            accessExpiresAt: now.adding(seconds: Self.accountAccessLifetimeSeconds),
            refreshExpiresAt: now.adding(seconds: Self.accountRefreshLifetimeSeconds))
        accounts.keep(session)
        return session
    }

    /// New tokens for a session's live refresh token, which stops working (it rotates).
    mutating func refresh(token: String, clientId: String, at now: Instant) throws(OAuthProblem) -> AccountSignIns.Session {
        guard let id = accounts.sessionsByRefreshToken[token], var session = accounts.sessions[id], now < session.refreshExpiresAt else {
            throw OAuthProblem(.invalidGrant, "The refresh token is invalid, expired or already used.")
        }
        guard session.clientId == clientId else { throw OAuthProblem(.invalidGrant, "The refresh token was issued to another client.") }
        guard customer(number: session.customer)?.state != .disabled else {
            accounts.end(session: id)
            throw OAuthProblem(.invalidGrant, "The customer's account is disabled.")
        }
        accounts.end(session: id)
        session.accessToken = "shcat_" + newToken("account-access")
        session.refreshToken = "shcrt_" + newToken("account-refresh")
        session.accessExpiresAt = now.adding(seconds: Self.accountAccessLifetimeSeconds)
        session.refreshExpiresAt = now.adding(seconds: Self.accountRefreshLifetimeSeconds)
        accounts.keep(session)
        return session
    }

    /// The customer a live access token names; nil for one unknown, refreshed, ended or expired,
    /// or a customer disabled since.
    package func customer(accessToken: String, at now: Instant) -> Customer? {
        guard let id = accounts.sessionsByAccessToken[accessToken], let session = accounts.sessions[id], now < session.accessExpiresAt,
              let customer = customer(number: session.customer), customer.state != .disabled
        else { return nil }
        return customer
    }

    /// Ends session `id` (a logout); false when it was not live.
    @discardableResult
    mutating func endAccountSession(id: String) -> Bool {
        guard accounts.sessions[id] != nil else { return false }
        accounts.end(session: id)
        return true
    }

    /// RFC 7636's verifier: 43 to 128 unreserved characters.
    static func isVerifier(_ text: String) -> Bool {
        (43...128).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
        }
    }
}
