import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `customerRecover` and the mutations that take a one-time link (docs/customers.md#the-outbox):
/// `customerResetByUrl`, `customerReset`, `customerActivateByUrl`, `customerActivate`. Each that
/// sets a password signs the customer in, as Shopify's do.
extension StorefrontBinding {
    static func customerLinkMutations(_ fields: inout ModeledFields) {
        let password = ArgumentKey<String>("password", .nonNull(.string))
        let id = ArgumentKey<String>("id", .nonNull(.id))
        fields.object("Mutation", as: Root.self) { root in
            root.field("customerRecover", ArgumentKey<String>("email", .nonNull(.string))) { _, email, context -> CustomerPayloadValue in
                do throws(CustomerProblem) {
                    try context.change { shop throws(CustomerProblem) in try shop.recoverPassword(email: email) }
                    return CustomerPayloadValue()
                } catch {
                    return CustomerPayloadValue(refused: [error])
                }
            }
            // The two that take a link sent by mail (the password's argument comes first in one, second in the other).
            for (name, purpose, argument) in [("customerResetByUrl", CustomerBook.LinkPurpose.reset, "resetUrl"), ("customerActivateByUrl", .activate, "activationUrl")] {
                root.field(name, ArgumentKey<String>(argument, .nonNull(.text("URL"))), password) { _, url, password, context -> CustomerPayloadValue in
                    context.noteSecret(.token, url)
                    return context.useLink(password: password) { shop throws(CustomerProblems) in
                        try shop.useLink(purpose, url: url, password: password, field: ["password"])
                    }
                }
            }
            // The two that take the customer's id and the link's token apart.
            let byToken: [(String, CustomerBook.LinkPurpose, String, String)] = [
                ("customerReset", .reset, "CustomerResetInput", "resetToken"), ("customerActivate", .activate, "CustomerActivateInput", "activationToken"),
            ]
            for (name, purpose, inputType, tokenField) in byToken {
                root.field(name, id, ArgumentKey<JSON>("input", .nonNull(.data(inputType)))) { _, id, input, context -> CustomerPayloadValue in
                    let token = input[tokenField]?.stringValue ?? ""
                    context.noteSecret(.token, token)
                    return context.useLink(password: input["password"]?.stringValue ?? "") { shop, password throws(CustomerProblems) in
                        try shop.useLink(purpose, customer: customerNumber(id), token: token, password: password, field: ["input", "password"])
                    }
                }
            }
        }
    }

    /// The number of a `gid://shopify/Customer/N`; 0, naming no one, for anything else.
    static func customerNumber(_ id: String) -> Int {
        guard let (type, number) = StorefrontID.parse(id), type == "Customer" else { return 0 }
        return number
    }
}

extension StorefrontContext {
    /// Sets a password through a one-time link and answers the customer and their new token.
    func useLink(
        password: String, _ use: (inout Shop, String) throws(CustomerProblems) -> (customer: Customer, grant: CustomerBook.AccessGrant)
    ) -> CustomerPayloadValue {
        noteSecret(.password, password)
        do throws(CustomerProblems) {
            let (customer, grant) = try change { shop throws(CustomerProblems) in try use(&shop, password) }
            var payload = CustomerPayloadValue()
            payload.customer = CustomerValue(customer: customer)
            payload.accessToken = CustomerAccessTokenValue(grant: grant)
            return payload
        } catch {
            return CustomerPayloadValue(refused: error.problems)
        }
    }

    /// The same, for a use that needs no password passed on.
    func useLink(
        password: String, _ use: (inout Shop) throws(CustomerProblems) -> (customer: Customer, grant: CustomerBook.AccessGrant)
    ) -> CustomerPayloadValue {
        useLink(password: password) { shop, _ throws(CustomerProblems) in try use(&shop) }
    }
}
