import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimStorefront
import Foundation
import Testing
@testable import CheckoutSimulator

/// The Customer Account API's schema is served whole (docs/customers.md#customer-accounts): its
/// introspection, type by type, is Shopify's published 2026-04 introspection
/// (`customer-account-2026-04.facts.json`, written by `Scripts/storefront-schema.py --facts`);
/// the modeled fields answer from the shop, every other one its default; the mutations change
/// the customer the token names and answer Shopify's user-error codes.
struct CustomerAccountSchemaTests {
    static func referenceFacts() throws -> [String: JSON] {
        try StorefrontSchemaTests.facts(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("customer-account-2026-04.facts.json"))
    }

    /// An access token for `email`, signed in through the shop's own steps (the pages' and the
    /// token endpoint's), without a server.
    static func token(_ simulator: Simulator, _ email: String) throws -> String {
        let request = AccountSignIns.Request(
            clientId: "tests", redirectURI: "app://callback", scope: "openid email customer-account-api:full", state: nil, nonce: nil,
            codeChallenge: AccountApp.challenge)
        let result = simulator.withState { state in
            Result { () throws -> String in
                let login = try state.shop.beginAccountSignIn(email: email, request: request)
                let code = String(try #require(state.shop.outbox.mails.last?.subject.suffix(6)))
                let authorization = try state.shop.confirmAccountSignIn(login: login, code: code).code
                return try state.shop.exchange(code: authorization, clientId: "tests", redirectURI: "app://callback", verifier: AccountApp.verifier).accessToken
            }
        }
        return try result.get()
    }

    static func run(_ simulator: Simulator, _ query: String, _ variables: JSONObject = JSONObject(), token: String?) -> GraphQLResponse {
        var note = JournalNote.customerAccount(token: token ?? "")
        note.accountToken = token
        return simulator.execute(GraphQLRequest(query: query, variables: variables), note: note)
    }

    @Test func servedIntrospectionIsShopifysTypeByType() throws {
        let simulator = try Simulator()
        let response = Self.run(simulator, StorefrontSchemaTests.introspection, token: try Self.token(simulator, "ada@example.com"))
        #expect(response.errors.isEmpty, "\(response.errors)")
        let reference = try Self.referenceFacts()
        #expect(reference.count == 491)
        let differences = StorefrontSchemaTests.differences(try #require(response.json["data"]?["__schema"]), reference)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(5).joined(separator: "\n"))")
    }

    @Test func theModeledFieldsAreBoundAndTheRestAnswerDefaults() throws {
        let modeled = CustomerAccountSchema.modeledFields()
        for field in ["QueryRoot.customer", "QueryRoot.order", "Customer.orders", "Customer.addresses", "Mutation.customerUpdate",
                      "Mutation.customerAddressCreate", "Mutation.customerAddressUpdate", "Mutation.customerAddressDelete", "Order.lineItems"] {
            #expect(modeled.contains(field), "\(field) is modeled")
        }
        let simulator = try Simulator()
        let token = try Self.token(simulator, "ada@example.com")
        let response = Self.run(simulator, """
            { shop { name } customer { creditCards(first: 2) { nodes { id } } storeCreditAccounts(first: 1) { nodes { id } }
              subscriptionContracts(first: 1) { nodes { id } } tags companyContacts(first: 1) { nodes { id } } } }
            """, token: token)
        #expect(response.errors.isEmpty, "\(response.errors)")
        let customer = try #require(response.json["data"]?["customer"])
        #expect(customer["creditCards"]?["nodes"] == .array([]) && customer["tags"] == .array([]))
        #expect(response.json["data"]?["shop"]?["name"]?.stringValue != nil, "an unmodeled object answers its default")
        let refused = Self.run(simulator, "{ customer { id } }", token: "shcat_unknown")
        #expect(refused.json["data"] == nil && refused.errors.map(\.code) == [.unauthorized])
    }

    @Test func customerUpdateAndTheAddressMutations() throws {
        let simulator = try Simulator()
        let token = try Self.token(simulator, "ada@example.com")
        let updated = Self.run(simulator, #"mutation { customerUpdate(input: { firstName: "Augusta Ada" }) { customer { firstName lastName displayName } userErrors { code field message } } }"#, token: token)
        #expect(updated.json["data"]?["customerUpdate"]?["customer"]?["displayName"] == "Augusta Ada Lovelace")
        let empty = Self.run(simulator, "mutation { customerUpdate(input: {}) { customer { id } userErrors { code field } } }", token: token)
        #expect(empty.json["data"]?["customerUpdate"]?["userErrors"]?[0]?["code"] == "CUSTOMER_INPUT_ARGUMENT_EMPTY")
        let long = Self.run(simulator, "mutation($n: String) { customerUpdate(input: { lastName: $n }) { userErrors { code field } } }",
                            JSONObject([("n", .string(String(repeating: "x", count: 300)))]), token: token)
        #expect(long.json["data"]?["customerUpdate"]?["userErrors"]?[0] == .object(JSONObject([("code", "TOO_LONG"), ("field", .array(["input", "lastName"]))])))

        let created = Self.run(simulator, """
            mutation { customerAddressCreate(address: { address1: "1 Dock Road", city: "Leeds", territoryCode: "GB", zip: "LS1 1AA" }, defaultAddress: true) {
              customerAddress { id city territoryCode formatted } userErrors { code } } }
            """, token: token)
        let address = try #require(created.json["data"]?["customerAddressCreate"]?["customerAddress"])
        #expect(address["city"] == "Leeds" && address["territoryCode"] == "GB")
        let id = try #require(address["id"]?.stringValue)
        #expect(id.hasPrefix("gid://shopify/CustomerAddress/"))
        let profile = Self.run(simulator, "{ customer { defaultAddress { id } addresses(first: 10, skipDefault: true) { nodes { id } } } }", token: token)
        #expect(profile.json["data"]?["customer"]?["defaultAddress"]?["id"]?.stringValue == id)
        #expect(profile.json["data"]?["customer"]?["addresses"]?["nodes"]?.arrayValue?.contains { $0["id"]?.stringValue == id } == false)

        let moved = Self.run(simulator, "mutation($id: ID!) { customerAddressUpdate(addressId: $id, address: { city: \"York\" }) { customerAddress { city zip } userErrors { code } } }",
                             JSONObject([("id", .string(id))]), token: token)
        #expect(moved.json["data"]?["customerAddressUpdate"]?["customerAddress"] == .object(JSONObject([("city", "York"), ("zip", "LS1 1AA")])), "only the parts given change")
        let firstID = try #require(Self.run(simulator, "{ customer { addresses(first: 1) { nodes { id } } } }", token: token)
            .json["data"]?["customer"]?["addresses"]?["nodes"]?[0]?["id"])
        let back = Self.run(simulator, "mutation($id: ID!) { customerAddressUpdate(addressId: $id, defaultAddress: true) { customerAddress { id } userErrors { code } } }",
                            JSONObject([("id", firstID)]), token: token)
        #expect(back.json["data"]?["customerAddressUpdate"]?["userErrors"] == .array([]), "a default alone is a change")
        #expect(Self.run(simulator, "{ customer { defaultAddress { id } } }", token: token).json["data"]?["customer"]?["defaultAddress"]?["id"] == firstID)
        _ = Self.run(simulator, "mutation($id: ID!) { customerAddressUpdate(addressId: $id, defaultAddress: true) { userErrors { code } } }", JSONObject([("id", .string(id))]), token: token)
        let demoted = Self.run(simulator, "mutation($id: ID!) { customerAddressUpdate(addressId: $id, defaultAddress: false) { userErrors { code } } }",
                               JSONObject([("id", .string(id))]), token: token)
        #expect(demoted.json["data"]?["customerAddressUpdate"]?["userErrors"]?[0]?["code"] == "DEMOTING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED")
        let deleteDefault = Self.run(simulator, "mutation($id: ID!) { customerAddressDelete(addressId: $id) { deletedAddressId userErrors { code } } }",
                                     JSONObject([("id", .string(id))]), token: token)
        #expect(deleteDefault.json["data"]?["customerAddressDelete"]?["userErrors"]?[0]?["code"] == "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED")
        let missing = Self.run(simulator, #"mutation { customerAddressDelete(addressId: "gid://shopify/CustomerAddress/999") { deletedAddressId userErrors { code field } } }"#, token: token)
        #expect(missing.json["data"]?["customerAddressDelete"]?["userErrors"]?[0]?["code"] == "ADDRESS_ID_DOES_NOT_EXIST")
        let nothing = Self.run(simulator, "mutation { customerAddressCreate(address: {}) { userErrors { code } } }", token: token)
        #expect(nothing.json["data"]?["customerAddressCreate"]?["userErrors"]?[0]?["code"] == "ADDRESS_ARGUMENT_EMPTY")

        // The other address goes; then the default is the last, and may go too.
        let others = Self.run(simulator, "{ customer { addresses(first: 10, skipDefault: true) { nodes { id } } } }", token: token)
        for other in others.json["data"]?["customer"]?["addresses"]?["nodes"]?.arrayValue ?? [] {
            let gone = Self.run(simulator, "mutation($id: ID!) { customerAddressDelete(addressId: $id) { deletedAddressId } }", JSONObject([("id", other["id"] ?? .null)]), token: token)
            #expect(gone.json["data"]?["customerAddressDelete"]?["deletedAddressId"] == other["id"])
        }
        let last = Self.run(simulator, "mutation($id: ID!) { customerAddressDelete(addressId: $id) { deletedAddressId userErrors { code } } }", JSONObject([("id", .string(id))]), token: token)
        #expect(last.json["data"]?["customerAddressDelete"]?["deletedAddressId"]?.stringValue == id)
        // The Storefront API sees the same customer.
        #expect(simulator.withState { $0.shop.customers.customer(email: "ada@example.com")?.firstName } == "Augusta Ada")
    }

    /// The library's own way in: a token for a customer, then requests with it.
    @Test func theLibrarySignsACustomerInAndAsks() throws {
        let simulator = try Simulator()
        let token = try #require(simulator.customerAccountToken(email: "Grace@example.com"))
        #expect(token.hasPrefix("shcat_"))
        let answer = simulator.execute(GraphQLRequest(query: "{ customer { displayName } }"), customerAccountToken: token)
        #expect(answer.compactBytes() == Array(#"{"data":{"customer":{"displayName":"Grace Hopper"}}}"#.utf8))
        #expect(simulator.customerAccountToken(email: "mallory@example.com") == nil, "a disabled customer gets none")
        #expect(simulator.customerAccountToken(email: "nobody@example.com") == nil)
        let without = simulator.execute(GraphQLRequest(query: "{ customer { displayName } }"), dialect: .customerAccount)
        #expect(without.errors.map(\.code) == [.unauthorized])
        simulator.advance(seconds: 3_600)
        #expect(simulator.execute(GraphQLRequest(query: "{ customer { id } }"), customerAccountToken: token).errors.map(\.code) == [.unauthorized], "an hour later it has expired")
    }

    /// `checkout-sim query --dialect customer-account --customer EMAIL` asks for that customer.
    @Test(.enabled(if: Processes.checkoutSim != nil))
    func theCommandLineAsksForACustomer() throws {
        let result = try Processes.run(try #require(Processes.checkoutSim), [
            "query", "--dialect", "customer-account", "--customer", "grace@example.com", "--compact", "{ customer { displayName orders(first: 1) { nodes { name } } } }",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == ##"{"data":{"customer":{"displayName":"Grace Hopper","orders":{"nodes":[{"name":"#901"}]}}}}"## + "\n")
    }

    /// The mailed code proves the email is theirs: an invited customer is enabled by it.
    @Test func anInvitedCustomerIsEnabledByTheCode() throws {
        let simulator = try Simulator()
        #expect(simulator.withState { $0.shop.customers.customer(email: "ivy@example.com")?.state } == .invited)
        let token = try Self.token(simulator, "ivy@example.com")
        #expect(simulator.withState { $0.shop.customers.customer(email: "ivy@example.com")?.state } == .enabled)
        #expect(Self.run(simulator, "{ customer { emailAddress { emailAddress } } }", token: token).errors.isEmpty)
    }

    @Test func anOrderOfAnotherCustomerIsNotFound() throws {
        let simulator = try Simulator()
        let grace = Self.run(simulator, "{ customer { orders(first: 1) { nodes { id } } } }", token: try Self.token(simulator, "grace@example.com"))
        let id = try #require(grace.json["data"]?["customer"]?["orders"]?["nodes"]?[0]?["id"])
        let ada = Self.run(simulator, "query($id: ID!) { order(id: $id) { id } }", JSONObject([("id", id)]), token: try Self.token(simulator, "ada@example.com"))
        #expect(ada.errors.isEmpty && ada.json["data"]?["order"] == .null)
    }
}
