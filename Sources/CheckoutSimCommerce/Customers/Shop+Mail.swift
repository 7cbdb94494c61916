import Foundation

extension Order {
    /// The order's page on the server, `/orders/ID?session=NAME`: what its mail links to and its
    /// Storefront `statusUrl` ends with.
    package func pagePath(session: String) -> String {
        "/orders/\(id)?session=\(session.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
    }
}

/// The mail the shop sends (docs/customers.md#the-outbox): password resets, activations of
/// invited customers, order confirmations. Links are paths on the shop; whoever shows a mail
/// writes them with its origin.
extension Shop {
    /// Sends customer `email` a password-reset link; `UNIDENTIFIED_CUSTOMER` at `email` when no
    /// customer has it, `CUSTOMER_DISABLED` for a disabled one.
    package mutating func recoverPassword(email: String) throws(CustomerProblem) {
        guard let customer = customers.customer(email: email.trimmingCharacters(in: .whitespaces)) else {
            throw CustomerProblem(.unidentifiedCustomer, ["email"], "Could not find customer")
        }
        guard customer.state != .disabled else { throw CustomerProblem(.customerDisabled, ["email"], "The customer's account is disabled") }
        let link = customers.makeLink(.reset, customer: customer.number, at: clock)
        outbox.send(
            to: customer.email, kind: .passwordReset, subject: "Reset your password",
            body: "Someone asked to reset the password of your account at \(store.name). Follow the link to choose a new one; it works once, for a day.",
            link: link, at: clock)
    }

    /// Sets a password through a one-time link (`/account/reset/N/TOKEN` or `…/activate/…`, any
    /// origin before it) and signs the customer in: their new token.
    package mutating func useLink(
        _ purpose: CustomerBook.LinkPurpose, url: String, password: String, field: [String]
    ) throws(CustomerProblems) -> (customer: Customer, grant: CustomerBook.AccessGrant) {
        guard let (number, token) = CustomerBook.link(url, purpose: purpose) else {
            throw CustomerProblems(problems: [CustomerProblem(.invalid, [purpose == .reset ? "resetUrl" : "activationUrl"], "The link is not one this shop sent")])
        }
        return try useLink(purpose, customer: number, token: token, password: password, field: field)
    }

    /// The same with the customer's number and the token apart (`customerReset`, `customerActivate`).
    package mutating func useLink(
        _ purpose: CustomerBook.LinkPurpose, customer number: Int, token: String, password: String, field: [String]
    ) throws(CustomerProblems) -> (customer: Customer, grant: CustomerBook.AccessGrant) {
        let customer = try customers.useLink(purpose, customer: number, token: token, password: password, field: field, at: clock)
        do {
            return (customer, try customers.signIn(email: customer.email, password: password, at: clock))
        } catch {
            throw CustomerProblems(problems: [error])
        }
    }

    /// Sends an invited customer their activation link.
    mutating func sendActivation(to customer: Customer) {
        let link = customers.makeLink(.activate, customer: customer.number, at: clock)
        outbox.send(
            to: customer.email, kind: .accountActivation, subject: "Activate your account",
            body: "\(store.name) made you an account. Follow the link to choose a password; it works once, for 30 days.",
            link: link, at: clock)
    }

    /// Confirms a paid order to the email given at checkout.
    mutating func sendConfirmation(of order: Order, to email: String, session: String) {
        outbox.send(
            to: email, kind: .orderConfirmation, subject: "Order #\(order.number) confirmed",
            body: "Thank you for your order at \(store.name): \(currency.formatted(order.total)) paid with \(order.payment.cardBrand) ending \(order.payment.cardLast4).",
            link: order.pagePath(session: session), at: clock)
    }
}
