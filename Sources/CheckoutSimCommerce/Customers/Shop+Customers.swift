/// The shop's customers at the virtual clock's time (docs/customers.md).
extension Shop {
    /// A new customer; every problem with the input at once.
    package mutating func signUp(
        email: String, password: String, firstName: String? = nil, lastName: String? = nil, phone: String? = nil, acceptsMarketing: Bool = false
    ) throws(CustomerProblems) -> Customer {
        try customers.signUp(
            email: email, password: password, firstName: firstName, lastName: lastName, phone: phone, acceptsMarketing: acceptsMarketing,
            at: clock)
    }

    /// An access token for the customer `email` and `password` name.
    /// A pending sign-in lever decides it first (docs/customers.md#levers).
    package mutating func signIn(email: String, password: String) throws(CustomerProblem) -> CustomerBook.AccessGrant {
        switch takeForcedSignIn() {
        case .throttled?: throw CustomerProblem(.throttled, [], "Too many attempts. Try again later.")
        case .disabled?: throw CustomerProblem(.customerDisabled, ["input"], "The customer's account is disabled")
        case .wrongPassword?: throw CustomerProblem(.unidentifiedCustomer, ["input"], "Unidentified customer")
        case nil: return try customers.signIn(email: email, password: password, at: clock)
        }
    }

    /// Signs session `name` in as the customer `email` and `password` name: the token, and
    /// orders paid in the session from now on are theirs.
    package mutating func signIn(email: String, password: String, session name: String) throws(CustomerProblem) -> CustomerBook.AccessGrant {
        let grant = try signIn(email: email, password: password)
        withSession(name) { session, _ in session.customerToken = grant.token }
        return grant
    }

    /// Signs session `name` in with a token it was given (`X-Checkout-Customer-Token`); false,
    /// changing nothing, when the token names nobody now.
    @discardableResult
    package mutating func signIn(session name: String, token: String) -> Bool {
        guard customer(token: token) != nil else { return false }
        if shopper(named: name).customerToken == token { return true }
        withSession(name) { session, _ in session.customerToken = token }
        return true
    }

    /// Signs session `name` out, ending its token; false when it was not signed in.
    @discardableResult
    package mutating func signOut(session name: String) -> Bool {
        guard let token = shopper(named: name).customerToken else { return false }
        signOut(token: token)
        withSession(name) { session, _ in session.customerToken = nil }
        return true
    }

    /// The customer signed in on session `name` now; nil when none is, or their token expired.
    package func signedIn(session name: String) -> Customer? {
        shopper(named: name).customerToken.flatMap { customer(token: $0) }
    }

    /// The customer a live token names now; nil for a token unknown, signed out or expired.
    package func customer(token: String) -> Customer? {
        customers.customer(token: token, at: clock)
    }

    /// A new token for the one given, which stops working.
    package mutating func renew(token: String) throws(CustomerProblem) -> CustomerBook.AccessGrant {
        try customers.renew(token: token, at: clock)
    }

    /// Ends a token; false when it was not live.
    @discardableResult
    package mutating func signOut(token: String) -> Bool {
        customers.signOut(token: token)
    }

    /// `change` on the book and the number of the customer `token` names, who is then updated
    /// now; `TOKEN_INVALID` at `field` when it names nobody now.
    package mutating func changeCustomer<Result, Failure: Error>(
        token: String, field: [String] = ["customerAccessToken"], _ change: (inout CustomerBook, Int) throws(Failure) -> Result
    ) throws(CustomerAccess<Failure>) -> Result {
        guard let number = customer(token: token)?.number else {
            throw .token(CustomerProblem(.tokenInvalid, field, "The customer access token is invalid or expired"))
        }
        do {
            return try changeCustomer(number: number, change)
        } catch {
            throw .refused(error)
        }
    }
}

/// Why a change for a signed-in customer did not happen: the token names nobody, or the change
/// itself was refused.
package enum CustomerAccess<Failure: Error>: Error {
    case token(CustomerProblem)
    case refused(Failure)
}

extension Shop {
    /// Makes the customer `fixture` describes, or resets the one with its email: password (when
    /// given), names, marketing and state; an invited customer made so gets their activation
    /// mail. Whether one was made; `INVALID` when the shop is full (docs/customers.md#control).
    package mutating func makeOrReset(_ fixture: CustomerFixture) -> Result<(customer: Customer, created: Bool), CustomerProblem> {
        if let existing = customers.customer(email: fixture.email) {
            customers.reset(existing.number, to: fixture, at: clock)
            return .success((customers.customer(number: existing.number) ?? existing, false))
        }
        guard fixture.password != nil || fixture.state == .invited else {
            return .failure(CustomerProblem(.blank, ["password"], "A new customer needs a password (only an invited one has none)."))
        }
        guard let made = customers.enroll(fixture, at: clock) else {
            return .failure(CustomerProblem(.invalid, ["email"], "The shop holds \(CustomerBook.maxCustomers) customers, the most it keeps; reset it."))
        }
        if made.state == .invited { sendActivation(to: made) }
        return .success((made, true))
    }
}

extension CustomerBook {
    /// Sets customer `number`'s password (when `fixture` gives one), names, marketing and state;
    /// their live tokens keep working unless they are now disabled.
    mutating func reset(_ number: Int, to fixture: CustomerFixture, at now: Instant) {
        if let password = fixture.password { customers[number - 1].password = digest(password) }
        customers[number - 1].firstName = fixture.firstName ?? customers[number - 1].firstName
        customers[number - 1].lastName = fixture.lastName ?? customers[number - 1].lastName
        customers[number - 1].phone = fixture.phone ?? customers[number - 1].phone
        customers[number - 1].acceptsMarketing = fixture.acceptsMarketing
        customers[number - 1].state = fixture.state
        customers[number - 1].updatedAt = now
    }
}
