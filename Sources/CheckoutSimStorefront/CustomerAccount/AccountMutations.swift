import CheckoutSimCommerce
import CheckoutSimGraphQL

/// What the Customer Account API's customer mutations answer: the customer or address changed,
/// the address deleted, or the user errors.
struct AccountPayloadValue: BoxedObject {
    static func carries(_ name: String) -> Bool {
        ["CustomerUpdatePayload", "CustomerAddressCreatePayload", "CustomerAddressUpdatePayload", "CustomerAddressDeletePayload"].contains(name)
    }

    var customer: CustomerValue?
    var address: AccountAddressValue?
    var deletedAddressId: String?
    var errors: [AccountUserErrorValue] = []

    init() {}

    init(refused errors: [AccountUserErrorValue]) {
        self.errors = errors
    }
}

/// A `UserErrorsCustomerUserErrors` or `UserErrorsCustomerAddressUserErrors`: Shopify's code for
/// the problem, the input field and a message.
struct AccountUserErrorValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "UserErrorsCustomerUserErrors" || name == "UserErrorsCustomerAddressUserErrors" }

    let code: String
    let field: [String]
    let message: String

    /// `problem` in the address mutations' codes.
    init(address problem: CustomerProblem) {
        code = switch problem.code {
        case .notFound: "ADDRESS_ID_DOES_NOT_EXIST"
        case .tooLong: "TOO_LONG"
        default: "INVALID"
        }
        field = problem.field
        message = problem.message
    }

    /// `problem` in `customerUpdate`'s codes.
    init(customer problem: CustomerProblem) {
        code = problem.code == .tooLong ? "TOO_LONG" : "INVALID"
        field = problem.field
        message = problem.message
    }

    init(code: String, field: [String], message: String) {
        self.code = code
        self.field = field
        self.message = message
    }
}

extension CustomerAccountBinding {
    /// `customerUpdate` and the address mutations, for the customer the access token names.
    static func accountMutations(_ fields: inout ModeledFields) {
        let address = ArgumentKey<JSON>("address", .nonNull(.data("CustomerAddressInput")))
        let optionalAddress = ArgumentKey<JSON?>("address", .data("CustomerAddressInput"))
        let addressId = ArgumentKey<String>("addressId", .nonNull(.id))
        let makeDefault = ArgumentKey<Bool?>("defaultAddress", .boolean)
        fields.object("Mutation", as: Root.self) { root in
            root.field("customerUpdate", ArgumentKey<JSON>("input", .nonNull(.data("CustomerUpdateInput")))) { _, input, context -> AccountPayloadValue in
                guard input["firstName"] != nil || input["lastName"] != nil else {
                    return AccountPayloadValue(refused: [AccountUserErrorValue(code: "CUSTOMER_INPUT_ARGUMENT_EMPTY", field: ["input"], message: "Give at least one field to change.")])
                }
                var change = CustomerBook.ProfileChange()
                change.firstName = input["firstName"]?.stringValue
                change.lastName = input["lastName"]?.stringValue
                let now = context.shop.clock
                return try context.changeAccount(errors: AccountUserErrorValue.init(customer:)) { book, customer throws(CustomerProblems) in
                    _ = try book.update(customer, change, field: ["input"], at: now)
                    var payload = AccountPayloadValue()
                    payload.customer = CustomerValue(customer: book.customers[customer - 1])
                    return payload
                }
            }
            root.field("customerAddressCreate", address, makeDefault) { _, input, makeDefault, context -> AccountPayloadValue in
                guard let parts = accountAddress(input, over: MailingAddress()) else { return emptyAddress() }
                return try context.changeAccount(errors: AccountUserErrorValue.init(address:)) { book, customer throws(CustomerProblems) in
                    let added = try book.addAddress(parts, customer: customer, field: ["address"])
                    if makeDefault == true { try book.setDefaultAddress(added.number, customer: customer) }
                    var payload = AccountPayloadValue()
                    payload.address = AccountAddressValue(customer: added)
                    return payload
                }
            }
            root.field("customerAddressUpdate", optionalAddress, addressId, makeDefault) { _, input, id, makeDefault, context -> AccountPayloadValue in
                let customer = try context.accountCustomer()
                let number = AccountID.addressNumber(id) ?? 0
                guard let existing = customer.addresses.first(where: { $0.number == number }) else { return missingAddress(id) }
                if makeDefault == false, customer.defaultAddress == number {
                    return AccountPayloadValue(refused: [AccountUserErrorValue(
                        code: "DEMOTING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED", field: ["defaultAddress"],
                        message: "The default address stays the default until another one is made the default.")])
                }
                // Only the parts given change; `defaultAddress: true` alone makes it the default.
                let parts = input.flatMap { accountAddress($0, over: existing.address) }
                guard parts != nil || makeDefault == true else { return emptyAddress() }
                return try context.changeAccount(errors: AccountUserErrorValue.init(address:)) { book, customer throws(CustomerProblems) in
                    var updated = existing
                    if let parts { updated = try book.updateAddress(number, to: parts, customer: customer, field: ["address"]) }
                    if makeDefault == true { try book.setDefaultAddress(number, customer: customer) }
                    var payload = AccountPayloadValue()
                    payload.address = AccountAddressValue(customer: updated)
                    return payload
                }
            }
            root.field("customerAddressDelete", addressId) { _, id, context -> AccountPayloadValue in
                let customer = try context.accountCustomer()
                let number = AccountID.addressNumber(id) ?? 0
                guard customer.addresses.contains(where: { $0.number == number }) else { return missingAddress(id) }
                if customer.defaultAddress == number, customer.addresses.count > 1 {
                    return AccountPayloadValue(refused: [AccountUserErrorValue(
                        code: "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED", field: ["addressId"],
                        message: "Make another address the default before deleting this one.")])
                }
                return try context.changeAccount(errors: AccountUserErrorValue.init(address:)) { book, customer throws(CustomerProblems) in
                    try book.deleteAddress(number, customer: customer)
                    var payload = AccountPayloadValue()
                    payload.deletedAddressId = id
                    return payload
                }
            }
        }
        payloadFields(&fields)
    }

    private static func payloadFields(_ fields: inout ModeledFields) {
        fields.object("CustomerUpdatePayload", as: AccountPayloadValue.self) { payload in
            payload.field("customer") { payload, _ in payload.customer }
            payload.field("userErrors") { payload, _ in payload.errors }
        }
        for type in ["CustomerAddressCreatePayload", "CustomerAddressUpdatePayload"] {
            fields.object(type, as: AccountPayloadValue.self) { payload in
                payload.field("customerAddress") { payload, _ in payload.address }
                payload.field("userErrors") { payload, _ in payload.errors }
            }
        }
        fields.object("CustomerAddressDeletePayload", as: AccountPayloadValue.self) { payload in
            payload.text("deletedAddressId") { payload, _ in payload.deletedAddressId }
            payload.field("userErrors") { payload, _ in payload.errors }
        }
        for type in ["UserErrorsCustomerUserErrors", "UserErrorsCustomerAddressUserErrors"] {
            fields.object(type, as: AccountUserErrorValue.self) { error in
                error.text("code") { error, _ in error.code }
                error.field("field") { error, _ in error.field.map(Resolved.string) }
                error.text("message") { error, _ in error.message }
            }
        }
    }

    /// `input` (a `CustomerAddressInput`) over `base`: each field given replaces its part (null
    /// clears it); nil when it gives none.
    static func accountAddress(_ input: JSON, over base: MailingAddress) -> MailingAddress? {
        let parts: [(String, WritableKeyPath<MailingAddress, String?>)] = [
            ("address1", \.address1), ("address2", \.address2), ("city", \.city), ("company", \.company), ("firstName", \.firstName),
            ("lastName", \.lastName), ("phoneNumber", \.phone), ("territoryCode", \.countryCode), ("zip", \.zip), ("zoneCode", \.provinceCode),
        ]
        var address = base
        var given = false
        for (name, part) in parts {
            guard let value = input[name] else { continue }
            given = true
            address[keyPath: part] = value.stringValue
        }
        return given ? address : nil
    }

    private static func emptyAddress() -> AccountPayloadValue {
        AccountPayloadValue(refused: [AccountUserErrorValue(code: "ADDRESS_ARGUMENT_EMPTY", field: ["address"], message: "Give at least one part of the address.")])
    }

    private static func missingAddress(_ id: String) -> AccountPayloadValue {
        AccountPayloadValue(refused: [AccountUserErrorValue(code: "ADDRESS_ID_DOES_NOT_EXIST", field: ["addressId"], message: "The customer has no address \(id).")])
    }
}

extension StorefrontContext {
    /// `body` on the book for the signed-in customer, as one payload: the problems it throws
    /// become user errors in `errors`' codes.
    func changeAccount(
        errors: (CustomerProblem) -> AccountUserErrorValue, _ body: (inout CustomerBook, Int) throws(CustomerProblems) -> AccountPayloadValue
    ) throws(FieldError) -> AccountPayloadValue {
        let customer = try accountCustomer()
        do {
            return try change { shop throws(CustomerProblems) in try shop.changeCustomer(number: customer.number, body) }
        } catch {
            return AccountPayloadValue(refused: error.problems.map(errors))
        }
    }
}
