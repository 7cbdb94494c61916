import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A customer as the dialect carries it (docs/customers.md#storefront).
struct CustomerValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Customer" }

    let customer: Customer
}

/// A `CustomerAccessToken`: the token and when it stops working.
struct CustomerAccessTokenValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CustomerAccessToken" }

    let grant: CustomerBook.AccessGrant
}

/// A `CustomerUserError`, or the deprecated `UserError` beside it (no code).
struct CustomerUserErrorValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CustomerUserError" || name == "UserError" }

    let code: String?
    let field: [String]?
    let message: String

    init(_ problem: CustomerProblem) {
        code = problem.code.rawValue
        field = problem.field.isEmpty ? nil : problem.field
        message = problem.message
    }

    init(field: [String]?, message: String) {
        code = nil
        self.field = field
        self.message = message
    }
}

/// What every customer mutation's payload reads; each payload type has some of these fields.
struct CustomerPayloadValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name.hasPrefix("Customer") && name.hasSuffix("Payload") }

    var customer: CustomerValue?
    var accessToken: CustomerAccessTokenValue?
    var address: AddressRef?
    var deletedAccessToken: String?
    var deletedAddressId: String?
    var errors: [CustomerUserErrorValue] = []

    init() {}

    init(refused problems: [CustomerProblem]) {
        errors = problems.map(CustomerUserErrorValue.init)
    }
}

/// The ids of customers and their addresses.
enum StorefrontCustomerID {
    static func customer(_ number: Int) -> String {
        StorefrontID.gid("gid://shopify/Customer/", number)
    }

    static func address(_ number: Int) -> String {
        StorefrontID.gid("gid://shopify/MailingAddress/", number) + "?model_name=CustomerAddress"
    }

    /// The number of a customer address's id; nil when it is not one.
    static func addressNumber(_ id: String) -> Int? {
        guard let (type, number) = StorefrontID.parse(id), type == "MailingAddress" else { return nil }
        return number
    }
}
