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
            fields.optionalObject("order", Types.order, "The order, when the payment succeeded.") { outcome, _ in outcome.order }
            fields.optionalObject("payment", Types.payment, "The payment attempt, approved or declined.") { outcome, _ in outcome.payment }
            fields.object("cart", Types.cart, "The cart after the checkout: empty after a success, untouched otherwise.") { outcome, _ in outcome.cart }
            fields.list("errors", Types.userError, errorsDescription) { outcome, _ in outcome.errors }
        }
        builder.input("CardInput", "A payment card.", CheckoutArguments.cardInput)
        builder.input("CheckoutInput", "What checkout needs.", CheckoutArguments.checkoutInput)
        builder.input("NewProductInput", "A product to add to the catalog for this simulator's life.", AddProductArguments.newProductInput)
        builder.enumeration(Types.paymentStatus, "The outcome of a payment.") { status in
            switch status {
            case .succeeded: "The payment went through."
            case .declined: "The card was declined."
            }
        }
        builder.object(Types.payment, "A payment attempt with the dummy payment service.") { fields in
            fields.string("id", "ID!", "The payment's id, like \"pay-1\".") { payment, _ in payment.id }
            fields.enumeration("status", Types.paymentStatus, "Whether it went through.") { payment, _ in payment.status }
            fields.object("amount", Types.money, "The amount charged or attempted.") { payment, _ in Amount(payment.amount) }
            fields.string("cardBrand", "String!", "The card network, like \"Visa\".") { payment, _ in payment.cardBrand }
            fields.string("cardLast4", "String!", "The card number's last four digits.") { payment, _ in payment.cardLast4 }
            fields.string("declineCode", "String", "Why the card was declined, like \"insufficient_funds\".") { payment, _ in payment.declineCode }
        }
        builder.enumeration(Types.orderStatus, "Where an order is.") { status in
            switch status {
            case .paid: "Paid in full."
            }
        }
        builder.object(Types.orderLine, "A product on an order, as it was bought.") { fields in
            fields.objectOrError("product", Types.product, "The product.") { line, context in
                context.state.shop.catalog.position(of: line.productId).map(ProductPosition.init)
            }
            fields.int("quantity", "Int!", "How many units.") { line, _ in line.quantity }
            fields.object("unitPrice", Types.money, "The price of one unit.") { line, _ in Amount(line.unitPrice) }
            fields.object("discount", Types.money, "This line's share of the discounts.") { line, _ in Amount(line.discount) }
            fields.object("total", Types.money, "What the line cost after discounts.") { line, _ in Amount(line.total) }
        }
        builder.object(Types.order, "A paid order.") { fields in
            fields.string("id", "ID!", "The order's id, like \"order-1001\".") { order, _ in order.id }
            fields.int("number", "Int!", "The order number, from 1001 per session.") { order, _ in order.number }
            fields.enumeration("status", Types.orderStatus, "Where the order is.") { order, _ in order.status }
            fields.string("placedAt", "String!", "When it was placed, on the virtual clock, ISO-8601 UTC.") { order, _ in order.placedAt.iso8601 }
            fields.string("email", "String", "The receipt address given at checkout.") { order, _ in order.email }
            fields.list("lines", Types.orderLine, "What was bought.") { order, _ in order.lines }
            fields.object("subtotal", Types.money, "The sum of line subtotals.") { order, _ in Amount(order.subtotal) }
            fields.object("discountTotal", Types.money, "Merchandise discounts.") { order, _ in Amount(order.discountTotal) }
            fields.object("shipping", Types.money, "Shipping charged.") { order, _ in Amount(order.shipping) }
            fields.object("total", Types.money, "What was charged.") { order, _ in Amount(order.total) }
            fields.list("discounts", Types.discountAllocation, "The discounts applied.") { order, _ in order.discounts }
            fields.object("payment", Types.payment, "The payment that paid for it.") { order, _ in order.payment }
        }
        builder.object(Types.paymentTestCard, "A card number the dummy payment service recognises.") { fields in
            fields.string("number", "String!", "The card number.") { card, _ in card.number }
            fields.string("brand", "String!", "The card network, like \"Visa\".") { card, _ in card.brand }
            fields.enumeration("outcome", Types.paymentStatus, "What paying with this card does.") { card, _ in card.outcome }
            fields.string("declineCode", "String", "The decline code for declining cards, like \"insufficient_funds\".") { card, _ in card.declineCode }
            fields.string("description", "String!", "What the card is for.") { card, _ in card.description }
        }
    }
}
