import CheckoutSimCommerce
import CheckoutSimGraphQL

/// One line of a customer's order as the Customer Account API carries it (`LineItem`).
struct AccountLineValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "LineItem" }

    let line: OrderLine
    /// The line's id number: the order's number × 1,000 + its place from 1.
    let number: Int
    /// The product's catalog position; nil when it is no longer in the catalog.
    let position: Int?
}

extension CustomerAccountBinding {
    /// `Customer.orders`, `order(id:)`, `Order` and `LineItem` (docs/customers.md#customer-accounts).
    static func accountOrderFields(_ fields: inout ModeledFields) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("order", ArgumentKey<String>("id", .nonNull(.id))) { _, id, context in
                let customer = try context.accountCustomer()
                guard let (type, number) = StorefrontID.parse(id), type == "Order" else { return OrderValue?.none }
                return context.shop.customers.orders(of: customer.number).first { $0.number == number }.map(OrderValue.init)
            }
        }
        fields.object("Customer", as: CustomerValue.self) { customer in
            customer.connection("orders", ArgumentKey<String?>("sortKey", .text("OrderSortKeys")), ArgumentKey<String?>("query", .string)) {
                value, paging, sortKey, _, context in
                let orders = StorefrontBinding.sortedOrders(context.shop.customers.orders(of: value.customer.number), by: sortKey ?? "ID")
                    .map(OrderValue.init)
                return try paging.page(of: orders.map(\.carried), keys: orders.map { String($0.kept.number) }, list: "orders")
            }
        }
        fields.object("Order", as: OrderValue.self) { order in
            order.text("id") { value, _ in StorefrontID.gid("gid://shopify/Order/", value.kept.number) }
            order.text("name") { value, _ in "#\(value.order.number)" }
            order.field("number") { value, _ in Resolved.int(value.order.number) }
            for field in ["processedAt", "createdAt", "updatedAt"] {
                order.text(field) { value, _ in value.order.placedAt.iso8601 }
            }
            order.text("financialStatus") { _, _ in "PAID" }
            order.text("fulfillmentStatus") { _, _ in "UNFULFILLED" }
            order.text("currencyCode") { _, context in context.currency.code }
            order.text("email") { value, _ in value.order.email }
            order.boolean("hasEmail") { value, _ in value.order.email?.isEmpty == false }
            order.boolean("edited") { _, _ in false }
            order.boolean("requiresShipping") { _, _ in true }
            order.text("statusPageUrl") { value, context in context.settings.origin + value.order.pagePath(session: value.kept.session) }
            order.field("shippingAddress") { value, _ in
                value.kept.shippingAddress.map { AccountAddressValue(order: value.kept.number, address: $0) }
            }
            let totals: [(String, @Sendable (Order) -> Int64)] = [
                ("totalPrice", \.total), ("subtotal", { $0.subtotal - $0.discountTotal }), ("subtotalBeforeDiscounts", \.subtotal),
                ("totalShipping", \.shipping), ("totalDiscountedShipping", \.shipping), ("totalTax", { _ in 0 }), ("totalRefunded", { _ in 0 }),
            ]
            for (field, amount) in totals {
                order.field(field) { value, _ in MoneyValue(amount: amount(value.order)) }
            }
            order.field("lineItems", PagingArguments.self) { value, paging, context in
                let lines = value.order.lines.enumerated().map { place, line in
                    AccountLineValue(line: line, number: value.kept.number * 1_000 + place + 1, position: context.shop.catalog.position(of: line.productId))
                }
                return try paging.page(of: lines.map(\.carried), keys: lines.map { String($0.number) }, list: "line-items")
            }
        }
        accountLineFields(&fields)
    }

    private static func accountLineFields(_ fields: inout ModeledFields) {
        fields.object("LineItem", as: AccountLineValue.self) { item in
            item.text("id") { value, _ in StorefrontID.gid("gid://shopify/LineItem/", value.number) }
            item.text("title") { value, context in
                value.position.flatMap { context.product(at: $0) }?.name ?? value.line.productId
            }
            item.text("variantTitle") { value, context in
                guard let product = value.position.flatMap({ context.product(at: $0) }), product.variants.indices.contains(value.line.variant) else { return nil }
                let title = product.variants[value.line.variant].title
                return title == ProductVariant.defaultTitle ? nil : title
            }
            item.text("name") { value, context in StorefrontBinding.lineName(value.line, position: value.position, context: context) }
            item.text("productId") { value, _ in value.position.map(StorefrontID.product) }
            item.text("variantId") { value, _ in value.position.map { StorefrontID.variant(product: $0, index: value.line.variant) } }
            item.field("quantity") { value, _ in Resolved.int(value.line.quantity) }
            item.field("price") { value, _ in MoneyValue(amount: value.line.unitPrice) }
            item.field("totalPrice") { value, _ in MoneyValue(amount: value.line.total) }
            item.field("currentTotalPrice") { value, _ in MoneyValue(amount: value.line.total) }
            item.field("totalDiscount") { value, _ in MoneyValue(amount: value.line.discount) }
            item.boolean("giftCard") { _, _ in false }
            item.boolean("requiresShipping") { _, _ in true }
        }
    }
}
