/// A customer as `customers.json` describes one (docs/fixtures.md#customers): the loader checks
/// it, the shop enrolls it when it starts (and again on each reset).
package struct CustomerFixture: Sendable, Equatable {
    package var email: String
    /// Nil for an invited customer, who has not set one.
    package var password: String?
    package var firstName: String?
    package var lastName: String?
    package var phone: String?
    package var acceptsMarketing = false
    package var state = Customer.State.enabled
    /// The first is the default.
    package var addresses: [MailingAddress] = []
    /// Orders placed before the shop starts, oldest first.
    package var orders: [PastOrderFixture] = []

    package init(email: String, password: String?) {
        self.email = email
        self.password = password
    }
}
