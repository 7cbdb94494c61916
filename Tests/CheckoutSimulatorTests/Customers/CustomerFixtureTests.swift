import Testing
@testable import CheckoutSimulator

/// `customers.json` (docs/fixtures.md#customers): every problem reported at once with its path,
/// the shop refusing to start with any.
struct CustomerFixtureTests {
    static func load(_ customers: String) -> Result<Fixtures, FixtureError> {
        let files = FixtureSource.bundled.files.filter { $0.path != "customers.json" } + [("customers.json", customers)]
        do {
            return .success(try Fixtures.load(FixtureSource(files: files, origin: "test")))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [
        (#"{"email": "a@example.com"}"#, ["customers.json: $: expected an array of customers, found an object"]),
        (#"[{"email": "a@example.com", "password": "secret1"}, {"email": "A@example.com", "password": "secret1"}]"#,
         [#"customers.json: [1].email: the email "A@example.com" is given twice (emails are case-insensitive)"#]),
        (#"[{"email": "nobody", "password": "1"}]"#,
         [#"customers.json: [0].email: expected an email like "ada@example.com", found "nobody""#,
          "customers.json: [0].password: a password has 5 to 40 characters; this one has 1"]),
        (#"[{"email": "a@example.com"}]"#, [#"customers.json: [0]: missing required key "password" (only an invited customer has none)"#]),
        (#"[{"email": "a@example.com", "state": "asleep", "password": "secret1", "nickname": "A"}]"#,
         [#"customers.json: [0].nickname: unknown key (did you mean "firstName"?)"#, #"customers.json: [0].state: expected "enabled", "invited" or "disabled", found "asleep""#]),
        (#"[{"email": "a@example.com", "password": "secret1", "orders": [{"placedAt": "2026-01-01T00:00:00Z", "lines": [{"productId": "walkman", "quantity": 1}]}]}]"#,
         [#"customers.json: [0].orders[0].lines[0].productId: unknown product "walkman" (not in products/)"#]),
        (#"[{"email": "a@example.com", "password": "secret1", "addresses": [{"city": 3}]}]"#,
         ["customers.json: [0].addresses[0].city: expected a string, found 3"]),
    ] as [(String, [String])])
    func problemsAreReportedWithTheirPaths(_ text: String, expected: [String]) {
        switch Self.load(text) {
        case .success: Issue.record("loaded despite \(expected)")
        case .failure(let error): #expect(error.problems.map(\.description) == expected)
        }
    }

    @Test func theBundledCustomersLoad() throws {
        let fixtures = try Fixtures.bundled()
        #expect(fixtures.customers.map(\.email) == ["ada@example.com", "grace@example.com", "mallory@example.com", "ivy@example.com"])
        #expect(fixtures.customers[1].orders.count == 2)
        #expect(fixtures.customers.map(\.state) == [.enabled, .enabled, .disabled, .invited])
    }
}
