import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The `shop` object: the store's name and domain (the rest of its content is the next part).
struct ShopValue {}

/// A `Domain`: the shop's host.
struct DomainValue {}

extension StorefrontBinding {
    static func shopFields(_ fields: inout ModeledFields) {
        fields.add("QueryRoot", "shop") { _, _ in .object(ShopValue()) }
        fields.add("Shop", "id") { _, _ in .string("gid://shopify/Shop/1") }
        fields.add("Shop", "name") { _, context in .string(context.shop.store.name) }
        fields.add("Shop", "primaryDomain") { _, _ in .object(DomainValue()) }
        fields.add("Shop", "moneyFormat") { _, context in .string(context.currency.symbol + "{{amount}}") }
        fields.add("Domain", "host") { _, context in .string(context.settings.domain) }
        fields.add("Domain", "url") { _, context in .string("https://\(context.settings.domain)") }
        fields.add("Domain", "sslEnabled") { _, _ in .bool(true) }
    }
}
