import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The customer mutations (docs/customers.md#storefront): each answers its payload, with
/// `customerUserErrors` (and the deprecated `userErrors`) when it changed nothing.
extension StorefrontBinding {
    static func customerMutations(_ fields: inout ModeledFields) {
        let createInput = ArgumentKey<JSON>("input", .nonNull(.data("CustomerCreateInput")))
        let signInInput = ArgumentKey<JSON>("input", .nonNull(.data("CustomerAccessTokenCreateInput")))
        fields.object("Mutation", as: Root.self) { root in
            root.field("customerCreate", createInput) { _, input, context -> CustomerPayloadValue in
                let password = input["password"]?.stringValue ?? ""
                context.noteSecret(.password, password)
                do throws(CustomerProblems) {
                    let customer = try context.change { shop throws(CustomerProblems) in
                        try shop.signUp(
                            email: input["email"]?.stringValue ?? "", password: password, firstName: input["firstName"]?.stringValue,
                            lastName: input["lastName"]?.stringValue, phone: input["phone"]?.stringValue,
                            acceptsMarketing: input["acceptsMarketing"]?.boolValue ?? false)
                    }
                    var payload = CustomerPayloadValue()
                    payload.customer = CustomerValue(customer: customer)
                    return payload
                } catch {
                    return CustomerPayloadValue(refused: error.problems)
                }
            }
            root.field("customerAccessTokenCreate", signInInput) {
                _, input, context -> CustomerPayloadValue in
                let password = input["password"]?.stringValue ?? ""
                context.noteSecret(.password, password)
                do throws(CustomerProblem) {
                    let grant = try context.change { shop throws(CustomerProblem) in
                        try shop.signIn(email: input["email"]?.stringValue ?? "", password: password)
                    }
                    var payload = CustomerPayloadValue()
                    payload.accessToken = CustomerAccessTokenValue(grant: grant)
                    return payload
                } catch {
                    // Shopify throttles with a request error, not a user error (docs/customers.md#levers).
                    if error.code == .throttled { throw FieldError("Throttled", code: GraphQLError.Code(rawValue: "THROTTLED")) }
                    return CustomerPayloadValue(refused: [error])
                }
            }
            root.field("customerAccessTokenRenew", ArgumentKey<String>("customerAccessToken", .nonNull(.string))) { _, token, context -> CustomerPayloadValue in
                context.noteSecret(.token, token)
                do throws(CustomerProblem) {
                    let grant = try context.change { shop throws(CustomerProblem) in try shop.renew(token: token) }
                    var payload = CustomerPayloadValue()
                    payload.accessToken = CustomerAccessTokenValue(grant: grant)
                    return payload
                } catch {
                    return CustomerPayloadValue(refused: [CustomerProblem(error.code, error.field, "Access token does not exist")])
                }
            }
            root.field("customerAccessTokenDelete", ArgumentKey<String>("customerAccessToken", .nonNull(.string))) { _, token, context -> CustomerPayloadValue in
                context.noteSecret(.token, token)
                guard context.change({ $0.signOut(token: token) }) else {
                    return CustomerPayloadValue(refused: [CustomerProblem(.tokenInvalid, ["customerAccessToken"], "Access token does not exist")])
                }
                var payload = CustomerPayloadValue()
                payload.deletedAccessToken = token
                return payload
            }
        }
        fields.object("Mutation", as: Root.self) { root in
            root.field(
                "customerUpdate", ArgumentKey<JSON>("customer", .nonNull(.data("CustomerUpdateInput"))),
                ArgumentKey<String>("customerAccessToken", .nonNull(.string))
            ) { _, input, token, context -> CustomerPayloadValue in
                var change = CustomerBook.ProfileChange()
                change.email = input["email"]?.stringValue
                change.password = input["password"]?.stringValue
                change.firstName = input["firstName"]?.stringValue
                change.lastName = input["lastName"]?.stringValue
                change.phone = input["phone"]?.stringValue
                change.acceptsMarketing = input["acceptsMarketing"]?.boolValue
                if let password = change.password { context.noteSecret(.password, password) }
                let now = context.shop.clock
                var grant: CustomerBook.AccessGrant?
                var payload = context.change(token: token) { book, customer throws(CustomerProblems) in
                    grant = try book.update(customer, change, field: ["customer"], at: now)
                    var payload = CustomerPayloadValue()
                    payload.customer = book.customer(number: customer).map(CustomerValue.init)
                    return payload
                }
                payload.accessToken = grant.map(CustomerAccessTokenValue.init)
                return payload
            }
        }
        addressMutations(&fields)
    }
}
