import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `customers.json` (docs/fixtures.md#customers): the shop's customers when it starts.
extension FixtureLoader {
    /// The address parts a fixture may give: the input's, and the two codes.
    private static let addressKeys = MailingAddress.inputFields.map(\.name) + ["countryCode", "provinceCode"]

    mutating func loadCustomers(catalog: Catalog) -> [CustomerFixture] {
        let path = "customers.json"
        guard source.text(of: path) != nil, let json = parse(path) else { return [] }
        var reader = FixtureReader(file: path, currency: currency)
        defer { problems += reader.problems }
        guard case .array(let items) = json else {
            reader.problem("$", "expected an array of customers, found \(json.kindDescription)")
            return []
        }
        if items.count > CustomerBook.maxCustomers {
            reader.problem("$", "a shop keeps at most \(CustomerBook.maxCustomers) customers; this file has \(items.count)")
            return []
        }
        var customers: [CustomerFixture] = []
        var emails = Set<String>()
        for (index, item) in items.enumerated() {
            let at = "[\(index)]"
            guard let object = reader.object(
                item, at: at, required: ["email"],
                optional: ["password", "firstName", "lastName", "phone", "acceptsMarketing", "state", "addresses", "orders"])
            else { continue }
            guard let email = reader.string(object, "email", at: at) else { continue }
            if !CustomerBook.looksLikeEmail(email) {
                reader.problem(at + ".email", "expected an email like \"ada@example.com\", found \"\(email)\"")
            } else if !emails.insert(email.lowercased()).inserted {
                reader.problem(at + ".email", "the email \"\(email)\" is given twice (emails are case-insensitive)")
            }
            var customer = CustomerFixture(email: email, password: reader.string(object, "password", at: at, nonEmpty: false))
            let state = reader.string(object, "state", at: at)
            if let state {
                if let known = Customer.State(rawValue: state) {
                    customer.state = known
                } else {
                    reader.problem(at + ".state", "expected \"enabled\", \"invited\" or \"disabled\", found \"\(state)\"")
                }
            }
            if let password = customer.password, !CustomerBook.passwordLengths.contains(password.count) {
                reader.problem(at + ".password", "a password has 5 to 40 characters; this one has \(password.count)")
            } else if customer.password == nil, object["password"] == nil, customer.state != .invited {
                reader.problem(at, "missing required key \"password\" (only an invited customer has none)")
            }
            customer.firstName = reader.string(object, "firstName", at: at)
            customer.lastName = reader.string(object, "lastName", at: at)
            customer.phone = reader.string(object, "phone", at: at)
            for (name, text) in [("firstName", customer.firstName), ("lastName", customer.lastName), ("phone", customer.phone)]
            where text?.isLonger(thanCharacters: CustomerBook.maxAddressPart) == true {
                reader.problem(at + "." + name, "at most \(CustomerBook.maxAddressPart) characters")
            }
            if let marketing = object["acceptsMarketing"] {
                if case .bool(let value) = marketing { customer.acceptsMarketing = value } else {
                    reader.problem(at + ".acceptsMarketing", "expected true or false, found \(marketing.kindDescription)")
                }
            }
            customer.addresses = addresses(object["addresses"], at: at + ".addresses", reader: &reader)
            customer.orders = orders(object["orders"], at: at + ".orders", catalog: catalog, reader: &reader)
            customers.append(customer)
        }
        return customers
    }

    /// The most past orders a fixture customer has, and lines per order.
    private static let maxPastOrders = 100
    private static let maxPastLines = 50

    private func orders(_ json: JSON?, at path: String, catalog: Catalog, reader: inout FixtureReader) -> [PastOrderFixture] {
        guard let json else { return [] }
        guard case .array(let items) = json, items.count <= Self.maxPastOrders else {
            reader.problem(path, "expected an array of at most \(Self.maxPastOrders) orders, found \(json.kindDescription)")
            return []
        }
        var orders: [PastOrderFixture] = []
        for (index, item) in items.enumerated() {
            let at = path + "[\(index)]"
            guard let object = reader.object(item, at: at, required: ["placedAt", "lines"], optional: []) else { continue }
            let placedAt = reader.instant(object, "placedAt", at: at)
            guard case .array(let lineItems)? = object["lines"], (1...Self.maxPastLines).contains(lineItems.count) else {
                reader.problem(at + ".lines", "expected an array of 1 to \(Self.maxPastLines) lines")
                continue
            }
            var lines: [PastOrderFixture.Line] = []
            for (number, lineItem) in lineItems.enumerated() {
                let lineAt = at + ".lines[\(number)]"
                guard let line = reader.object(lineItem, at: lineAt, required: ["productId", "quantity"], optional: ["variantId"]) else { continue }
                let quantity = reader.int(line, "quantity", at: lineAt, range: 1...100)
                guard let productId = reader.id(line, "productId", at: lineAt) else { continue }
                guard let position = catalog.position(of: productId) else {
                    reader.problem(lineAt + ".productId", "unknown product \"\(productId)\" (not in products/)")
                    continue
                }
                var variant = 0
                if let variantId = reader.string(line, "variantId", at: lineAt) {
                    guard let found = catalog.products[position].variants.firstIndex(where: { $0.id == variantId }) else {
                        reader.problem(lineAt + ".variantId", "product \"\(productId)\" has no variant \"\(variantId)\"")
                        continue
                    }
                    variant = found
                }
                if let quantity { lines.append(PastOrderFixture.Line(productId: productId, variant: variant, quantity: quantity)) }
            }
            if let placedAt, lines.count == lineItems.count { orders.append(PastOrderFixture(placedAt: placedAt, lines: lines)) }
        }
        return orders
    }

    private func addresses(_ json: JSON?, at path: String, reader: inout FixtureReader) -> [MailingAddress] {
        guard let json else { return [] }
        guard case .array(let items) = json, items.count <= CustomerBook.maxAddresses else {
            reader.problem(path, "expected an array of at most \(CustomerBook.maxAddresses) addresses, found \(json.kindDescription)")
            return []
        }
        var addresses: [MailingAddress] = []
        for (index, item) in items.enumerated() {
            let at = path + "[\(index)]"
            guard let object = reader.object(item, at: at, required: [], optional: Self.addressKeys) else { continue }
            var address = MailingAddress()
            for (name, part) in MailingAddress.inputFields {
                guard let text = reader.string(object, name, at: at) else { continue }
                if text.isLonger(thanCharacters: CustomerBook.maxAddressPart) {
                    reader.problem(at + "." + name, "at most \(CustomerBook.maxAddressPart) characters")
                }
                address[keyPath: part] = text
            }
            address.countryCode = reader.string(object, "countryCode", at: at)
            address.provinceCode = reader.string(object, "provinceCode", at: at)
            addresses.append(address)
        }
        return addresses
    }
}
