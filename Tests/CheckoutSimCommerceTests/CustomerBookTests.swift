import Testing
@testable import CheckoutSimCommerce

/// The customer model (docs/customers.md): sign-up's checks, sign-in, tokens on the virtual
/// clock, and passwords kept only as salted digests.
struct CustomerBookTests {
    static let now = Instant(seconds: 1_767_225_600)

    static func book(with emails: [String] = ["ada@example.com"]) throws -> CustomerBook {
        var book = CustomerBook(seed: 7)
        for email in emails { _ = try book.signUp(email: email, password: "correct horse", firstName: "Ada", at: now) }
        return book
    }

    /// The problem `body` throws, if any.
    static func problem(_ body: () throws(CustomerProblem) -> Void) -> CustomerProblem? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("", "secret1", ["BLANK input.email"]),
        ("ada", "secret1", ["INVALID input.email"]),
        ("a b@example.com", "secret1", ["INVALID input.email"]),
        ("ADA@example.com", "secret1", ["TAKEN input.email"]),
        ("bob@example.com", "1234", ["TOO_SHORT input.password"]),
        ("bob@example.com", String(repeating: "x", count: 41), ["TOO_LONG input.password"]),
        ("", "1234", ["BLANK input.email", "TOO_SHORT input.password"]),
        ("bob@example.com", "12345", []),
        ("bob@example.com", String(repeating: "x", count: 40), []),
    ])
    func signUpReportsEveryProblemAtOnce(email: String, password: String, expected: [String]) throws {
        var book = try Self.book()
        do {
            let customer = try book.signUp(email: email, password: password, at: Self.now)
            #expect(expected.isEmpty, "signed up despite \(expected)")
            #expect(customer.number == 2 && customer.state == .enabled && customer.createdAt == Self.now)
            #expect(book.customer(email: "BOB@EXAMPLE.COM")?.number == 2, "emails compare ignoring case")
        } catch {
            #expect(error.problems.map { "\($0.code.rawValue) \($0.field.joined(separator: "."))" } == expected)
            #expect(book.customers.count == 1, "nothing is added")
        }
    }

    @Test func signInGivesATokenThatWorksUntilItExpires() throws {
        var book = try Self.book()
        let grant = try book.signIn(email: " ADA@example.com ", password: "correct horse", at: Self.now)
        #expect(grant.expiresAt == Self.now.adding(seconds: CustomerBook.tokenLifetimeSeconds))
        #expect(book.customer(token: grant.token, at: Self.now)?.firstName == "Ada")
        #expect(book.customer(token: grant.token, at: grant.expiresAt.adding(seconds: -1)) != nil)
        #expect(book.customer(token: grant.token, at: grant.expiresAt) == nil, "expired at its expiry")
        #expect(book.customer(token: "nope", at: Self.now) == nil)
    }

    @Test func aWrongPasswordOrEmailIsUnidentifiedAndADisabledCustomerIsRefused() throws {
        var book = try Self.book(with: ["ada@example.com", "eve@example.com"])
        for (email, password) in [("ada@example.com", "wrong horse"), ("nobody@example.com", "correct horse")] {
            let problem = Self.problem { () throws(CustomerProblem) in _ = try book.signIn(email: email, password: password, at: Self.now) }
            #expect(problem == CustomerProblem(.unidentifiedCustomer, ["input"], "Unidentified customer"))
        }
        let found = book.setState(.disabled, email: "EVE@example.com")
        let missing = book.setState(.disabled, email: "nobody@example.com")
        #expect(found && !missing)
        let disabled = Self.problem { () throws(CustomerProblem) in _ = try book.signIn(email: "eve@example.com", password: "correct horse", at: Self.now) }
        #expect(disabled == CustomerProblem(.customerDisabled, ["input"], "The customer's account is disabled"))
    }

    @Test func renewingEndsTheOldTokenAndSigningOutEndsIt() throws {
        var book = try Self.book()
        let first = try book.signIn(email: "ada@example.com", password: "correct horse", at: Self.now)
        let later = Self.now.adding(seconds: 86_400)
        let renewed = try book.renew(token: first.token, at: later)
        #expect(renewed.token != first.token && renewed.expiresAt == later.adding(seconds: CustomerBook.tokenLifetimeSeconds))
        #expect(book.customer(token: first.token, at: later) == nil)
        let again = Self.problem { () throws(CustomerProblem) in _ = try book.renew(token: first.token, at: later) }
        #expect(again?.code == .tokenInvalid)
        let late = Self.problem { () throws(CustomerProblem) in _ = try book.renew(token: renewed.token, at: renewed.expiresAt) }
        #expect(late?.code == .tokenInvalid, "too late to renew")
        let ended = book.signOut(token: renewed.token)
        let endedAgain = book.signOut(token: renewed.token)
        #expect(ended && !endedAgain)
        #expect(book.customer(token: renewed.token, at: later) == nil)
    }

    /// The same seed and requests give the same tokens; another sandbox's (scope) do not.
    @Test func tokensComeFromTheSeededSequence() throws {
        func token(seed: UInt64, scope: String) throws -> String {
            var book = CustomerBook(seed: seed, scope: scope)
            _ = try book.signUp(email: "ada@example.com", password: "correct horse", at: Self.now)
            return try book.signIn(email: "ada@example.com", password: "correct horse", at: Self.now).token
        }
        let one = try token(seed: 7, scope: "")
        #expect(one.count == 32)
        #expect(try token(seed: 7, scope: "") == one)
        #expect(try token(seed: 7, scope: "qa") != one)
        #expect(try token(seed: 8, scope: "") != one)
    }

    /// A password is kept as a salted digest: the customer holds no trace of its text, and two
    /// customers with one password keep different digests.
    @Test func passwordsAreKeptOnlyAsSaltedDigests() throws {
        var book = try Self.book(with: ["ada@example.com", "bob@example.com"])
        let kept = String(describing: book.customers)
        #expect(!kept.contains("correct horse"))
        #expect(book.customers[0].password != book.customers[1].password)
        #expect(book.customers[0].password?.matches("correct horse") == true)
        #expect(book.customers[0].password?.matches("correct hors") == false)
        #expect(book.customers[0].password?.matches("correct horsee") == false)
        _ = try book.signIn(email: "bob@example.com", password: "correct horse", at: Self.now)
    }

    /// The book keeps at most `maxGrants` live tokens: the oldest goes first.
    @Test func theOldestTokenGoesWhenTheBookIsFull() throws {
        var book = try Self.book()
        let first = try book.signIn(email: "ada@example.com", password: "correct horse", at: Self.now)
        for _ in 1..<CustomerBook.maxGrants { _ = try book.signIn(email: "ada@example.com", password: "correct horse", at: Self.now) }
        #expect(book.customer(token: first.token, at: Self.now) != nil, "still kept at the bound")
        let last = try book.signIn(email: "ada@example.com", password: "correct horse", at: Self.now)
        #expect(book.customer(token: first.token, at: Self.now) == nil, "the oldest made room")
        #expect(book.customer(token: last.token, at: Self.now) != nil)
    }

    @Test func whatACustomerKeepsIsBounded() throws {
        var book = try Self.book()
        let long = String(repeating: "a", count: CustomerBook.maxAddressPart + 1)
        do {
            _ = try book.signUp(email: "long@example.com", password: "secret1", firstName: long, phone: long, at: Self.now)
            Issue.record("a name over the bound was kept")
        } catch {
            #expect(error.problems.map { "\($0.code.rawValue) \($0.field.joined(separator: "."))" } == ["TOO_LONG input.firstName", "TOO_LONG input.phone"])
        }
        // Every customer's addresses together are bounded too: 500 customers of 100 addresses fill the shop.
        let address = MailingAddress(address1: "1 Main Street", city: "Springfield")
        var full = CustomerBook(seed: 1)
        for index in 0..<(CustomerBook.maxAddressesInShop / CustomerBook.maxAddresses) {
            let customer = try full.signUp(email: "c\(index)@example.com", password: "secret1", at: Self.now)
            for _ in 0..<CustomerBook.maxAddresses { _ = try full.addAddress(address, customer: customer.number, field: ["address"]) }
        }
        let last = try full.signUp(email: "last@example.com", password: "secret1", at: Self.now)
        do {
            _ = try full.addAddress(address, customer: last.number, field: ["address"])
            Issue.record("an address past the shop's bound was kept")
        } catch {
            #expect(error.problems.first?.message == "The shop holds 50000 addresses, the most it keeps; reset it.")
        }
        try full.deleteAddress(1, customer: 1)
        #expect(throws: Never.self) { _ = try full.addAddress(address, customer: last.number, field: ["address"]) }
    }
}
