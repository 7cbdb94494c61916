import CheckoutSimGraphQL

/// Tells a run as a story for demos: product tables, cart boxes, rewards, declines and receipts,
/// read from whatever the responses contain.
public enum Narrator {
    /// The story of one step: its name, then what its response shows.
    public static func narrate(_ step: StepReport) -> String {
        var out = "\n▸ \(step.name)" + (step.session == "default" ? "" : "  [session \(step.session)]") + "\n"
        guard let response = step.response else {
            if let failure = step.failure { out += "  ✗ \(failure.message)\n" }
            return out
        }
        if let data = response["data"]?.objectValue {
            for (_, value) in data.members { out += describe(value) }
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

    static func describe(_ value: JSON) -> String {
        var out = ""
        let products = productList(value)
        if !products.isEmpty { out += table(products) }
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

    /// Product-like objects (with a name and a price) anywhere in `value`.
    static func productList(_ value: JSON) -> [JSON] {
        switch value {
        case .array(let items):
            let direct = items.filter { $0["name"] != nil && $0["price"] != nil }
            if !direct.isEmpty { return direct }
            return items.flatMap(productList)
        case .object(let object):
            if object["lines"] != nil || object["order"] != nil { return [] }
            return object.members.flatMap { key, member in key == "node" ? [member].filter { $0["name"] != nil && $0["price"] != nil } : productList(member) }
        default:
            return []
        }
    }

    static func table(_ products: [JSON]) -> String {
        let rows = products.map { product -> (String, String, String) in
            let stock = product["stock"]?.intValue.map { $0 == 0 ? "sold out" : "\($0) in stock" } ?? ""
            return (product["name"]?.stringValue ?? "", money(product["price"]), stock)
        }
        let nameWidth = min(40, rows.map(\.0.count).max() ?? 0)
        let priceWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, price, stock in
            let shownName = name.count > nameWidth ? String(name.prefix(nameWidth - 1)) + "…" : name
            let pad = String(repeating: " ", count: nameWidth - shownName.count)
            let pricePad = String(repeating: " ", count: priceWidth - price.count)
            return "  │ \(shownName)\(pad)  \(pricePad)\(price)  \(stock)".trimmingTrailingSpaces() + "\n"
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
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
