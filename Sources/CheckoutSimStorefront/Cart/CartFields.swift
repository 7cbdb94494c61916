import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontBinding {
    /// `Cart`, its lines, costs, discounts and buyer, and every cart payload's fields.
    static func cartFields(_ fields: inout ModeledFields, facts: SchemaFacts) {
        func cart(_ field: String, _ read: @escaping @Sendable (CartValue, StorefrontContext, FieldCall) throws -> Resolved) {
            fields.add("Cart", field) { call, context in try read(try call.parent(CartValue.self), context, call) }
        }
        cart("id") { cart, _, _ in .string(CartID.cart(cart.details)) }
        cart("checkoutUrl") { cart, context, _ in .string(context.checkoutURL(cart.details)) }
        cart("createdAt") { cart, _, _ in .string(cart.details.createdAt.iso8601) }
        cart("updatedAt") { cart, _, _ in .string(cart.details.updatedAt.iso8601) }
        cart("totalQuantity") { cart, _, _ in .int(cart.view.totalQuantity) }
        cart("note") { cart, _, _ in .optional(cart.details.note) }
        cart("attributes") { cart, _, _ in .list(cart.details.attributes.map { .object($0) }) }
        cart("attribute") { cart, _, call in
            let key = call.argumentValues["key"]?.stringValue
            return cart.details.attributes.first { $0.key == key }.map { .object($0) } ?? .null
        }
        cart("buyerIdentity") { cart, _, _ in .object(cart.details.buyer) }
        cart("cost") { cart, _, _ in .object(CartCostValue(cart: cart)) }
        cart("discountCodes") { cart, _, _ in
            .list(cart.details.discountCodes.map { code in
                .object(DiscountCodeValue(code: code, applicable: cart.appliedOffer.map { $0.code.lowercased() == code.lowercased() } ?? false))
            })
        }
        cart("discountAllocations") { cart, context, call in
            let type = try call.executedSchema.typeIndex["CartCodeDiscountAllocation"].orNoValue()
            return .list(context.allocations(of: cart, line: nil).map { .typed(type: type, .object($0)) })
        }
        cart("lines") { cart, _, call in try linesPage(of: cart, call) }
        fields.add("Attribute", "key") { call, _ in .string(try call.parent(CartAttribute.self).key) }
        fields.add("Attribute", "value") { call, _ in .string(try call.parent(CartAttribute.self).value) }
        fields.add("CartBuyerIdentity", "email") { call, _ in .optional(try call.parent(CartBuyer.self).email) }
        fields.add("CartBuyerIdentity", "phone") { call, _ in .optional(try call.parent(CartBuyer.self).phone) }
        fields.add("CartBuyerIdentity", "countryCode") { call, _ in .optional(try call.parent(CartBuyer.self).countryCode) }
        fields.add("CartDiscountCode", "code") { call, _ in .string(try call.parent(DiscountCodeValue.self).code) }
        fields.add("CartDiscountCode", "applicable") { call, _ in .bool(try call.parent(DiscountCodeValue.self).applicable) }
        costFields(&fields)
        lineFields(&fields)
        allocationFields(&fields)
        payloadFields(&fields, facts: facts)
    }

    /// A page of the cart's lines (`Cart.lines`, a delivery group's `cartLines`).
    static func linesPage(of cart: CartValue, _ call: FieldCall) throws(FieldError) -> Resolved {
        let type = try call.executedSchema.typeIndex["CartLine"].orNoValue()
        let lines = cart.view.lines
        return .object(try PagingArguments(call).page(
            of: lines.map { .typed(type: type, .object(CartLineValue(cart: cart, line: $0))) },
            key: { CartID.line(lines[$0], token: cart.token) }, list: "lines"))
    }

    private static func costFields(_ fields: inout ModeledFields) {
        func money(_ type: String, _ field: String, _ amount: @escaping @Sendable (CartCostValue) -> Int64) {
            fields.add(type, field) { call, _ in MoneyValue(amount: amount(try call.parent(CartCostValue.self))).resolved }
        }
        for type in ["CartCost", "CartEstimatedCost"] {
            money(type, "subtotalAmount") { $0.cart.view.subtotal }
            money(type, "totalAmount") { $0.total }
            // What the buyer still pays: the total less what the applied gift cards cover.
            fields.add(type, "checkoutChargeAmount") { call, context in
                let cost = try call.parent(CartCostValue.self)
                return MoneyValue(amount: cost.total - context.giftCardUses(cost.cart).reduce(0) { $0 + $1.used }).resolved
            }
        }
        fields.add("CartCost", "subtotalAmountEstimated") { _, _ in .bool(false) }
        fields.add("CartCost", "totalAmountEstimated") { _, _ in .bool(false) }
    }

    private static func lineFields(_ fields: inout ModeledFields) {
        func line(_ field: String, _ read: @escaping @Sendable (CartLineValue, StorefrontContext, FieldCall) throws -> Resolved) {
            fields.add("CartLine", field) { call, context in try read(try call.parent(CartLineValue.self), context, call) }
        }
        line("id") { value, _, _ in .string(CartID.line(value.line, token: value.cart.token)) }
        line("quantity") { value, _, _ in .int(value.line.quantity) }
        line("attributes") { _, _, _ in .list([]) }
        line("attribute") { _, _, _ in .null }
        line("merchandise") { value, _, call in
            let type = try call.executedSchema.typeIndex["ProductVariant"].orNoValue()
            return .typed(type: type, VariantRef(product: value.line.position, index: value.line.variant).resolved)
        }
        line("cost") { value, context, _ in .object(LineCostValue(line: value.line, total: context.lineTotal(value.line, in: value.cart), position: value.line.position)) }
        line("estimatedCost") { value, context, _ in .object(LineCostValue(line: value.line, total: context.lineTotal(value.line, in: value.cart), position: value.line.position)) }
        line("discountAllocations") { value, context, call in
            let type = try call.executedSchema.typeIndex["CartCodeDiscountAllocation"].orNoValue()
            return .list(context.allocations(of: value.cart, line: value.line).map { .typed(type: type, .object($0)) })
        }
        // `CartLineCost` prices one unit as `…PerQuantity`; the older `CartLineEstimatedCost`
        // calls the same unit prices `amount` and `compareAtAmount`.
        for (type, unit, compareAt) in [("CartLineCost", "amountPerQuantity", "compareAtAmountPerQuantity"), ("CartLineEstimatedCost", "amount", "compareAtAmount")] {
            fields.add(type, unit) { call, _ in MoneyValue(amount: try call.parent(LineCostValue.self).line.unitPrice).resolved }
            fields.add(type, "subtotalAmount") { call, _ in MoneyValue(amount: try call.parent(LineCostValue.self).line.subtotal).resolved }
            fields.add(type, "totalAmount") { call, _ in MoneyValue(amount: try call.parent(LineCostValue.self).total).resolved }
            fields.add(type, compareAt) { call, context in
                let cost = try call.parent(LineCostValue.self)
                let product = try context.product(cost.position)
                return product.variants[cost.line.variant].compareAtPrice.map { MoneyValue(amount: $0).resolved } ?? .null
            }
        }
    }

    private static func allocationFields(_ fields: inout ModeledFields) {
        fields.add("CartCodeDiscountAllocation", "code") { call, _ in .string(try call.parent(AllocationValue.self).code) }
        fields.add("CartCodeDiscountAllocation", "discountedAmount") { call, _ in MoneyValue(amount: try call.parent(AllocationValue.self).amount).resolved }
        fields.add("CartCodeDiscountAllocation", "targetType") { _, _ in .string("LINE_ITEM") }
        fields.add("CartCodeDiscountAllocation", "discountApplication") { call, _ in .object(try call.parent(AllocationValue.self).offer) }
        fields.add("CartDiscountApplication", "allocationMethod") { _, _ in .string("ACROSS") }
        fields.add("CartDiscountApplication", "targetSelection") { call, _ in .string(try call.parent(OfferDefinition.self).brandId == nil ? "ALL" : "ENTITLED") }
        fields.add("CartDiscountApplication", "targetType") { _, _ in .string("LINE_ITEM") }
        fields.add("CartDiscountApplication", "value") { call, _ in
            let offer = try call.parent(OfferDefinition.self)
            let schema = call.executedSchema
            if offer.value.kind == .percentOff, let type = schema.typeIndex["PricingPercentageValue"] {
                return .typed(type: type, .object(offer.value))
            }
            return .typed(type: try schema.typeIndex["MoneyV2"].orNoValue(), MoneyValue(amount: offer.value.magnitude).resolved)
        }
        fields.add("PricingPercentageValue", "percentage") { call, _ in .leaf(.double(Double(try call.parent(DiscountValue.self).magnitude))) }
    }

    /// `cart`, `userErrors` and `warnings` of every `Cart…Payload`. A warning whose code the
    /// version's `CartWarningCode` lacks is not given: that version's Shopify had no such warning
    /// (the discount warnings came in 2025-07; docs/storefront.md#api-versions).
    private static func payloadFields(_ fields: inout ModeledFields, facts: SchemaFacts) {
        let warningCodes = Set(facts.enumValues["CartWarningCode"] ?? [])
        for name in facts.typeNames where name.hasPrefix("Cart") && name.hasSuffix("Payload") && facts.has(name, "cart") {
            fields.add(name, "cart") { call, _ in try call.parent(CartPayloadValue.self).cart.map { .object($0) } ?? .null }
            fields.add(name, "userErrors") { call, _ in .list(try call.parent(CartPayloadValue.self).userErrors.map { .object($0) }) }
            fields.add(name, "warnings") { call, _ in
                .list(try call.parent(CartPayloadValue.self).warnings.filter { warningCodes.contains($0.code) }.map { .object($0) })
            }
        }
        fields.add("CartUserError", "code") { call, _ in .string(try call.parent(CartUserErrorValue.self).code) }
        fields.add("CartUserError", "field") { call, _ in
            try call.parent(CartUserErrorValue.self).field.map { .list($0.map(Resolved.string)) } ?? .null
        }
        fields.add("CartUserError", "message") { call, _ in .string(try call.parent(CartUserErrorValue.self).message) }
        fields.add("CartWarning", "code") { call, _ in .string(try call.parent(CartWarningValue.self).code) }
        fields.add("CartWarning", "message") { call, _ in .string(try call.parent(CartWarningValue.self).message) }
        fields.add("CartWarning", "target") { call, _ in .string(try call.parent(CartWarningValue.self).target) }
    }
}

/// A cart's `cost`: the subtotal, and the total after discounts (shipping is added at checkout).
struct CartCostValue {
    let cart: CartValue
    var total: Int64 { cart.view.subtotal - cart.view.discountTotal }
}

/// A line's `cost`.
struct LineCostValue {
    let line: CartLineView
    let total: Int64
    let position: Int
}

/// One entered code and whether it applies now.
struct DiscountCodeValue {
    let code: String
    let applicable: Bool
}
