/// A postal address as a customer keeps it (docs/customers.md#addresses): every part optional,
/// as Shopify's `MailingAddressInput` has them.
package struct MailingAddress: Sendable, Equatable {
    package var firstName: String?
    package var lastName: String?
    package var company: String?
    package var address1: String?
    package var address2: String?
    package var city: String?
    package var province: String?
    package var provinceCode: String?
    /// The country's name as given (`Germany`).
    package var country: String?
    /// Its two-letter ISO code (`DE`), when known.
    package var countryCode: String?
    package var zip: String?
    package var phone: String?

    package init(
        firstName: String? = nil, lastName: String? = nil, company: String? = nil, address1: String? = nil, address2: String? = nil,
        city: String? = nil, province: String? = nil, provinceCode: String? = nil, country: String? = nil, countryCode: String? = nil,
        zip: String? = nil, phone: String? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.address1 = address1
        self.address2 = address2
        self.city = city
        self.province = province
        self.provinceCode = provinceCode
        self.country = country
        self.countryCode = countryCode
        self.zip = zip
        self.phone = phone
    }

    /// A cart's delivery address, kept as Shopify's field names (`countryCode`, `provinceCode`).
    package init(fields: [String: String]) {
        self.init(
            firstName: fields["firstName"], lastName: fields["lastName"], company: fields["company"], address1: fields["address1"],
            address2: fields["address2"], city: fields["city"], provinceCode: fields["provinceCode"], countryCode: fields["countryCode"],
            zip: fields["zip"], phone: fields["phone"])
    }

    /// The address as a cart's delivery address keeps it, by Shopify's field names.
    package var checkoutFields: [String: String] {
        var fields: [String: String] = [:]
        let parts: [(String, String?)] = [
            ("firstName", firstName), ("lastName", lastName), ("company", company), ("address1", address1), ("address2", address2),
            ("city", city), ("provinceCode", provinceCode), ("countryCode", countryCode), ("zip", zip), ("phone", phone),
        ]
        for (name, value) in parts { if let value { fields[name] = value } }
        return fields
    }

    /// The parts an input may set, by Shopify's input field names, in the order
    /// `MailingAddressInput` lists them.
    package static let inputFields: [(name: String, part: WritableKeyPath<MailingAddress, String?> & Sendable)] = [
        ("address1", \.address1), ("address2", \.address2), ("city", \.city), ("company", \.company), ("country", \.country),
        ("firstName", \.firstName), ("lastName", \.lastName), ("phone", \.phone), ("province", \.province), ("zip", \.zip),
    ]

    /// "Ada Lovelace": the first and last name, whichever are given.
    package var name: String? {
        let parts = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// One of a customer's addresses, with the number its id carries (unique in the shop).
package struct CustomerAddress: Sendable, Equatable {
    package let number: Int
    package var address: MailingAddress

    package init(number: Int, address: MailingAddress) {
        self.number = number
        self.address = address
    }
}
