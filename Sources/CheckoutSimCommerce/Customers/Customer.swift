/// A shop's customer (docs/customers.md): who they are, how they sign in, where they live.
package struct Customer: Sendable, Equatable {
    /// Whether the customer may sign in: an invited customer has not activated the account yet,
    /// a disabled one may not sign in at all (Shopify's `CUSTOMER_DISABLED`).
    package enum State: String, Sendable {
        case enabled, invited, disabled
    }

    /// The customer's number, from 1 in the order customers came (their global id's number).
    package let number: Int
    /// As given; compared ignoring case (`CustomerBook.customer(email:)`).
    package var email: String
    /// Nil for a customer who has never set one (an invited customer).
    package var password: PasswordDigest?
    package var firstName: String?
    package var lastName: String?
    package var phone: String?
    package var acceptsMarketing: Bool
    package var state: State
    package let createdAt: Instant
    /// When they or their addresses last changed.
    package var updatedAt: Instant
    /// Their addresses, oldest first.
    package var addresses: [CustomerAddress] = []
    /// The number of the default address; nil when they have none.
    package var defaultAddress: Int?

    package init(
        number: Int, email: String, password: PasswordDigest?, firstName: String? = nil, lastName: String? = nil, phone: String? = nil,
        acceptsMarketing: Bool = false, state: State = .enabled, createdAt: Instant
    ) {
        self.number = number
        self.email = email
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.acceptsMarketing = acceptsMarketing
        self.state = state
        self.createdAt = createdAt
        updatedAt = createdAt
    }
}

extension Customer {
    /// "Ada Lovelace", else the email: what Shopify's `displayName` shows.
    package var displayName: String {
        MailingAddress(firstName: firstName, lastName: lastName).name ?? email
    }

    /// The default address, if they have one.
    package var defaultMailingAddress: CustomerAddress? {
        defaultAddress.flatMap { number in addresses.first { $0.number == number } }
    }
}
