import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// The checkout payload and the context it resolves in: with an idempotency key, the shop as
    /// it was right after the first request, so a replay is byte-for-byte what that request
    /// returned (docs/schema.md#checkout-and-the-dummy-payment-service).
    static func checkoutPayload(_ outcome: CheckoutOutcome, key: String?, context: RequestContext) -> (CheckoutOutcome, in: RequestContext) {
        guard let key, outcome.payment != nil else { return (outcome, context) }
        guard outcome.isReplay else {
            context.state.keepSnapshot(session: context.sessionName, idempotencyKey: key)
            return (outcome, context)
        }
        guard let snapshot = context.state.snapshot(session: context.sessionName, idempotencyKey: key) else { return (outcome, context) }
        return (outcome, RequestContext(state: snapshot, sessionName: context.sessionName))
    }

    static func addCheckoutTypes(to builder: inout Builder) {
        builder.object(Types.checkoutPayload, "The result of a checkout.") { fields in
            fields.field("order", type: Types.order, "The order, when the payment succeeded.") { outcome, _ in outcome.order }
            fields.field("payment", type: Types.payment, "The payment attempt, approved or declined.") { outcome, _ in outcome.payment }
            fields.field("cart", type: .nonNull(Types.cart), "The cart after the checkout: empty after a success, untouched otherwise.") { outcome, _ in outcome.cart }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), errorsDescription) { outcome, _ in outcome.errors }
        }
        builder.input(Types.cardInput, "A payment card.", CheckoutArguments.Card.fields)
        builder.input(Types.checkoutInput, "What checkout needs.", CheckoutArguments.Input.fields)
        builder.input(Types.newProductInput, "A product to add to the catalog for this simulator's life.", AddProductArguments.Input.fields)
        builder.enumeration(Types.paymentStatus, "The outcome of a payment.") { status in
            switch status {
            case .succeeded: "The payment went through."
            case .declined: "The card was declined."
            }
        }
        builder.object(Types.payment, "A payment attempt with the dummy payment service.") { fields in
            fields.field("id", type: .nonNull(.id), "The payment's id, like \"pay-1\".") { payment, _ in payment.id }
            fields.field("status", type: .nonNull(Types.paymentStatus), "Whether it went through.") { payment, _ in payment.status }
            fields.field("amount", type: .nonNull(Types.money), "The amount charged or attempted.") { payment, _ in Amount(payment.amount) }
            fields.field("cardBrand", type: .nonNull(.string), "The card network, like \"Visa\".") { payment, _ in payment.cardBrand }
            fields.field("cardLast4", type: .nonNull(.string), "The card number's last four digits.") { payment, _ in payment.cardLast4 }
            fields.field("declineCode", type: .string, "Why the card was declined, like \"insufficient_funds\".") { payment, _ in payment.declineCode }
        }
        builder.enumeration(Types.orderStatus, "Where an order is.") { status in
            switch status {
            case .paid: "Paid in full."
            }
        }
        builder.object(Types.orderLine, "A product on an order, as it was bought.") { fields in
            fields.field("product", type: .nonNull(Types.product), "The product.") { line, context in
                try context.state.shop.catalog.position(of: line.productId).map(ProductPosition.init).orNoValue()
            }
            fields.field("quantity", type: .nonNull(.int), "How many units.") { line, _ in line.quantity }
            fields.field("unitPrice", type: .nonNull(Types.money), "The price of one unit.") { line, _ in Amount(line.unitPrice) }
            fields.field("discount", type: .nonNull(Types.money), "This line's share of the discounts.") { line, _ in Amount(line.discount) }
            fields.field("total", type: .nonNull(Types.money), "What the line cost after discounts.") { line, _ in Amount(line.total) }
        }
        builder.object(Types.order, "A paid order.") { fields in
            fields.field("id", type: .nonNull(.id), "The order's id, like \"order-1001\".") { order, _ in order.id }
            fields.field("number", type: .nonNull(.int), "The order number, from 1001 per session.") { order, _ in order.number }
            fields.field("status", type: .nonNull(Types.orderStatus), "Where the order is.") { order, _ in order.status }
            fields.field("placedAt", type: .nonNull(.string), "When it was placed, on the virtual clock, ISO-8601 UTC.") { order, _ in order.placedAt.iso8601 }
            fields.field("email", type: .string, "The receipt address given at checkout.") { order, _ in order.email }
            fields.field("lines", type: .nonNull(.list(.nonNull(Types.orderLine))), "What was bought.") { order, _ in order.lines }
            fields.field("subtotal", type: .nonNull(Types.money), "The sum of line subtotals.") { order, _ in Amount(order.subtotal) }
            fields.field("discountTotal", type: .nonNull(Types.money), "Merchandise discounts.") { order, _ in Amount(order.discountTotal) }
            fields.field("shipping", type: .nonNull(Types.money), "Shipping charged.") { order, _ in Amount(order.shipping) }
            fields.field("total", type: .nonNull(Types.money), "What was charged.") { order, _ in Amount(order.total) }
            fields.field("discounts", type: .nonNull(.list(.nonNull(Types.discountAllocation))), "The discounts applied.") { order, _ in order.discounts }
            fields.field("payment", type: .nonNull(Types.payment), "The payment that paid for it.") { order, _ in order.payment }
        }
        builder.object(Types.paymentTestCard, "A card number the dummy payment service recognises.") { fields in
            fields.field("number", type: .nonNull(.string), "The card number.") { card, _ in card.number }
            fields.field("brand", type: .nonNull(.string), "The card network, like \"Visa\".") { card, _ in card.brand }
            fields.field("outcome", type: .nonNull(Types.paymentStatus), "What paying with this card does.") { card, _ in card.outcome }
            fields.field("declineCode", type: .string, "The decline code for declining cards, like \"insufficient_funds\".") { card, _ in card.declineCode }
            fields.field("description", type: .nonNull(.string), "What the card is for.") { card, _ in card.description }
        }
    }
}
