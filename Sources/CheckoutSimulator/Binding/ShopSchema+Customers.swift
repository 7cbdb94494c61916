import CheckoutSimCommerce
import CheckoutSimGraphQL

/// What `signUp` and `signIn` answer: the customer and their token, or what went wrong.
struct SignInPayload: Sendable {
    var customer: Customer?
    var grant: CustomerBook.AccessGrant?
    var errors: [CommerceError] = []
}

/// What the address mutations answer: the customer as they are now, or what went wrong.
struct CustomerPayload: Sendable {
    var customer: Customer?
    var errors: [CommerceError] = []
}

/// What `signOut` answers.
struct SignOutPayload: Sendable {
    var signedOut: Bool
}

extension ShopTypes {
    static let customer = Object<Customer>("Customer")
    static let address = Object<AddressInBook>("Address")
    static let customerToken = Object<CustomerBook.AccessGrant>("CustomerToken")
    static let signInPayload = Object<SignInPayload>("SignInPayload")
    static let customerPayload = Object<CustomerPayload>("CustomerPayload")
    static let signOutPayload = Object<SignOutPayload>("SignOutPayload")
    static let signUpInput = InputObjectType("SignUpInput")
    static let addressInput = InputObjectType("AddressInput")
}

/// One of a customer's addresses, and whether it is their default.
struct AddressInBook: Sendable {
    let address: CustomerAddress
    let isDefault: Bool

    var id: String { "address-\(address.number)" }

    /// The number an `address-N` id names; nil for any other text.
    static func number(_ id: String) -> Int? {
        guard id.hasPrefix("address-") else { return nil }
        return Int(id.dropFirst("address-".count))
    }
}

extension Customer {
    /// Their addresses as the native schema answers them.
    var book: [AddressInBook] { addresses.map { AddressInBook(address: $0, isDefault: $0.number == defaultAddress) } }
}

extension ShopSchema {
    static func addCustomerQueryFields(_ fields: inout Fields<BoxedParent<RequestContext, Void>>) {
        fields.field("me", type: Types.customer, "The customer signed in on this session; null when none is, or their token expired.") { _, context in
            context.state.shop.signedIn(session: context.sessionName)
        }
    }

    static func addCustomerMutationFields(_ fields: inout Fields<BoxedParent<RequestContext, Void>>) {
        fields.field("signUp", type: .nonNull(Types.signInPayload), "Makes a customer and signs this session in as them.", arguments: SignUpArguments.self) {
            _, arguments, context in
            context.noteSecret(.password, arguments.password)
            do throws(CustomerProblems) {
                _ = try context.state.shop.signUp(
                    email: arguments.email, password: arguments.password, firstName: arguments.firstName, lastName: arguments.lastName,
                    phone: arguments.phone, acceptsMarketing: arguments.acceptsMarketing)
            } catch {
                return SignInPayload(errors: error.problems.map(CommerceError.init))
            }
            return signIn(arguments.email, arguments.password, context: context)
        }
        fields.field("signIn", type: .nonNull(Types.signInPayload), "Signs this session in: a token for X-Checkout-Customer-Token.", arguments: SignInArguments.self) {
            _, arguments, context in
            context.noteSecret(.password, arguments.password)
            return signIn(arguments.email, arguments.password, context: context)
        }
        fields.field("signOut", type: .nonNull(Types.signOutPayload), "Signs this session out and ends its token.") { _, context in
            if let token = context.shopper.customerToken { context.noteSecret(.token, token) }
            return SignOutPayload(signedOut: context.state.shop.signOut(session: context.sessionName))
        }
        fields.field("addAddress", type: .nonNull(Types.customerPayload), "Adds an address; the first is the default.", arguments: AddAddressArguments.self) {
            _, arguments, context in
            changeCustomer(context) { book, customer throws(CustomerProblems) in
                let added = try book.addAddress(arguments.address, customer: customer, field: ["input"])
                if arguments.makeDefault { try book.setDefaultAddress(added.number, customer: customer) }
            }
        }
        fields.field("updateAddress", type: .nonNull(Types.customerPayload), "Replaces one of the customer's addresses.", arguments: UpdateAddressArguments.self) {
            _, arguments, context in
            changeCustomer(context) { book, customer throws(CustomerProblems) in
                _ = try book.updateAddress(AddressInBook.number(arguments.id) ?? 0, to: arguments.address, customer: customer, field: ["input"])
            }
        }
        fields.field("removeAddress", type: .nonNull(Types.customerPayload), "Removes an address; the oldest left becomes the default.", arguments: AddressIdArguments.self) {
            _, arguments, context in
            changeCustomer(context) { book, customer throws(CustomerProblems) in
                try book.deleteAddress(AddressInBook.number(arguments.id) ?? 0, customer: customer)
            }
        }
        fields.field("setDefaultAddress", type: .nonNull(Types.customerPayload), "Makes an address the default.", arguments: AddressIdArguments.self) {
            _, arguments, context in
            changeCustomer(context) { book, customer throws(CustomerProblems) in
                do throws(CustomerProblems) {
                    try book.setDefaultAddress(AddressInBook.number(arguments.id) ?? 0, customer: customer)
                } catch {
                    throw CustomerProblems(problems: error.problems.map { CustomerProblem($0.code, ["id"], $0.message) })
                }
            }
        }
    }

    private static func signIn(_ email: String, _ password: String, context: RequestContext) -> SignInPayload {
        do {
            let grant = try context.state.shop.signIn(email: email, password: password, session: context.sessionName)
            context.noteSecret(.token, grant.token)
            return SignInPayload(customer: context.state.shop.customers.customer(number: grant.customer), grant: grant)
        } catch {
            return SignInPayload(errors: [CommerceError(error)])
        }
    }

    /// `change` for the customer signed in on the session, as a payload.
    private static func changeCustomer(
        _ context: RequestContext, _ change: (inout CustomerBook, Int) throws(CustomerProblems) -> Void
    ) -> CustomerPayload {
        let token = context.shopper.customerToken ?? ""
        do {
            try context.state.shop.changeCustomer(token: token, field: [], change)
            return CustomerPayload(customer: context.state.shop.signedIn(session: context.sessionName))
        } catch {
            switch error {
            case .token(let problem): return CustomerPayload(errors: [CommerceError(problem)])
            case .refused(let problems): return CustomerPayload(errors: problems.problems.map(CommerceError.init))
            }
        }
    }

    static func addCustomerTypes(to builder: inout Builder) {
        builder.input(Types.signUpInput, "Who signs up.", SignUpArguments.Input.fields)
        builder.input(Types.addressInput, "A postal address; every part optional.", AddressInputFields.fields)
        builder.object(Types.customer, "A customer of the shop (docs/customers.md).") { fields in
            fields.field("id", type: .nonNull(.id), "The customer's id, like \"customer-1\".") { customer, _ in "customer-\(customer.number)" }
            fields.field("email", type: .nonNull(.string), "Their email.") { customer, _ in customer.email }
            fields.field("firstName", type: .string, "Their first name.") { customer, _ in customer.firstName }
            fields.field("lastName", type: .string, "Their last name.") { customer, _ in customer.lastName }
            fields.field("displayName", type: .nonNull(.string), "Their names, else their email.") { customer, _ in customer.displayName }
            fields.field("phone", type: .string, "Their phone number.") { customer, _ in customer.phone }
            fields.field("acceptsMarketing", type: .nonNull(.boolean), "Whether they take marketing mail.") { customer, _ in customer.acceptsMarketing }
            fields.field("createdAt", type: .nonNull(.string), "When they signed up, ISO-8601 UTC.") { customer, _ in customer.createdAt.iso8601 }
            fields.field("defaultAddress", type: Types.address, "Their default address.") { customer, _ in
                customer.defaultMailingAddress.map { AddressInBook(address: $0, isDefault: true) }
            }
            fields.field("addresses", type: .nonNull(.list(.nonNull(Types.address))), "Their addresses, oldest first.") { customer, _ in customer.book }
            fields.field("orders", type: .nonNull(.list(.nonNull(Types.order))), "The orders they paid, oldest first.") { customer, context in
                context.state.shop.customers.orders(of: customer.number).map(\.order)
            }
        }
        builder.object(Types.address, "One of a customer's addresses.") { fields in
            fields.field("id", type: .nonNull(.id), "The address's id, like \"address-1\".") { address, _ in address.id }
            fields.field("isDefault", type: .nonNull(.boolean), "Whether it is the customer's default.") { address, _ in address.isDefault }
            for (key, part) in AddressInputFields.parts {
                let name = key.declaration.name
                fields.field(name, type: .string, "The address's \(name).") { address, _ in address.address.address[keyPath: part] }
            }
        }
        builder.object(Types.customerToken, "A signed-in customer's token: send it as X-Checkout-Customer-Token.") { fields in
            fields.field("token", type: .nonNull(.string), "The token.") { grant, context in
                context.noteSecret(.token, grant.token)
                return grant.token
            }
            fields.field("expiresAt", type: .nonNull(.string), "When it stops working, on the virtual clock (14 days on).") { grant, _ in grant.expiresAt.iso8601 }
        }
        builder.object(Types.signInPayload, "The result of signing up or in.") { fields in
            fields.field("customer", type: Types.customer, "The customer, when it worked.") { payload, _ in payload.customer }
            fields.field("token", type: Types.customerToken, "Their token, when it worked.") { payload, _ in payload.grant }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), errorsDescription) { payload, _ in payload.errors }
        }
        builder.object(Types.customerPayload, "The result of changing the signed-in customer.") { fields in
            fields.field("customer", type: Types.customer, "The customer as they are now.") { payload, _ in payload.customer }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), errorsDescription) { payload, _ in payload.errors }
        }
        builder.object(Types.signOutPayload, "The result of signing out.") { fields in
            fields.field("signedOut", type: .nonNull(.boolean), "Whether the session was signed in.") { payload, _ in payload.signedOut }
        }
    }
}
