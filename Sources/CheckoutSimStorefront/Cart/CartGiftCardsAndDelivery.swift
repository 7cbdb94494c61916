import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Gift cards and delivery on a created cart (docs/storefront.md#gift-cards-and-delivery).
struct GiftCardUse: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "AppliedGiftCard" }

    let index: Int
    let code: String
    let used: Int64
    let left: Int64
}

/// The one delivery group of a cart with lines and a selected address.
struct DeliveryGroupValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartDeliveryGroup" }

    let cart: CartValue
    let address: AddressRef

    var id: String { "gid://shopify/CartDeliveryGroup/1?cart=\(cart.token)" }
}

/// The delivery option a group offers: standard shipping at the shop's rules' price.
struct DeliveryOptionValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartDeliveryOption" }

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
        return DeliveryGroupValue(cart: cart, address: AddressRef(cart: cart.token, address: address))
    }
}

extension StorefrontBinding {
    static func giftCardAndDeliveryFields(_ fields: inout ModeledFields) {
        fields.object("Cart", as: CartValue.self) { cart in
            cart.field("appliedGiftCards") { cart, context in context.giftCardUses(cart) }
            cart.field("delivery") { cart, _ in cart }
            cart.field("deliveryGroups", PagingArguments.self) { cart, paging, context in
                let groups = context.deliveryGroup(cart).map { [$0] } ?? []
                return try paging.page(of: groups.map(\.carried), keys: groups.map(\.id), list: "delivery-groups")
            }
        }
        fields.object("AppliedGiftCard", as: GiftCardUse.self) { card in
            card.text("id") { card, _ in "gid://shopify/AppliedGiftCard/\(card.index + 1)" }
            card.text("lastCharacters") { card, _ in String(card.code.suffix(4)) }
            for field in ["amountUsed", "amountUsedV2", "presentmentAmountUsed"] {
                card.field(field) { card, _ in MoneyValue(amount: card.used) }
            }
            for field in ["balance", "balanceV2"] {
                card.field(field) { card, _ in MoneyValue(amount: card.left) }
            }
        }
        fields.object("CartDelivery", as: CartValue.self) { delivery in
            delivery.field("addresses", ArgumentKey<Bool?>("selected", .boolean)) { cart, selected, _ in
                let onlySelected = selected ?? false
                return cart.details.addresses.filter { !onlySelected || $0.selected }.map { AddressRef(cart: cart.token, address: $0) }
            }
        }
        fields.object("CartSelectableAddress", as: AddressRef.self) { address in
            address.text("id") { address, _ in address.id }
            address.boolean("selected") { address, _ in address.selected }
            address.boolean("oneTimeUse") { address, _ in address.oneTimeUse }
            address.field("address") { address, _ in Member("CartDeliveryAddress", address) }
        }
        fields.object("CartDeliveryGroup", as: DeliveryGroupValue.self) { group in
            group.text("id") { group, _ in group.id }
            group.text("groupType") { _, _ in "ONE_TIME_PURCHASE" }
            group.field("deliveryAddress") { group, _ in group.address }
            group.field("deliveryOptions") { group, _ in [DeliveryOptionValue(cost: group.cart.view.shipping)] }
            group.field("selectedDeliveryOption") { group, _ in
                group.cart.details.deliveryOption == DeliveryOptionValue.handle ? DeliveryOptionValue(cost: group.cart.view.shipping) : nil
            }
            group.field("cartLines", PagingArguments.self) { group, paging, context in try context.linesPage(of: group.cart, paging) }
        }
        fields.object("CartDeliveryOption", as: DeliveryOptionValue.self) { option in
            option.text("handle") { _, _ in DeliveryOptionValue.handle }
            option.text("code") { _, _ in "STANDARD" }
            option.text("title") { _, _ in "Standard shipping" }
            option.text("description") { _, _ in "Free over the store's threshold or with a free-shipping code; a flat rate below it." }
            option.text("deliveryMethodType") { _, _ in "SHIPPING" }
            option.field("estimatedCost") { option, _ in MoneyValue(amount: option.cost) }
        }
    }
}
