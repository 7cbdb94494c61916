import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The customer address mutations (docs/customers.md#addresses): each names the customer by
/// their access token and answers `TOKEN_INVALID` when it names nobody now.
extension StorefrontBinding {
    static func addressMutations(_ fields: inout ModeledFields) {
        let token = ArgumentKey<String>("customerAccessToken", .nonNull(.string))
        let address = ArgumentKey<JSON>("address", .nonNull(.data("MailingAddressInput")))
        let id = ArgumentKey<String>("id", .nonNull(.id))
        fields.object("Mutation", as: Root.self) { root in
            root.field("customerAddressCreate", address, token) { _, input, token, context -> CustomerPayloadValue in
                context.change(token: token) { book, customer throws(CustomerProblems) in
                    var payload = CustomerPayloadValue()
                    payload.address = AddressRef(customer: try book.addAddress(mailingAddress(input), customer: customer, field: ["address"]))
                    return payload
                }
            }
            root.field("customerAddressUpdate", address, token, id) { _, input, token, id, context -> CustomerPayloadValue in
                context.change(token: token) { book, customer throws(CustomerProblems) in
                    var payload = CustomerPayloadValue()
                    let updated = try book.updateAddress(
                        StorefrontCustomerID.addressNumber(id) ?? 0, to: mailingAddress(input), customer: customer, field: ["address"])
                    payload.address = AddressRef(customer: updated)
                    return payload
                }
            }
            root.field("customerAddressDelete", token, id) { _, token, id, context -> CustomerPayloadValue in
                context.change(token: token) { book, customer throws(CustomerProblems) in
                    try book.deleteAddress(StorefrontCustomerID.addressNumber(id) ?? 0, customer: customer)
                    var payload = CustomerPayloadValue()
                    payload.deletedAddressId = id
                    return payload
                }
            }
            root.field("customerDefaultAddressUpdate", ArgumentKey<String>("addressId", .nonNull(.id)), token) { _, id, token, context -> CustomerPayloadValue in
                context.change(token: token) { book, customer throws(CustomerProblems) in
                    try book.setDefaultAddress(StorefrontCustomerID.addressNumber(id) ?? 0, customer: customer)
                    var payload = CustomerPayloadValue()
                    payload.customer = CustomerValue(customer: book.customers[customer - 1])
                    return payload
                }
            }
        }
    }

    /// A `MailingAddressInput` as the shop keeps it: a two-letter country is also its code.
    static func mailingAddress(_ input: JSON) -> MailingAddress {
        var address = MailingAddress()
        for (name, part) in MailingAddress.inputFields {
            if let text = input[name]?.stringValue { address[keyPath: part] = text }
        }
        if let country = address.country, country.utf8.count == 2, country.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) {
            address.countryCode = country.uppercased()
        }
        return address
    }
}

extension StorefrontContext {
    /// `body` on the customer book and the number of the customer `token` names, as one payload:
    /// `TOKEN_INVALID` when it names nobody, the problems `body` throws, else what it answers.
    func change(
        token: String, _ body: (inout CustomerBook, Int) throws(CustomerProblems) -> CustomerPayloadValue
    ) -> CustomerPayloadValue {
        noteSecret(.token, token)
        do {
            return try change { shop throws(CustomerAccess<CustomerProblems>) in try shop.changeCustomer(token: token, body) }
        } catch {
            switch error {
            case .token(let problem): return CustomerPayloadValue(refused: [problem])
            case .refused(let problems): return CustomerPayloadValue(refused: problems.problems)
            }
        }
    }
}
