/// A signed-in customer changing their own profile (docs/customers.md#storefront).
extension CustomerBook {
    /// What `customerUpdate` may change; nil leaves a part as it is.
    package struct ProfileChange: Sendable {
        package var email: String?
        package var password: String?
        package var firstName: String?
        package var lastName: String?
        package var phone: String?
        package var acceptsMarketing: Bool?

        package init() {}
    }

    /// Changes customer `number`'s profile, every problem at once (`BLANK`, `INVALID` and `TAKEN`
    /// for the email, `TOO_SHORT` and `TOO_LONG` for the password). A new password ends every
    /// token of theirs and gives a new one, as Shopify's does; nil otherwise.
    package mutating func update(_ number: Int, _ change: ProfileChange, field: [String], at now: Instant) throws(CustomerProblems) -> AccessGrant? {
        var problems: [CustomerProblem] = []
        let email = change.email?.trimmingCharacters(in: .whitespaces)
        if let email {
            if email.isEmpty {
                problems.append(CustomerProblem(.blank, field + ["email"], "Email can't be blank"))
            } else if !Self.looksLikeEmail(email) {
                problems.append(CustomerProblem(.invalid, field + ["email"], "Email is invalid"))
            } else if let other = customer(email: email), other.number != number {
                problems.append(CustomerProblem(.taken, field + ["email"], "Email has already been taken"))
            }
        }
        if let password = change.password, let problem = Self.passwordProblem(password, field: field + ["password"]) { problems.append(problem) }
        problems += Self.nameProblems([("firstName", change.firstName), ("lastName", change.lastName), ("phone", change.phone)], field: field)
        guard problems.isEmpty else { throw CustomerProblems(problems: problems) }
        if let email { changeEmail(of: number, to: email) }
        if let firstName = change.firstName { customers[number - 1].firstName = firstName }
        if let lastName = change.lastName { customers[number - 1].lastName = lastName }
        if let phone = change.phone { customers[number - 1].phone = phone }
        if let marketing = change.acceptsMarketing { customers[number - 1].acceptsMarketing = marketing }
        customers[number - 1].updatedAt = now
        guard let password = change.password else { return nil }
        customers[number - 1].password = digest(password)
        // One pass, however many tokens they hold (a token at a time was quadratic).
        grants.removeAll { $0.customer == number }
        return grant(number, at: now)
    }
}
