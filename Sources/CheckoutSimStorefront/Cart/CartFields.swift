import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontBinding {
    /// `Cart`, its lines, costs, discounts and buyer, and every cart payload's fields.
    static func cartFields(_ fields: inout ModeledFields, facts: SchemaFacts) {
        fields.object("Cart", as: CartValue.self) { cart in
            cart.text("id") { cart, _ in CartID.cart(cart.details) }
            cart.text("checkoutUrl") { cart, context in context.checkoutURL(cart.details) }
            cart.text("createdAt") { cart, _ in cart.details.createdAt.iso8601 }
            cart.text("updatedAt") { cart, _ in cart.details.updatedAt.iso8601 }
            cart.field("totalQuantity") { cart, _ in Resolved.int(cart.view.totalQuantity) }
            cart.text("note") { cart, _ in cart.details.note }
            cart.field("attributes") { cart, _ in cart.details.attributes }
            cart.field("attribute", ArgumentKey<String>("key", .nonNull(.string))) { cart, key, _ in
                cart.details.attributes.first { $0.key == key }
            }
            cart.field("buyerIdentity") { cart, _ in cart.details.buyer }
            cart.field("cost") { cart, _ in CartCostValue(cart: cart) }
            cart.field("discountCodes") { cart, _ in
                cart.details.discountCodes.map { code in
                    DiscountCodeValue(code: code, applicable: cart.appliedOffer.map { $0.code.lowercased() == code.lowercased() } ?? false)
                }
            }
            cart.field("discountAllocations") { cart, context in
                context.allocations(of: cart, line: nil).map { Member("CartCodeDiscountAllocation", $0) }
            }
            cart.field("lines", PagingArguments.self) { cart, paging, context in try context.linesPage(of: cart, paging) }
        }
        fields.object("Attribute", as: CartAttribute.self) { attribute in
            attribute.text("key") { attribute, _ in attribute.key }
            attribute.text("value") { attribute, _ in attribute.value }
        }
        fields.object("CartBuyerIdentity", as: CartBuyer.self) { buyer in
            buyer.text("email") { buyer, _ in buyer.email }
            buyer.text("phone") { buyer, _ in buyer.phone }
            buyer.text("countryCode") { buyer, _ in buyer.countryCode }
            buyer.field("customer") { buyer, context in
                buyer.customer.flatMap { context.shop.customers.customer(number: $0).map(CustomerValue.init) }
            }
        }
        fields.object("CartDiscountCode", as: DiscountCodeValue.self) { code in
            code.text("code") { code, _ in code.code }
            code.boolean("applicable") { code, _ in code.applicable }
        }
        costFields(&fields)
        lineFields(&fields)
        allocationFields(&fields)
        payloadFields(&fields, facts: facts)
    }

    private static func costFields(_ fields: inout ModeledFields) {
        for type in ["CartCost", "CartEstimatedCost"] {
            fields.object(type, as: CartCostValue.self) { cost in
                cost.field("subtotalAmount") { cost, _ in MoneyValue(amount: cost.cart.view.subtotal) }
                cost.field("totalAmount") { cost, _ in MoneyValue(amount: cost.total) }
                // What the buyer still pays: the total less what the applied gift cards cover.
                cost.field("checkoutChargeAmount") { cost, context in
                    MoneyValue(amount: cost.total - context.giftCardUses(cost.cart).reduce(0) { $0 + $1.used })
                }
            }
        }
        fields.object("CartCost", as: CartCostValue.self) { cost in
            cost.boolean("subtotalAmountEstimated") { _, _ in false }
            cost.boolean("totalAmountEstimated") { _, _ in false }
        }
    }

    private static func lineFields(_ fields: inout ModeledFields) {
        fields.object("CartLine", as: CartLineValue.self) { line in
            line.text("id") { value, _ in CartID.line(value.line, token: value.cart.token) }
            line.field("quantity") { value, _ in Resolved.int(value.line.quantity) }
            line.field("attributes") { _, _ in [CartAttribute]() }
            line.field("attribute", ArgumentKey<String>("key", .nonNull(.string))) { _, _, _ in CartAttribute?.none }
            line.field("merchandise") { value, _ in
                Member("ProductVariant", VariantRef(product: value.line.position, index: value.line.variant))
            }
            for field in ["cost", "estimatedCost"] {
                line.field(field) { value, context in
                    LineCostValue(line: value.line, total: context.lineTotal(value.line, in: value.cart), position: value.line.position)
                }
            }
            line.field("discountAllocations") { value, context in
                context.allocations(of: value.cart, line: value.line).map { Member("CartCodeDiscountAllocation", $0) }
            }
        }
        // `CartLineCost` prices one unit as `…PerQuantity`; the older `CartLineEstimatedCost`
        // calls the same unit prices `amount` and `compareAtAmount`.
        for (type, unit, compareAt) in [("CartLineCost", "amountPerQuantity", "compareAtAmountPerQuantity"), ("CartLineEstimatedCost", "amount", "compareAtAmount")] {
            fields.object(type, as: LineCostValue.self) { cost in
                cost.field(unit) { cost, _ in MoneyValue(amount: cost.line.unitPrice) }
                cost.field("subtotalAmount") { cost, _ in MoneyValue(amount: cost.line.subtotal) }
                cost.field("totalAmount") { cost, _ in MoneyValue(amount: cost.total) }
                cost.field(compareAt) { cost, context in
                    try context.product(cost.position).variants[cost.line.variant].compareAtPrice.map { MoneyValue(amount: $0) }
                }
            }
        }
    }

    private static func allocationFields(_ fields: inout ModeledFields) {
        fields.object("CartCodeDiscountAllocation", as: AllocationValue.self) { allocation in
            allocation.text("code") { allocation, _ in allocation.code }
            allocation.field("discountedAmount") { allocation, _ in MoneyValue(amount: allocation.amount) }
            allocation.text("targetType") { _, _ in "LINE_ITEM" }
            allocation.field("discountApplication") { allocation, _ in allocation.offer }
        }
        fields.object("CartDiscountApplication", as: OfferDefinition.self) { application in
            application.text("allocationMethod") { _, _ in "ACROSS" }
            application.text("targetSelection") { offer, _ in offer.brandId == nil ? "ALL" : "ENTITLED" }
            application.text("targetType") { _, _ in "LINE_ITEM" }
            application.field("value") { offer, context in
                if offer.value.kind == .percentOff { return try context.member("PricingPercentageValue", offer.value) }
                return try context.member("MoneyV2", MoneyValue(amount: offer.value.magnitude))
            }
        }
        fields.object("PricingPercentageValue", as: DiscountValue.self) { value in
            value.field("percentage") { value, _ in Resolved.leaf(.double(Double(value.magnitude))) }
        }
    }

    /// `cart`, `userErrors` and `warnings` of every `Cart…Payload`. A warning whose code the
    /// version's `CartWarningCode` lacks is not given: that version's Shopify had no such warning
    /// (the discount warnings came in 2025-07; docs/storefront.md#api-versions).
    private static func payloadFields(_ fields: inout ModeledFields, facts: SchemaFacts) {
        let warningCodes = Set(facts.enumValues["CartWarningCode"] ?? [])
        for name in facts.typeNames where name.hasPrefix("Cart") && name.hasSuffix("Payload") && facts.has(name, "cart") {
            fields.object(name, as: CartPayloadValue.self) { payload in
                payload.field("cart") { payload, _ in payload.cart }
                payload.field("userErrors") { payload, _ in payload.userErrors }
                payload.field("warnings") { payload, _ in payload.warnings.filter { warningCodes.contains($0.code) } }
            }
        }
        fields.object("CartUserError", as: CartUserErrorValue.self) { error in
            error.text("code") { error, _ in error.code }
            error.field("field") { error, _ in error.field.map { $0.map(Resolved.string) } }
            error.text("message") { error, _ in error.message }
        }
        fields.object("CartWarning", as: CartWarningValue.self) { warning in
            warning.text("code") { warning, _ in warning.code }
            warning.text("message") { warning, _ in warning.message }
            warning.text("target") { warning, _ in warning.target }
        }
    }
}

extension StorefrontContext {
    /// A page of the cart's lines (`Cart.lines`, a delivery group's `cartLines`).
    func linesPage(of cart: CartValue, _ paging: PagingArguments) throws(FieldError) -> ConnectionPage {
        let lines = cart.view.lines
        return try paging.page(
            of: try members("CartLine", lines.map { CartLineValue(cart: cart, line: $0) }),
            key: { CartID.line(lines[$0], token: cart.token) }, list: "lines")
    }
}

extension CartAttribute: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Attribute" }
}

extension CartBuyer: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartBuyerIdentity" }
}

extension OfferDefinition: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartDiscountApplication" }
}

extension DiscountValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "PricingPercentageValue" }
}

/// A cart's `cost`: the subtotal, and the total after discounts (shipping is added at checkout).
struct CartCostValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartCost" || name == "CartEstimatedCost" }

    let cart: CartValue
    var total: Int64 { cart.view.subtotal - cart.view.discountTotal }
}

/// A line's `cost`.
struct LineCostValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartLineCost" || name == "CartLineEstimatedCost" }

    let line: CartLineView
    let total: Int64
    let position: Int
}

/// One entered code and whether it applies now.
struct DiscountCodeValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartDiscountCode" }

    let code: String
    let applicable: Bool
}
