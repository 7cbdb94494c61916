import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The `shop` object: the store's name and domain (the rest of its content is the next part).
struct ShopValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Shop" }
}

/// A `Domain`: the shop's host.
struct DomainValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Domain" }
}

extension StorefrontBinding {
    static func shopFields(_ fields: inout ModeledFields) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("shop") { _, _ in ShopValue() }
        }
        fields.object("Shop", as: ShopValue.self) { shop in
            shop.text("id") { _, _ in "gid://shopify/Shop/1" }
            shop.text("name") { _, context in context.shop.store.name }
            shop.field("primaryDomain") { _, _ in DomainValue() }
            shop.text("moneyFormat") { _, context in context.currency.symbol + "{{amount}}" }
        }
        fields.object("Domain", as: DomainValue.self) { domain in
            domain.text("host") { _, context in context.settings.domain }
            domain.text("url") { _, context in "https://\(context.settings.domain)" }
            domain.boolean("sslEnabled") { _, _ in true }
        }
    }
}
