import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

extension StorefrontBinding {
    /// `customer(customerAccessToken:)`, the `Customer` it answers, and the customer payloads'
    /// fields (docs/customers.md#storefront).
    static func customerFields(_ fields: inout ModeledFields, facts: SchemaFacts) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("customer", ArgumentKey<String>("customerAccessToken", .nonNull(.string))) { _, token, context in
                context.customer(token: token).map(CustomerValue.init)
            }
        }
        fields.object("Customer", as: CustomerValue.self) { customer in
            customer.text("id") { value, _ in StorefrontCustomerID.customer(value.customer.number) }
            customer.text("email") { value, _ in value.customer.email }
            customer.text("firstName") { value, _ in value.customer.firstName }
            customer.text("lastName") { value, _ in value.customer.lastName }
            customer.text("displayName") { value, _ in value.customer.displayName }
            customer.text("phone") { value, _ in value.customer.phone }
            customer.boolean("acceptsMarketing") { value, _ in value.customer.acceptsMarketing }
            customer.text("createdAt") { value, _ in value.customer.createdAt.iso8601 }
            customer.text("updatedAt") { value, _ in value.customer.updatedAt.iso8601 }
            customer.field("tags") { _, _ in [Resolved]() }
            customer.field("defaultAddress") { value, _ in value.customer.defaultMailingAddress.map(AddressRef.init(customer:)) }
            customer.field("addresses", PagingArguments.self) { value, paging, _ in
                let addresses = value.customer.addresses.map(AddressRef.init(customer:))
                return try paging.page(of: addresses.map(\.carried), keys: addresses.map(\.id), list: "addresses")
            }
        }
        fields.object("CustomerAccessToken", as: CustomerAccessTokenValue.self) { token in
            token.text("accessToken") { token, context in context.answerSecret(token.grant.token) }
            token.text("expiresAt") { token, _ in token.grant.expiresAt.iso8601 }
        }
        for type in ["CustomerUserError", "UserError"] {
            fields.object(type, as: CustomerUserErrorValue.self) { error in
                error.field("field") { error, _ in error.field.map { $0.map(Resolved.string) } }
                error.text("message") { error, _ in error.message }
            }
        }
        fields.object("CustomerUserError", as: CustomerUserErrorValue.self) { error in
            error.text("code") { error, _ in error.code }
        }
        payloadFields(&fields, facts: facts)
    }

    /// Each customer payload's fields, those its type has in this version.
    private static func payloadFields(_ fields: inout ModeledFields, facts: SchemaFacts) {
        for name in facts.typeNames where CustomerPayloadValue.carries(name) {
            fields.object(name, as: CustomerPayloadValue.self) { payload in
                if facts.has(name, "customer") { payload.field("customer") { payload, _ in payload.customer } }
                if facts.has(name, "customerAccessToken") { payload.field("customerAccessToken") { payload, _ in payload.accessToken } }
                if facts.has(name, "customerAddress") { payload.field("customerAddress") { payload, _ in payload.address } }
                if facts.has(name, "deletedAccessToken") {
                    payload.text("deletedAccessToken") { payload, context in payload.deletedAccessToken.map { context.answerSecret($0) } }
                }
                if facts.has(name, "deletedCustomerAccessTokenId") {
                    payload.text("deletedCustomerAccessTokenId") { payload, _ in payload.deletedAccessToken.map { String(SHA256.hex($0).prefix(24)) } }
                }
                if facts.has(name, "deletedCustomerAddressId") {
                    payload.text("deletedCustomerAddressId") { payload, _ in payload.deletedAddressId }
                }
                if facts.has(name, "customerUserErrors") { payload.field("customerUserErrors") { payload, _ in payload.errors } }
                if facts.has(name, "userErrors") {
                    payload.field("userErrors") { payload, _ in
                        payload.errors.map { CustomerUserErrorValue(field: $0.field, message: $0.message) }
                    }
                }
            }
        }
    }
}

extension StorefrontContext {
    /// The customer a live token names now, noting the token as a secret.
    func customer(token: String) -> Customer? {
        noteSecret(.token, token)
        return shop.customer(token: token)
    }

    /// `token`, noted as a secret the answer gives.
    func answerSecret(_ token: String) -> String {
        noteSecret(.token, token)
        return token
    }
}
