/// One-time links (docs/customers.md#the-outbox): a password reset's and an invited customer's
/// activation. Each token comes from the seeded sequence, names one customer, works once and
/// expires on the virtual clock.
extension CustomerBook {
    /// What a one-time link is for.
    package enum LinkPurpose: String, Sendable {
        case reset, activate
    }

    /// A live one-time link's customer, purpose and expiry.
    package struct LinkGrant: Sendable, Equatable {
        let customer: Int
        let purpose: LinkPurpose
        let expiresAt: Instant
    }

    /// How long a reset link works (a day) and an activation link (30 days): the mock's choices.
    package static let resetLifetimeSeconds: Int64 = 86_400
    package static let activationLifetimeSeconds: Int64 = 30 * 86_400
    /// The most live links kept; past it the oldest go.
    package static let maxLinks = 10_000

    /// A new link for customer `number`: its path, `/account/reset/N/TOKEN` or `/account/activate/N/TOKEN`.
    mutating func makeLink(_ purpose: LinkPurpose, customer number: Int, at now: Instant) -> String {
        let token = newToken("\(purpose.rawValue)-token")
        let lifetime = purpose == .reset ? Self.resetLifetimeSeconds : Self.activationLifetimeSeconds
        links.insert(LinkGrant(customer: number, purpose: purpose, expiresAt: now.adding(seconds: lifetime)), for: token)
        return "/account/\(purpose.rawValue)/\(number)/\(token)"
    }

    /// Sets customer `number`'s password with the one-time `token` for `purpose`, which then stops
    /// working; the customer is enabled. `TOKEN_INVALID` for a token unknown, used, expired or for
    /// another customer or purpose; `ALREADY_ENABLED` to activate an enabled customer; the
    /// password's `TOO_SHORT` / `TOO_LONG` at `field`.
    package mutating func useLink(
        _ purpose: LinkPurpose, customer number: Int, token: String, password: String, field: [String], at now: Instant
    ) throws(CustomerProblems) -> Customer {
        guard let grant = links[token], grant.customer == number, grant.purpose == purpose, now < grant.expiresAt,
              let customer = customer(number: number)
        else {
            throw CustomerProblems(problems: [CustomerProblem(.tokenInvalid, [], "The link is invalid or has expired")])
        }
        if purpose == .activate, customer.state == .enabled {
            throw CustomerProblems(problems: [CustomerProblem(.alreadyEnabled, [], "The account is already enabled")])
        }
        if let problem = Self.passwordProblem(password, field: field) { throw CustomerProblems(problems: [problem]) }
        links.remove(token)
        customers[number - 1].password = digest(password)
        customers[number - 1].state = .enabled
        customers[number - 1].updatedAt = now
        return customers[number - 1]
    }

    /// Reads `/account/PURPOSE/N/TOKEN` at the end of a link's path (any origin before it).
    package static func link(_ url: String, purpose: LinkPurpose) -> (customer: Int, token: String)? {
        let path = url.split(separator: "?").first.map(String.init) ?? url
        let parts = path.split(separator: "/").suffix(4)
        guard parts.count == 4, parts.first == "account", parts.dropFirst().first.map(String.init) == purpose.rawValue,
              let number = Int(parts[parts.startIndex + 2]), number > 0
        else { return nil }
        return (number, String(parts[parts.startIndex + 3]))
    }
}
