import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A customer's address as the Customer Account API carries it (`gid://shopify/CustomerAddress/N`),
/// or an order's shipping address (`gid://shopify/CustomerAddress/N?model_name=Address`, N the order's).
struct AccountAddressValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CustomerAddress" }

    let id: String
    let parts: MailingAddress

    init(customer address: CustomerAddress) {
        id = AccountID.address(address.number)
        parts = address.address
    }

    init(order number: Int, address: MailingAddress) {
        id = StorefrontID.gid("gid://shopify/CustomerAddress/", number) + "?model_name=Address"
        parts = address
    }
}

/// `CustomerEmailAddress` and `CustomerPhoneNumber`: the customer they belong to.
struct AccountContactValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CustomerEmailAddress" || name == "CustomerPhoneNumber" }

    let customer: Customer
}

/// The ids of the Customer Account API's objects.
enum AccountID {
    static func address(_ number: Int) -> String {
        StorefrontID.gid("gid://shopify/CustomerAddress/", number)
    }

    /// The number of a customer address's id; nil when it is not one.
    static func addressNumber(_ id: String) -> Int? {
        guard let (type, number) = StorefrontID.parse(id), type == "CustomerAddress" else { return nil }
        return number
    }
}

extension StorefrontContext {
    /// The customer the request's access token names, as they are now.
    func accountCustomer() throws(FieldError) -> Customer {
        guard let number = settings.accountCustomer, let customer = shop.customers.customer(number: number) else {
            throw FieldError("The access token names no customer.")
        }
        return customer
    }
}

extension CustomerAccountBinding {
    /// `customer`, its profile, contacts and addresses, and `MoneyV2`.
    static func accountCustomerFields(_ fields: inout ModeledFields) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("customer") { _, context in CustomerValue(customer: try context.accountCustomer()) }
        }
        fields.object("Customer", as: CustomerValue.self) { customer in
            customer.text("id") { value, _ in StorefrontCustomerID.customer(value.customer.number) }
            customer.text("firstName") { value, _ in value.customer.firstName }
            customer.text("lastName") { value, _ in value.customer.lastName }
            customer.text("displayName") { value, _ in value.customer.displayName }
            customer.text("createdAt") { value, _ in value.customer.createdAt.iso8601 }
            customer.text("creationDate") { value, _ in value.customer.createdAt.iso8601 }
            customer.field("tags") { _, _ in [Resolved]() }
            customer.field("emailAddress") { value, _ in AccountContactValue(customer: value.customer) }
            customer.field("phoneNumber") { value, _ in value.customer.phone.map { _ in AccountContactValue(customer: value.customer) } }
            customer.field("defaultAddress") { value, _ in value.customer.defaultMailingAddress.map(AccountAddressValue.init(customer:)) }
            customer.connection("addresses", ArgumentKey<Bool?>("skipDefault", .boolean)) { value, paging, skipDefault, _ in
                let addresses = value.customer.addresses
                    .filter { skipDefault != true || $0.number != value.customer.defaultAddress }
                    .map(AccountAddressValue.init(customer:))
                return try paging.page(of: addresses.map(\.carried), keys: addresses.map(\.id), list: "addresses")
            }
        }
        fields.object("CustomerEmailAddress", as: AccountContactValue.self) { email in
            email.text("emailAddress") { value, _ in value.customer.email }
            email.text("marketingState") { value, _ in value.customer.acceptsMarketing ? "SUBSCRIBED" : "NOT_SUBSCRIBED" }
        }
        fields.object("CustomerPhoneNumber", as: AccountContactValue.self) { phone in
            phone.text("phoneNumber") { value, _ in value.customer.phone ?? "" }
            phone.text("marketingState") { _, _ in "NOT_SUBSCRIBED" }
        }
        fields.object("CustomerAddress", as: AccountAddressValue.self) { address in
            let parts: [(String, @Sendable (MailingAddress) -> String?)] = [
                ("address1", \.address1), ("address2", \.address2), ("city", \.city), ("company", \.company), ("country", \.country),
                ("firstName", \.firstName), ("lastName", \.lastName), ("name", \.name), ("phoneNumber", \.phone),
                ("province", \.province), ("territoryCode", \.countryCode), ("zip", \.zip), ("zoneCode", \.provinceCode),
            ]
            for (field, read) in parts {
                address.text(field) { value, _ in read(value.parts) }
            }
            address.text("id") { value, _ in value.id }
            address.field("formatted", ArgumentKey<Bool?>("withName", .boolean), ArgumentKey<Bool?>("withCompany", .boolean)) {
                value, withName, withCompany, _ in
                AddressRef.lines(of: value.parts, withName: withName ?? false, withCompany: withCompany ?? true).map(Resolved.string)
            }
            address.text("formattedArea") { value, _ in AddressRef.area(of: value.parts) }
        }
        fields.object("MoneyV2", as: MoneyValue.self) { money in
            money.text("amount") { value, context in ShopifyDecimal.text(value.amount, currency: context.currency) }
            money.text("currencyCode") { _, context in context.currency.code }
        }
    }
}
