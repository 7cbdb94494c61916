import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A customer's order as the dialect carries it (docs/customers.md#orders).
struct OrderValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Order" }

    let kept: CustomerOrder
    var order: Order { kept.order }
}

/// One line of a customer's order.
struct OrderLineValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "OrderLineItem" }

    let line: OrderLine
    /// The product's catalog position; nil when it is no longer in the catalog.
    let position: Int?
}

extension StorefrontBinding {
    /// `Customer.orders` and `numberOfOrders`, `Order` and `OrderLineItem`.
    static func customerOrderFields(_ fields: inout ModeledFields) {
        fields.object("Customer", as: CustomerValue.self) { customer in
            customer.text("numberOfOrders") { value, context in String(context.shop.customers.orders(of: value.customer.number).count) }
            customer.connection("orders", ArgumentKey<String?>("sortKey", .text("OrderSortKeys")), ArgumentKey<String?>("query", .string)) {
                value, paging, sortKey, _, context in
                let orders = sortedOrders(context.shop.customers.orders(of: value.customer.number), by: sortKey ?? "ID").map(OrderValue.init)
                return try paging.page(of: orders.map(\.carried), keys: orders.map { String($0.kept.number) }, list: "orders")
            }
        }
        fields.object("Order", as: OrderValue.self) { order in
            order.text("id") { value, _ in StorefrontID.gid("gid://shopify/Order/", value.kept.number) }
            order.text("name") { value, _ in "#\(value.order.number)" }
            order.field("orderNumber") { value, _ in Resolved.int(value.order.number) }
            order.text("processedAt") { value, _ in value.order.placedAt.iso8601 }
            order.text("financialStatus") { _, _ in "PAID" }
            order.text("fulfillmentStatus") { _, _ in "UNFULFILLED" }
            order.text("currencyCode") { _, context in context.currency.code }
            order.text("email") { value, _ in value.order.email }
            order.boolean("edited") { _, _ in false }
            order.text("statusUrl") { value, context in context.settings.origin + value.order.pagePath(session: value.kept.session) }
            order.field("shippingAddress") { value, _ in
                value.kept.shippingAddress.map { AddressRef(order: value.kept.number, address: $0) }
            }
            let totals: [(String, @Sendable (Order) -> Int64)] = [
                ("totalPrice", \.total), ("totalPriceV2", \.total), ("currentTotalPrice", \.total), ("originalTotalPrice", \.total),
                ("subtotalPrice", { $0.subtotal - $0.discountTotal }), ("subtotalPriceV2", { $0.subtotal - $0.discountTotal }),
                ("currentSubtotalPrice", { $0.subtotal - $0.discountTotal }),
                ("totalShippingPrice", \.shipping), ("totalShippingPriceV2", \.shipping), ("currentTotalShippingPrice", \.shipping),
                ("totalTax", { _ in 0 }), ("totalTaxV2", { _ in 0 }), ("currentTotalTax", { _ in 0 }),
                ("totalRefunded", { _ in 0 }), ("totalRefundedV2", { _ in 0 }),
            ]
            for (field, amount) in totals {
                order.field(field) { value, _ in MoneyValue(amount: amount(value.order)) }
            }
            order.field("lineItems", PagingArguments.self) { value, paging, context in
                let lines = value.order.lines.map { OrderLineValue(line: $0, position: context.shop.catalog.position(of: $0.productId)) }
                return try paging.page(of: lines.map(\.carried), keys: lines.indices.map(String.init), list: "line-items")
            }
        }
        fields.object("OrderLineItem", as: OrderLineValue.self) { item in
            item.text("title") { value, context in lineName(value.line, position: value.position, context: context) }
            item.field("quantity") { value, _ in Resolved.int(value.line.quantity) }
            item.field("currentQuantity") { value, _ in Resolved.int(value.line.quantity) }
            item.field("originalTotalPrice") { value, _ in MoneyValue(amount: value.line.total + value.line.discount) }
            item.field("discountedTotalPrice") { value, _ in MoneyValue(amount: value.line.total) }
            item.field("variant") { value, _ in value.position.map { VariantRef(product: $0, index: value.line.variant) } }
        }
    }

    /// An order line's name: the product's, and its variant's title unless it has only the default
    /// one ("Pixel 8 – Obsidian / 128 GB"); the product's id when it is no longer in the catalog.
    static func lineName(_ line: OrderLine, position: Int?, context: StorefrontContext) -> String {
        guard let position, let product = context.product(at: position) else { return line.productId }
        let title = product.variants.indices.contains(line.variant) ? product.variants[line.variant].title : ProductVariant.defaultTitle
        return title == ProductVariant.defaultTitle ? product.name : "\(product.name) – \(title)"
    }

    /// Orders in `sortKey`'s order (Shopify's `OrderSortKeys`, both APIs'): by id (and relevance),
    /// by when processed (created and updated: an order here is never changed), by order number,
    /// or by total price, ties by id.
    static func sortedOrders(_ orders: [CustomerOrder], by sortKey: String) -> [CustomerOrder] {
        switch sortKey {
        case "PROCESSED_AT", "CREATED_AT", "UPDATED_AT": orders.sorted { ($0.order.placedAt, $0.number) < ($1.order.placedAt, $1.number) }
        case "ORDER_NUMBER": orders.sorted { ($0.order.number, $0.number) < ($1.order.number, $1.number) }
        case "TOTAL_PRICE": orders.sorted { ($0.order.total, $0.number) < ($1.order.total, $1.number) }
        default: orders
        }
    }
}
