import CheckoutSimCommerce
import CheckoutSimGraphQL

struct CheckoutPayloadNode { let outcome: CheckoutOutcome }

extension ShopSchema {
    /// The checkout payload; with an idempotency key, resolved against the shop as it was right
    /// after the first request, so a replay is byte-for-byte what that request returned (SPEC §6.9).
    static func checkoutPayload(_ outcome: CheckoutOutcome, key: String?, context: RequestContext) -> Resolved {
        let payload = Resolved.object(CheckoutPayloadNode(outcome: outcome))
        guard let key, outcome.payment != nil else { return payload }
        guard outcome.isReplay else {
            context.state.keepSnapshot(session: context.sessionName, idempotencyKey: key)
            return payload
        }
        guard let snapshot = context.state.snapshot(session: context.sessionName, idempotencyKey: key) else { return payload }
        return .withContext(RequestContext(state: snapshot, sessionName: context.sessionName), payload)
    }

    static func addCheckoutTypes(to builder: inout SchemaBuilder) {
        builder.object("CheckoutPayload", "The result of a checkout.", [
            F("order", "Order", "The order, when the payment succeeded.") { call in
                (try call.parent(CheckoutPayloadNode.self).outcome.order).map { .object($0) } ?? .null
            },
            F("payment", "Payment", "The payment attempt, approved or declined.") { call in
                (try call.parent(CheckoutPayloadNode.self).outcome.payment).map { .object($0) } ?? .null
            },
            F("cart", "Cart!", "The cart after the checkout: empty after a success, untouched otherwise.") { call in
                .object(try call.parent(CheckoutPayloadNode.self).outcome.cart)
            },
            errorsField(CheckoutPayloadNode.self) { $0.outcome.errors },
        ])
        builder.input("CardInput", "A payment card.", [
            A("number", "String!", "The card number; spaces and dashes are ignored."),
            A("expMonth", "Int!", "Expiry month, 1 to 12."),
            A("expYear", "Int!", "Expiry year, like 2030 (two digits mean 20YY)."),
            A("cvc", "String!", "The security code: 3 digits, 4 for American Express."),
        ])
        builder.input("CheckoutInput", "What checkout needs.", [
            A("card", "CardInput!", "The card to charge."),
            A("idempotencyKey", "String", "Retrying with the same key and input returns the first result and charges nothing."),
            A("email", "String", "Where to send the receipt."),
        ])
        builder.input("NewProductInput", "A product to add to the catalog for this simulator's life.", [
            A("name", "String!", "1 to 120 characters."),
            A("brandId", "ID", "An existing brand's id; the store's defaultBrandId when absent (required when the store has none)."),
            A("category", "String!", "A non-blank category."),
            A("price", "String!", "A positive decimal string, like \"12.50\"."),
            A("description", "String", "A short description."),
            A("imageURL", "String", "A picture of the product: an absolute http or https URL."),
            A("stock", "Int", "Units in stock, 0 or more.", default: "0"),
            A("model", "String", "The model family; the name when absent."),
            A("taxRate", "String", "The sales-tax rate in percent, 0 to 100 with at most 2 decimals, like \"8.25\"; the store's default when absent."),
            A("thumbnailURL", "String", "A small picture for list cells: an absolute http or https URL."),
            A("shortDescription", "String", "A one-line description for product cards."),
            A("attribute", "String", "A short size or variant label, like \"500 ml\"."),
        ])
        builder.enumeration("PaymentStatus", "The outcome of a payment.", [
            ("SUCCEEDED", "The payment went through."),
            ("DECLINED", "The card was declined."),
        ])
        builder.object("Payment", "A payment attempt with the dummy payment service.", [
            F("id", "ID!", "The payment's id, like \"pay-1\".") { call in .string(try call.parent(Payment.self).id) },
            F("status", "PaymentStatus!", "Whether it went through.") { call in .string(try call.parent(Payment.self).succeeded ? "SUCCEEDED" : "DECLINED") },
            moneyField("amount", "The amount charged or attempted.") { try $0.parent(Payment.self).amount },
            F("cardBrand", "String!", "The card network, like \"Visa\".") { call in .string(try call.parent(Payment.self).cardBrand) },
            F("cardLast4", "String!", "The card number's last four digits.") { call in .string(try call.parent(Payment.self).cardLast4) },
            F("declineCode", "String", "Why the card was declined, like \"insufficient_funds\".") { call in .optional(try call.parent(Payment.self).declineCode) },
        ])
        builder.enumeration("OrderStatus", "Where an order is.", [("PAID", "Paid in full.")])
        builder.object("OrderLine", "A product on an order, as it was bought.", [
            F("product", "Product!", "The product.") { call in
                let context = try call.shop()
                guard let position = context.state.shop.catalog.position(of: try call.parent(OrderLine.self).productId) else { return .null }
                return product(position)
            },
            F("quantity", "Int!", "How many units.") { call in .int(try call.parent(OrderLine.self).quantity) },
            moneyField("unitPrice", "The price of one unit.") { try $0.parent(OrderLine.self).unitPrice },
            moneyField("discount", "This line's share of the discounts.") { try $0.parent(OrderLine.self).discount },
            moneyField("total", "What the line cost after discounts.") { try $0.parent(OrderLine.self).total },
        ])
        builder.object("Order", "A paid order.", [
            F("id", "ID!", "The order's id, like \"order-1001\".") { call in .string(try call.parent(Order.self).id) },
            F("number", "Int!", "The order number, from 1001 per session.") { call in .int(try call.parent(Order.self).number) },
            F("status", "OrderStatus!", "Where the order is.") { _ in .string("PAID") },
            F("placedAt", "String!", "When it was placed, on the virtual clock, ISO-8601 UTC.") { call in .string(try call.parent(Order.self).placedAt.iso8601) },
            F("email", "String", "The receipt address given at checkout.") { call in .optional(try call.parent(Order.self).email) },
            F("lines", "[OrderLine!]!", "What was bought.") { call in .list(try call.parent(Order.self).lines.map { .object($0) }) },
            moneyField("subtotal", "The sum of line subtotals.") { try $0.parent(Order.self).subtotal },
            moneyField("discountTotal", "Merchandise discounts.") { try $0.parent(Order.self).discountTotal },
            moneyField("shipping", "Shipping charged.") { try $0.parent(Order.self).shipping },
            moneyField("total", "What was charged.") { try $0.parent(Order.self).total },
            F("discounts", "[DiscountAllocation!]!", "The discounts applied.") { call in .list(try call.parent(Order.self).discounts.map { .object($0) }) },
            F("payment", "Payment!", "The payment that paid for it.") { call in .object(try call.parent(Order.self).payment) },
        ])
        builder.object("PaymentTestCard", "A card number the dummy payment service recognises.", [
            F("number", "String!", "The card number.") { call in .string(try call.parent(TestCard.self).number) },
            F("brand", "String!", "The card network, like \"Visa\".") { call in .string(try call.parent(TestCard.self).brand) },
            F("outcome", "PaymentStatus!", "What paying with this card does.") { call in
                .string(try call.parent(TestCard.self).succeeds ? "SUCCEEDED" : "DECLINED")
            },
            F("declineCode", "String", "The decline code for declining cards, like \"insufficient_funds\".") { call in
                .optional(try call.parent(TestCard.self).declineCode)
            },
            F("description", "String!", "What the card is for.") { call in .string(try call.parent(TestCard.self).description) },
        ])
    }
}
