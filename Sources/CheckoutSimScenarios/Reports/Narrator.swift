import CheckoutSimGraphQL

/// Tells a run as a story for demos: product tables, cart boxes, rewards, declines and receipts,
/// read from whatever the responses contain.
package enum Narrator {
    /// The story of one step: its name, then what its response shows.
    package static func narrate(_ step: StepReport) -> String {
        var out = "\n▸ \(step.name)" + (step.session == "default" ? "" : "  [session \(step.session)]") + "\n"
        guard let response = step.response else {
            if let failure = step.failure { out += "  ✗ \(failure.message)\n" }
            return out
        }
        if let data = response["data"]?.objectValue {
            for (name, value) in data.members { out += describe(value, name: name) }
        }
        for error in response["errors"]?.arrayValue ?? [] {
            out += "  ✗ \(error["message"]?.stringValue ?? "error")\n"
        }
        if let failure = step.failure { out += "  ✗ step failed: \(failure.message)\n" }
        return out
    }

    static func money(_ value: JSON?) -> String {
        value?["formatted"]?.stringValue ?? value?["amount"]?.stringValue ?? ""
    }

    static func describe(_ value: JSON, name: String) -> String {
        var out = ""
        for list in productLists(value, field: humanized(name)) {
            out += "  \(list.heading)\n" + table(list.items)
        }
        if let object = value.objectValue {
            if let reward = object["card"]?["reward"], reward != .null {
                out += "  ★ \(object["card"]?["id"]?.stringValue ?? "card") revealed: \(reward["title"]?.stringValue ?? reward["kind"]?.stringValue ?? "")\n"
            }
            for error in object["errors"]?.arrayValue ?? [] {
                let code = error["code"]?.stringValue ?? "ERROR"
                let message = error["message"]?.stringValue ?? ""
                out += code == "PAYMENT_DECLINED" ? "  ✗ Payment declined: \(message)\n" : "  ✗ \(code) \(message)\n"
            }
            if let order = object["order"], order != .null { out += receipt(order) } else if let cart = object["cart"], cart["lines"] != nil {
                out += box(cart)
            }
            if object["lines"] != nil, object["subtotal"] != nil || object["total"] != nil { out += box(value) }
        }
        return out
    }

    /// A list of products in a response, under the heading it gets in the story.
    struct ProductList {
        let heading: String
        let items: [JSON]
    }

    /// Every list of product-like objects in `value`, each headed by the field it came from
    /// (`Suggested products (3)`, `Products (4 of 64)`), so a cart's suggestions never read as
    /// part of the catalog page beside them. Lists inside a titled item (a brand section) carry
    /// the title: `Apple · products (4)`.
    static func productLists(_ value: JSON, field: String, title: String? = nil, total: Int? = nil) -> [ProductList] {
        switch value {
        case .array(let items):
            // A connection's edges hold their product in `node`.
            let products = items.map { $0["node"] ?? $0 }.filter(isProductLike)
            if !products.isEmpty {
                let heading = title.map { "\($0) · \(field.lowercasedFirst)" } ?? field
                let count = total.map { "\(products.count) of \($0)" } ?? "\(products.count)"
                return [ProductList(heading: "\(heading) (\(count))", items: products)]
            }
            return items.flatMap { item in
                let itemTitle = item["title"]?.stringValue ?? item["brand"]?["name"]?.stringValue ?? item["name"]?.stringValue
                return productLists(item, field: field, title: itemTitle ?? title)
            }
        case .object(let object):
            if object["lines"] != nil || object["order"] != nil { return [] }
            let total = object["totalCount"]?.intValue
            return object.members.flatMap { key, member -> [ProductList] in
                // A connection's `nodes`/`edges` are its list: they keep the connection's heading and total.
                if key == "nodes" || key == "edges" { return productLists(member, field: field, title: title, total: total) }
                guard member.arrayValue != nil || member.objectValue != nil else { return [] }
                return productLists(member, field: humanized(key), title: title)
            }
        default:
            return []
        }
    }

    /// Something a shopper would see in a product row: a name with a price or a stock level.
    static func isProductLike(_ value: JSON) -> Bool {
        value["name"]?.stringValue != nil && (value["price"] != nil || value["stock"] != nil || value["inStock"] != nil)
    }

    /// `suggestedProducts` → `Suggested products`.
    static func humanized(_ field: String) -> String {
        var words = ""
        for character in field {
            if character.isUppercase, !words.isEmpty { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func table(_ products: [JSON]) -> String {
        let rows = products.map { product -> (String, String, String) in
            var stock = product["stock"]?.intValue.map { $0 == 0 ? "sold out" : "\($0) in stock" } ?? ""
            if let inCart = product["quantityInCart"]?.intValue, inCart > 0 { stock += (stock.isEmpty ? "" : ", ") + "\(inCart) in the cart" }
            return (product["name"]?.stringValue ?? "", money(product["price"]), stock)
        }
        let nameWidth = min(40, rows.map(\.0.count).max() ?? 0)
        let priceWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, price, stock in
            let shownName = name.count > nameWidth ? String(name.prefix(nameWidth - 1)) + "…" : name
            let pad = String(repeating: " ", count: nameWidth - shownName.count)
            let pricePad = String(repeating: " ", count: priceWidth - price.count)
            let priceColumn = priceWidth == 0 ? "" : "  \(pricePad)\(price)"
            return "  │ \(shownName)\(pad)\(priceColumn)  \(stock)".trimmingTrailingSpaces() + "\n"
        }.joined()
    }

    static func box(_ cart: JSON) -> String {
        var lines: [String] = []
        for line in cart["lines"]?.arrayValue ?? [] {
            let name = line["product"]?["name"]?.stringValue ?? line["product"]?["id"]?.stringValue ?? line["id"]?.stringValue ?? "item"
            let quantity = line["quantity"]?.intValue.map { "\($0) × " } ?? ""
            lines.append("\(quantity)\(name)  \(money(line["total"] ?? line["subtotal"]))".trimmingTrailingSpaces())
        }
        if lines.isEmpty, cart["lines"] != nil { lines.append("(empty)") }
        if cart["subtotal"] != nil { lines.append("Subtotal  \(money(cart["subtotal"]))") }
        for discount in cart["discounts"]?.arrayValue ?? [] {
            lines.append("\(discount["title"]?.stringValue ?? discount["code"]?.stringValue ?? "Discount")  −\(money(discount["amount"]))")
        }
        if cart["shipping"] != nil { lines.append("Shipping  \(money(cart["shipping"]))") }
        if cart["total"] != nil { lines.append("Total  \(money(cart["total"]))") }
        return frame(lines, title: "cart")
    }

    static func receipt(_ order: JSON) -> String {
        var lines = ["Order \(order["number"]?.intValue.map(String.init) ?? order["id"]?.stringValue ?? "")"]
        for line in order["lines"]?.arrayValue ?? [] {
            let name = line["product"]?["name"]?.stringValue ?? line["product"]?["id"]?.stringValue ?? "item"
            lines.append("\(line["quantity"]?.intValue ?? 1) × \(name)  \(money(line["total"]))".trimmingTrailingSpaces())
        }
        if order["discountTotal"] != nil { lines.append("Discounts  −\(money(order["discountTotal"]))") }
        if order["shipping"] != nil { lines.append("Shipping  \(money(order["shipping"]))") }
        lines.append("Paid  \(money(order["total"]))")
        if let payment = order["payment"], let last4 = payment["cardLast4"]?.stringValue {
            lines.append("\(payment["cardBrand"]?.stringValue ?? "Card") ending \(last4)")
        }
        return frame(lines, title: "receipt")
    }

    static func frame(_ lines: [String], title: String) -> String {
        let width = max(title.count + 2, lines.map(\.count).max() ?? 0)
        var out = "  ┌─ \(title) " + String(repeating: "─", count: max(0, width - title.count - 1)) + "┐\n"
        for line in lines { out += "  │ \(line)" + String(repeating: " ", count: width - line.count) + " │\n" }
        return out + "  └" + String(repeating: "─", count: width + 2) + "┘\n"
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }

    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
