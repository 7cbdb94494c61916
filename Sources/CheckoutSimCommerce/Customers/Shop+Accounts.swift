/// Shopify's new customer accounts on the shop's clock (docs/customers.md#customer-accounts):
/// the sign-in's code goes to the outbox, and a pending sign-in lever decides the email step.
extension Shop {
    /// Starts a sign-in for `email` and mails its six-digit code: the login the page carries to
    /// the code step. A pending sign-in lever answers first (`THROTTLED`, `CUSTOMER_DISABLED`;
    /// a wrong password makes the code typed next wrong).
    package mutating func beginAccountSignIn(email: String, request: AccountSignIns.Request) throws(CustomerProblem) -> String {
        switch takeForcedSignIn() {
        case .throttled?: throw CustomerProblem(.throttled, ["email"], "Too many attempts. Try again later.")
        case .disabled?: throw CustomerProblem(.customerDisabled, ["email"], "This account is disabled.")
        case .wrongPassword?: pending.refusesAccountCode = true
        case nil: break
        }
        let (login, code, customer) = try customers.beginAccountSignIn(email: email, request: request, at: clock)
        outbox.send(
            to: customer.email, kind: .signInCode, subject: "Your sign-in code is \(code)",
            body: "Enter \(code) to sign in to \(store.name). The code works for ten minutes.", link: nil, at: clock)
        return login
    }

    /// Checks the code typed for a sign-in: the authorization code and what the app asked for.
    package mutating func confirmAccountSignIn(login: String, code: String) throws(CustomerProblem) -> (code: String, request: AccountSignIns.Request) {
        if pending.refusesAccountCode {
            pending.refusesAccountCode = false
            return try customers.confirmAccountSignIn(login: login, code: "", at: clock)
        }
        return try customers.confirmAccountSignIn(login: login, code: code, at: clock)
    }

    /// The token endpoint's `authorization_code` grant.
    package mutating func exchange(code: String, clientId: String, redirectURI: String, verifier: String) throws(OAuthProblem) -> AccountSignIns.Session {
        try customers.exchange(code: code, clientId: clientId, redirectURI: redirectURI, verifier: verifier, at: clock)
    }

    /// The token endpoint's `refresh_token` grant.
    package mutating func refresh(token: String, clientId: String) throws(OAuthProblem) -> AccountSignIns.Session {
        try customers.refresh(token: token, clientId: clientId, at: clock)
    }

    /// A session for the customer `email` names without the page's steps (the library's
    /// shortcut, as a sign-in lever's): `UNIDENTIFIED_CUSTOMER` when no customer has the email,
    /// `CUSTOMER_DISABLED` for a disabled one.
    package mutating func openAccountSession(email: String, clientId: String) throws(CustomerProblem) -> AccountSignIns.Session {
        guard let customer = customers.customer(email: email) else { throw CustomerProblem(.unidentifiedCustomer, ["email"], "No customer has the email \"\(email)\".") }
        guard customer.state != .disabled else { throw CustomerProblem(.customerDisabled, ["email"], "This account is disabled.") }
        return customers.openAccountSession(customer: customer.number, clientId: clientId, scope: "openid email customer-account-api:full", nonce: nil, at: clock)
    }

    /// The customer a Customer Account API access token names now.
    package func customer(accessToken: String) -> Customer? {
        customers.customer(accessToken: accessToken, at: clock)
    }

    /// Ends the app session `id` (logout); false when it was not live.
    @discardableResult
    package mutating func endAccountSession(id: String) -> Bool {
        customers.endAccountSession(id: id)
    }
}

extension Shop {
    /// `change` on the book for customer `number`, who is then updated now (a Customer Account API
    /// mutation: its transport found the customer by the access token).
    package mutating func changeCustomer<Result, Failure: Error>(
        number: Int, _ change: (inout CustomerBook, Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result = try change(&customers, number)
        customers.customers[number - 1].updatedAt = clock
        return result
    }
}
