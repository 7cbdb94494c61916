import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A checkout as Checkout Sheet Kit's messages describe it (docs/checkout-page.md#checkout-sheet-kit):
/// the cart's lines and totals — or, once paid, the order's — with what the buyer typed on the page.
/// Made under the shop's lock, then turned into messages outside it.
package struct CheckoutKitCheckout: Sendable {
    /// What the buyer typed on the page; the native shop's orders keep only the email.
    package struct Buyer: Sendable, Equatable {
        package var email: String?
        package var firstName: String?
        package var lastName: String?
        package var address1: String?
        package var city: String?
        package var zip: String?
        package var countryCode: String?

        package init() {}

        /// The buyer from a JSON object of the page's field names; members that are not short strings are left out.
        package init(_ json: JSON?) {
            func text(_ name: String) -> String? {
                guard let value = json?[name]?.stringValue, !value.isEmpty, value.utf8.count <= 256 else { return nil }
                return value
            }
            (email, firstName, lastName, address1, city, zip, countryCode) =
                (text("email"), text("firstName"), text("lastName"), text("address1"), text("city"), text("zip"), text("countryCode"))
        }
    }

    /// One line, with what the kit names it by.
    struct Line: Sendable {
        let title: String
        let variantTitle: String
        let productId: String
        let merchandiseId: String
        let sku: String
        let vendor: String
        let imageURL: String?
        let quantity: Int
        let unitPrice: Int64
        let discount: Int64
        let total: Int64
    }

    /// The cart's token (a native session's name for its cart), the checkout's name in every message.
    package let token: String
    /// The shop's clock, with milliseconds as Shopify writes event times.
    let timestamp: String
    let currency: Currency
    let lines: [Line]
    let subtotal: Int64
    let shipping: Int64
    let total: Int64
    let discounts: [DiscountAllocation]
    let buyer: Buyer
    /// The order placed, for `completed` and `checkout_completed`.
    let order: Order?

    /// The checkout of `session`'s cart, or of `order` when one was placed.
    package init(shop: Shop, session: ShopperSession, token: String, buyer: Buyer, order: Order?) {
        self.token = token
        self.buyer = buyer
        self.order = order
        currency = shop.currency
        var clock = shop.clock.iso8601
        if clock.hasSuffix("Z") { clock.insert(contentsOf: ".000", at: clock.index(before: clock.endIndex)) }
        timestamp = clock
        let catalog = shop.catalog
        func line(position: Int, variant: Int, quantity: Int, unitPrice: Int64, discount: Int64, total: Int64) -> Line? {
            guard let product = catalog.product(at: position) else { return nil }
            let chosen = product.variants.indices.contains(variant) ? product.variants[variant] : nil
            return Line(
                title: product.name, variantTitle: chosen?.title ?? ProductVariant.defaultTitle,
                productId: StorefrontID.product(position), merchandiseId: StorefrontID.variant(product: position, index: variant),
                sku: chosen?.sku ?? "", vendor: catalog.brand(id: product.brandId)?.name ?? "",
                imageURL: chosen?.imageURL ?? product.imageURL, quantity: quantity, unitPrice: unitPrice, discount: discount, total: total)
        }
        if let order {
            lines = order.lines.compactMap { item in
                catalog.position(of: item.productId).flatMap {
                    line(position: $0, variant: item.variant, quantity: item.quantity, unitPrice: item.unitPrice, discount: item.discount, total: item.total)
                }
            }
            (subtotal, shipping, total, discounts) = (order.subtotal, order.shipping, order.total, order.discounts)
        } else {
            let view = shop.cartView(for: session)
            lines = view.lines.compactMap {
                line(position: $0.position, variant: $0.variant, quantity: $0.quantity, unitPrice: $0.unitPrice, discount: $0.discount, total: $0.total)
            }
            (subtotal, shipping, total, discounts) = (view.subtotal, view.shipping, view.total, view.discounts)
        }
    }

    /// The order's id as the kit sees it: Shopify's `OrderIdentity` with the order's number.
    var orderIdentity: String? { order.map { "gid://shopify/OrderIdentity/\($0.number)" } }

    /// `{amount, currencyCode}`, the amount a JSON number from the minor units' decimal text.
    func money(_ minorUnits: Int64) -> JSON {
        .object(JSONObject([("amount", Self.number(currency.amount(minorUnits))), ("currencyCode", .string(currency.code))]))
    }

    /// A decimal text (`1258.20`) as a JSON number: the double nearest it, which prints as its
    /// shortest form (`1258.2`). The text comes from integer minor units; no arithmetic is done on it.
    static func number(_ decimal: String) -> JSON {
        Double(decimal).map(JSON.double) ?? .null
    }

    /// The discounts on the lines (free shipping is in `shipping` already).
    var lineDiscounts: [DiscountAllocation] { discounts.filter { !$0.freeShipping } }

    /// The buyer's address in the kit's `Address` form (`postalCode`, `zoneCode`); nil before one is given.
    var address: JSON? {
        guard buyer.address1 != nil || buyer.city != nil else { return nil }
        let name = [buyer.firstName, buyer.lastName].compactMap { $0 }.joined(separator: " ")
        return Self.members([
            ("address1", buyer.address1), ("city", buyer.city), ("countryCode", buyer.countryCode), ("firstName", buyer.firstName),
            ("lastName", buyer.lastName), ("name", name.isEmpty ? nil : name), ("postalCode", buyer.zip),
        ])
    }

    /// The buyer's address in the web pixels' `MailingAddress` form (`zip`).
    var mailingAddress: JSON? {
        guard buyer.address1 != nil || buyer.city != nil else { return nil }
        return Self.members([
            ("address1", buyer.address1), ("city", buyer.city), ("countryCode", buyer.countryCode), ("firstName", buyer.firstName),
            ("lastName", buyer.lastName), ("zip", buyer.zip),
        ])
    }

    /// An object of the members that have values, in the order given.
    static func members(_ pairs: [(String, String?)]) -> JSON {
        .object(JSONObject(pairs.compactMap { name, value in value.map { (name, JSON.string($0)) } }))
    }
}
