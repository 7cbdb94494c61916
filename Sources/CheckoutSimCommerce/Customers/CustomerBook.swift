import CheckoutSimSupport

/// A shop's customers and the access tokens they signed in with (docs/customers.md). Salts and
/// tokens are drawn from the shop's seeded sequence (its seed and, for a sandbox, its name), so
/// the same requests give the same tokens in every run; tokens expire on the virtual clock.
package struct CustomerBook: Sendable {
    /// A signed-in customer's token and when it stops working.
    package struct AccessGrant: Sendable, Equatable {
        package let token: String
        package let customer: Int
        package let expiresAt: Instant
    }

    /// What the book holds, behind one reference: a shop is copied for every request (the
    /// Storefront context reads a copy), and a book of several buffers made each copy retain and
    /// release each of them (Benchmarks/NOTES.md, issue 61). Copied on the first change to a
    /// shared one.
    ///
    /// `@unchecked Sendable`: a book changes its storage only through `own()`, which first copies
    /// one another book shares, so no two books ever write one storage; and a shop (with its book)
    /// is read and changed only under its simulator's lock. ThreadSanitizer runs the customer
    /// suites that sign in on many sessions and sandboxes at once (.ci/run).
    private final class Storage: @unchecked Sendable {
        var customers: [Customer] = []
        var addressesMade = 0
        var grants = BoundedTable<AccessGrant>(capacity: CustomerBook.maxGrants)
        var drawn = 0
        var orders: [CustomerOrder] = []
        var ordersMade = 0
        var links = BoundedTable<LinkGrant>(capacity: CustomerBook.maxLinks)
        var addressCount = 0
        /// Each customer's number by their email, lowercased: a sign-in or sign-up finds them
        /// without lowercasing every email (enrolling 10,000 fixture customers did 50 million).
        var numbersByEmail: [String: Int] = [:]
        var accounts = AccountSignIns()
        let seed: UInt64
        let scope: String

        init(seed: UInt64, scope: String) {
            self.seed = seed
            self.scope = scope
        }

        func copy() -> Storage {
            let copy = Storage(seed: seed, scope: scope)
            copy.customers = customers
            copy.addressesMade = addressesMade
            copy.grants = grants
            copy.drawn = drawn
            copy.orders = orders
            copy.ordersMade = ordersMade
            copy.links = links
            copy.addressCount = addressCount
            copy.numbersByEmail = numbersByEmail
            copy.accounts = accounts
            return copy
        }
    }

    private var storage: Storage

    /// The storage, made this book's own first.
    private mutating func own() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    package internal(set) var customers: [Customer] {
        get { storage.customers }
        _modify { yield &own().customers }
    }
    /// How many addresses have been made: the next one's number less one.
    var addressesMade: Int {
        get { storage.addressesMade }
        set { own().addressesMade = newValue }
    }
    /// Live grants by token, in the order issued (the oldest go first when full).
    var grants: BoundedTable<AccessGrant> {
        get { storage.grants }
        _modify { yield &own().grants }
    }
    /// How many salts and tokens have been drawn.
    private var drawn: Int {
        get { storage.drawn }
        set { own().drawn = newValue }
    }
    /// Every customer's orders, oldest first, and how many were ever kept.
    package internal(set) var allOrders: [CustomerOrder] {
        get { storage.orders }
        _modify { yield &own().orders }
    }
    var ordersMade: Int {
        get { storage.ordersMade }
        set { own().ordersMade = newValue }
    }
    /// How many addresses every customer holds together.
    var addressCount: Int {
        get { storage.addressCount }
        set { own().addressCount = newValue }
    }
    /// Live one-time links by token, in the order made (the oldest go first when full).
    var links: BoundedTable<LinkGrant> {
        get { storage.links }
        _modify { yield &own().links }
    }
    /// New customer accounts' sign-ins, codes and sessions (`CustomerBook+Accounts`).
    var accounts: AccountSignIns {
        get { storage.accounts }
        _modify { yield &own().accounts }
    }
    private var seed: UInt64 { storage.seed }
    private var scope: String { storage.scope }

    /// Shopify's bounds on a password's length.
    package static let passwordLengths = 5...40
    /// How long an access token works: the mock's choice, documented (docs/customers.md#tokens).
    package static let tokenLifetimeSeconds: Int64 = 14 * 86_400
    /// The most customers, and live tokens, a shop keeps (docs/limits.md#shop-bounds).
    package static let maxCustomers = 10_000
    package static let maxGrants = 10_000
    /// The most addresses one customer keeps.
    package static let maxAddresses = 100

    /// An empty book drawing from `seed`; `scope` sets a sandbox's draws apart.
    package init(seed: UInt64, scope: String = "") {
        storage = Storage(seed: seed, scope: scope)
    }

    /// The customer whose email is `email`, ignoring case.
    package func customer(email: String) -> Customer? {
        storage.numbersByEmail[email.lowercased()].flatMap(customer(number:))
    }

    /// Keeps `customer`, found by their email from now on.
    mutating func add(_ customer: Customer) {
        own().numbersByEmail[customer.email.lowercased()] = customer.number
        customers.append(customer)
    }

    /// Gives customer `number` a new email, found by it from now on.
    mutating func changeEmail(of number: Int, to email: String) {
        let storage = own()
        storage.numbersByEmail[storage.customers[number - 1].email.lowercased()] = nil
        storage.numbersByEmail[email.lowercased()] = number
        storage.customers[number - 1].email = email
    }

    /// Customer `number`; nil when there is none.
    package func customer(number: Int) -> Customer? {
        customers.indices.contains(number - 1) ? customers[number - 1] : nil
    }

    /// The customer a live token names, at `now`; nil for a token unknown, signed out or expired,
    /// or a customer disabled since.
    package func customer(token: String, at now: Instant) -> Customer? {
        guard let grant = grants[token], now < grant.expiresAt, let customer = customer(number: grant.customer),
              customer.state != .disabled
        else { return nil }
        return customer
    }

    /// A new enabled customer; every problem with the input at once (`BLANK`, `INVALID` and
    /// `TAKEN` for the email, `TOO_SHORT` and `TOO_LONG` for the password).
    package mutating func signUp(
        email: String, password: String, firstName: String? = nil, lastName: String? = nil, phone: String? = nil,
        acceptsMarketing: Bool = false, at now: Instant
    ) throws(CustomerProblems) -> Customer {
        var problems: [CustomerProblem] = []
        let email = email.trimmingCharacters(in: .whitespaces)
        if email.isEmpty {
            problems.append(CustomerProblem(.blank, ["input", "email"], "Email can't be blank"))
        } else if !Self.looksLikeEmail(email) {
            problems.append(CustomerProblem(.invalid, ["input", "email"], "Email is invalid"))
        } else if customer(email: email) != nil {
            problems.append(CustomerProblem(.taken, ["input", "email"], "Email has already been taken"))
        }
        if let problem = Self.passwordProblem(password, field: ["input", "password"]) { problems.append(problem) }
        problems += Self.nameProblems([("firstName", firstName), ("lastName", lastName), ("phone", phone)], field: ["input"])
        if problems.isEmpty, customers.count >= Self.maxCustomers {
            problems.append(CustomerProblem(.invalid, ["input"], "The shop holds \(Self.maxCustomers) customers, the most it keeps; reset it."))
        }
        guard problems.isEmpty else { throw CustomerProblems(problems: problems) }
        let customer = Customer(
            number: customers.count + 1, email: email, password: digest(password),
            firstName: firstName, lastName: lastName, phone: phone, acceptsMarketing: acceptsMarketing, createdAt: now)
        add(customer)
        return customer
    }

    /// A token for the customer `email` and `password` name: `UNIDENTIFIED_CUSTOMER` when they
    /// name none (which of the two is wrong is not said), `CUSTOMER_DISABLED` for a disabled one.
    package mutating func signIn(email: String, password: String, at now: Instant) throws(CustomerProblem) -> AccessGrant {
        guard let customer = customer(email: email.trimmingCharacters(in: .whitespaces)), customer.password?.matches(password) == true else {
            throw CustomerProblem(.unidentifiedCustomer, ["input"], "Unidentified customer")
        }
        guard customer.state != .disabled else {
            throw CustomerProblem(.customerDisabled, ["input"], "The customer's account is disabled")
        }
        return grant(customer.number, at: now)
    }

    /// A new token for the customer a live token names, which stops working: `TOKEN_INVALID`
    /// for a token unknown, signed out or expired (renewal must come before it expires).
    package mutating func renew(token: String, at now: Instant) throws(CustomerProblem) -> AccessGrant {
        guard let customer = customer(token: token, at: now) else {
            throw CustomerProblem(.tokenInvalid, ["customerAccessToken"], "The access token is invalid or expired")
        }
        signOut(token: token)
        return grant(customer.number, at: now)
    }

    /// Sets the state of the customer `email` names (a fixture's or a lever's disabled customer);
    /// false when it names none.
    @discardableResult
    package mutating func setState(_ state: Customer.State, email: String) -> Bool {
        guard let number = customer(email: email)?.number else { return false }
        customers[number - 1].state = state
        return true
    }

    /// Adds a customer the fixtures describe (checked when they loaded), their first address the
    /// default; nil, adding nobody, when the shop is full or the email is taken.
    @discardableResult
    package mutating func enroll(_ fixture: CustomerFixture, at now: Instant) -> Customer? {
        guard customers.count < Self.maxCustomers, customer(email: fixture.email) == nil else { return nil }
        var customer = Customer(
            number: customers.count + 1, email: fixture.email, password: fixture.password.map { digest($0) }, firstName: fixture.firstName,
            lastName: fixture.lastName, phone: fixture.phone, acceptsMarketing: fixture.acceptsMarketing, state: fixture.state, createdAt: now)
        for address in fixture.addresses.prefix(Self.maxAddresses) where addressCount < Self.maxAddressesInShop {
            addressesMade += 1
            addressCount += 1
            customer.addresses.append(CustomerAddress(number: addressesMade, address: address))
        }
        customer.defaultAddress = customer.addresses.first?.number
        add(customer)
        return customer
    }

    /// Ends a token; false when it was not live.
    @discardableResult
    package mutating func signOut(token: String) -> Bool {
        grants.remove(token) != nil
    }

    /// `TOO_LONG` at `field` + its name for each text over `maxAddressPart` characters: what a
    /// customer keeps is bounded (docs/limits.md#shop-bounds).
    static func nameProblems(_ texts: [(String, String?)], field: [String]) -> [CustomerProblem] {
        texts.compactMap { name, text in
            guard let text, text.isLonger(thanCharacters: maxAddressPart) else { return nil }
            return CustomerProblem(.tooLong, field + [name], "\(name) is too long (maximum is \(maxAddressPart) characters)")
        }
    }

    /// `TOO_SHORT` or `TOO_LONG` at `field` for a password out of `passwordLengths`; nil when it fits.
    static func passwordProblem(_ password: String, field: [String]) -> CustomerProblem? {
        let length = password.count
        if length < passwordLengths.lowerBound {
            return CustomerProblem(.tooShort, field, "Password is too short (minimum is \(passwordLengths.lowerBound) characters)")
        }
        if length > passwordLengths.upperBound {
            return CustomerProblem(.tooLong, field, "Password is too long (maximum is \(passwordLengths.upperBound) characters)")
        }
        return nil
    }

    /// `password`'s digest with a salt from the seeded sequence.
    mutating func digest(_ password: String) -> PasswordDigest {
        PasswordDigest(password, salt: Array(SHA256.hash(Array(draw("salt").utf8)).prefix(16)))
    }

    mutating func grant(_ customer: Int, at now: Instant) -> AccessGrant {
        let token = newToken("customer-token")
        let grant = AccessGrant(token: token, customer: customer, expiresAt: now.adding(seconds: Self.tokenLifetimeSeconds))
        grants.insert(grant, for: token)
        return grant
    }

    /// A new token for `purpose` from the seeded sequence: 32 hex digits.
    mutating func newToken(_ purpose: String) -> String {
        String(SHA256.hex(draw(purpose)).prefix(32))
    }

    /// The next draw of the seeded sequence for `purpose`, to be hashed (as a cart's token is).
    private mutating func draw(_ purpose: String) -> String {
        drawn += 1
        let place = scope.isEmpty ? "" : "\(scope)|"
        return "\(purpose)|\(seed)|\(place)\(drawn)"
    }

    /// One `@`, something on both sides, no whitespace, at most 254 characters.
    package static func looksLikeEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && email.unicodeScalars.count <= 254
            && !email.contains(where: \.isWhitespace)
    }
}
