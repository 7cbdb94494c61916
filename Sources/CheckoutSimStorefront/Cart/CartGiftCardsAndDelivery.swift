import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Gift cards and delivery on a created cart (docs/storefront.md#gift-cards-and-delivery).
struct GiftCardUse {
    let index: Int
    let code: String
    let used: Int64
    let left: Int64
}

/// A delivery address of a cart, with the cart's token for its id.
struct AddressRef {
    let token: String
    let address: CartAddress

    var id: String { "gid://shopify/CartSelectableAddress/\(address.number)?cart=\(token)" }

    /// First and last name, when either is given.
    var name: String? {
        let parts = [address.fields["firstName"], address.fields["lastName"]].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The address as lines to print: the name when asked, the company unless told not to, the
    /// street, the town line and the country.
    func formatted(withName: Bool, withCompany: Bool) -> [String] {
        let fields = address.fields
        var lines: [String] = []
        if withName { lines.append(name ?? "") }
        if withCompany, let company = fields["company"] { lines.append(company) }
        lines += [fields["address1"], fields["address2"]].compactMap { $0 }
        lines.append([fields["city"], fields["provinceCode"], fields["zip"]].compactMap { $0 }.joined(separator: " "))
        if let country = fields["countryCode"] { lines.append(country) }
        return lines.filter { !$0.isEmpty }
    }
}

/// The one delivery group of a cart with lines and a selected address.
struct DeliveryGroupValue {
    let cart: CartValue
    let address: AddressRef

    var id: String { "gid://shopify/CartDeliveryGroup/1?cart=\(cart.token)" }
}

/// The delivery option a group offers: standard shipping at the shop's rules' price.
struct DeliveryOptionValue {
    static let handle = "standard"
    let cost: Int64
}

extension StorefrontContext {
    /// The cart's gift cards, each taking what the total still needs, in the order applied.
    func giftCardUses(_ cart: CartValue) -> [GiftCardUse] {
        var remaining = cart.view.subtotal - cart.view.discountTotal
        return cart.details.giftCardCodes.compactMap { code in
            guard let index = giftCardIndex(code: code) else { return nil }
            let card = settings.content.giftCards[index]
            let used = min(card.balance, max(0, remaining))
            remaining -= used
            return GiftCardUse(index: index, code: card.code, used: used, left: card.balance - used)
        }
    }

    /// The gift card a code names, ignoring case and spaces around it.
    func giftCardIndex(code: String) -> Int? {
        let wanted = code.trimmingCharacters(in: .whitespaces).lowercased()
        return settings.content.giftCards.firstIndex { $0.code.lowercased() == wanted }
    }

    /// The cart's delivery group, when it has lines and a selected address.
    func deliveryGroup(_ cart: CartValue) -> DeliveryGroupValue? {
        guard !cart.view.lines.isEmpty, let address = cart.details.addresses.first(where: \.selected) else { return nil }
        return DeliveryGroupValue(cart: cart, address: AddressRef(token: cart.token, address: address))
    }
}

extension StorefrontBinding {
    static func giftCardAndDeliveryFields(_ fields: inout ModeledFields) {
        fields.add("Cart", "appliedGiftCards") { call, context in
            .list(context.giftCardUses(try call.parent(CartValue.self)).map { .object($0) })
        }
        fields.text("AppliedGiftCard", "id") { call, _ in "gid://shopify/AppliedGiftCard/\(try call.parent(GiftCardUse.self).index + 1)" }
        fields.text("AppliedGiftCard", "lastCharacters") { call, _ in String(try call.parent(GiftCardUse.self).code.suffix(4)) }
        for field in ["amountUsed", "amountUsedV2", "presentmentAmountUsed"] {
            fields.add("AppliedGiftCard", field) { call, _ in MoneyValue(amount: try call.parent(GiftCardUse.self).used).resolved }
        }
        for field in ["balance", "balanceV2"] {
            fields.add("AppliedGiftCard", field) { call, _ in MoneyValue(amount: try call.parent(GiftCardUse.self).left).resolved }
        }
        fields.add("Cart", "delivery") { call, _ in .object(try call.parent(CartValue.self)) }
        fields.add("CartDelivery", "addresses") { call, _ in
            let cart = try call.parent(CartValue.self)
            let onlySelected = call.argumentValues["selected"]?.boolValue ?? false
            return .list(cart.details.addresses.filter { !onlySelected || $0.selected }.map { .object(AddressRef(token: cart.token, address: $0)) })
        }
        fields.text("CartSelectableAddress", "id") { call, _ in try call.parent(AddressRef.self).id }
        fields.boolean("CartSelectableAddress", "selected") { call, _ in try call.parent(AddressRef.self).address.selected }
        fields.boolean("CartSelectableAddress", "oneTimeUse") { call, _ in try call.parent(AddressRef.self).address.oneTimeUse }
        fields.add("CartSelectableAddress", "address") { call, context in
            .typed(type: try call.executedSchema.typeIndex["CartDeliveryAddress"].orNoValue(), .object(try call.parent(AddressRef.self)))
        }
        for type in ["CartDeliveryAddress", "MailingAddress"] {
            for field in ["address1", "address2", "city", "company", "firstName", "lastName", "phone", "provinceCode", "zip"] {
                fields.text(type, field) { call, _ in try call.parent(AddressRef.self).address.fields[field] }
            }
            fields.text(type, "name") { call, _ in try call.parent(AddressRef.self).name }
            fields.add(type, "formatted") { call, _ in
                let lines = try call.parent(AddressRef.self).formatted(
                    withName: call.argumentValues["withName"]?.boolValue ?? false, withCompany: call.argumentValues["withCompany"]?.boolValue ?? true)
                return .list(lines.map(Resolved.string))
            }
        }
        fields.text("CartDeliveryAddress", "countryCode") { call, _ in try call.parent(AddressRef.self).address.fields["countryCode"] }
        fields.text("MailingAddress", "countryCodeV2") { call, _ in try call.parent(AddressRef.self).address.fields["countryCode"] }
        fields.text("MailingAddress", "id") { call, _ in try call.parent(AddressRef.self).id }
        fields.add("Cart", "deliveryGroups") { call, context in
            let cart = try call.parent(CartValue.self)
            let groups = context.deliveryGroup(cart).map { [$0] } ?? []
            return .object(try PagingArguments(call).page(of: groups.map { .object($0) }, keys: groups.map(\.id), list: "delivery-groups"))
        }
        fields.text("CartDeliveryGroup", "id") { call, _ in try call.parent(DeliveryGroupValue.self).id }
        fields.text("CartDeliveryGroup", "groupType") { _, _ in "ONE_TIME_PURCHASE" }
        fields.add("CartDeliveryGroup", "deliveryAddress") { call, _ in .object(try call.parent(DeliveryGroupValue.self).address) }
        fields.add("CartDeliveryGroup", "deliveryOptions") { call, _ in
            .list([.object(DeliveryOptionValue(cost: try call.parent(DeliveryGroupValue.self).cart.view.shipping))])
        }
        fields.add("CartDeliveryGroup", "selectedDeliveryOption") { call, _ in
            let group = try call.parent(DeliveryGroupValue.self)
            return group.cart.details.deliveryOption == DeliveryOptionValue.handle ? .object(DeliveryOptionValue(cost: group.cart.view.shipping)) : .null
        }
        fields.add("CartDeliveryGroup", "cartLines") { call, _ in try linesPage(of: try call.parent(DeliveryGroupValue.self).cart, call) }
        fields.text("CartDeliveryOption", "handle") { _, _ in DeliveryOptionValue.handle }
        fields.text("CartDeliveryOption", "code") { _, _ in "STANDARD" }
        fields.text("CartDeliveryOption", "title") { _, _ in "Standard shipping" }
        fields.text("CartDeliveryOption", "description") { _, _ in "Free over the store's threshold or with a free-shipping code; a flat rate below it." }
        fields.text("CartDeliveryOption", "deliveryMethodType") { _, _ in "SHIPPING" }
        fields.add("CartDeliveryOption", "estimatedCost") { call, _ in MoneyValue(amount: try call.parent(DeliveryOptionValue.self).cost).resolved }
    }
}
