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
    /// In the order added; each keeps its number while the customer has it.
    package var addresses: [CustomerAddress]
    /// The number of the default address, when there is one.
    package var defaultAddress: Int?
    package var state: State
    package let createdAt: Instant

    package init(
        number: Int, email: String, password: PasswordDigest?, firstName: String? = nil, lastName: String? = nil, phone: String? = nil,
        acceptsMarketing: Bool = false, addresses: [CustomerAddress] = [], defaultAddress: Int? = nil, state: State = .enabled,
        createdAt: Instant
    ) {
        self.number = number
        self.email = email
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.acceptsMarketing = acceptsMarketing
        self.addresses = addresses
        self.defaultAddress = defaultAddress
        self.state = state
        self.createdAt = createdAt
    }
}

/// One of a customer's addresses: its number (stable while the customer has it) and its fields
/// by the names Shopify's `MailingAddressInput` gives them (`address1`, `city`, `zip`, …).
package struct CustomerAddress: Sendable, Equatable {
    package let number: Int
    package var fields: [String: String]

    package init(number: Int, fields: [String: String]) {
        self.number = number
        self.fields = fields
    }
}
