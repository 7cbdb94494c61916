/// Checkout and the dummy payment service (docs/schema.md#checkout-and-the-dummy-payment-service).
extension Shop {
    /// Pays for the session's cart. Never throws: business failures are in `errors`.
    package mutating func checkout(_ input: CheckoutInput, session name: String) -> CheckoutOutcome {
        withSession(name) { session, shop in
            // The texts a session keeps are capped, so retries cannot grow it without bound.
            for (field, text, limit) in [("idempotencyKey", input.idempotencyKey, Self.maxIdempotencyKey), ("email", input.email, Self.maxEmail)] {
                if let text, text.isLonger(thanCharacters: limit) {
                    let error = CommerceError(.invalidInput, "The \(field) must be at most \(limit) characters.", field: ["input", field])
                    return CheckoutOutcome(order: nil, payment: nil, cart: shop.cartView(for: session), errors: [error])
                }
            }
            if let key = input.idempotencyKey, let record = session.idempotency.first(where: { $0.key == key }) {
                guard record.input == input else {
                    let error = CommerceError(
                        .idempotencyKeyReused, "The idempotency key \"\(key)\" was already used with a different request.",
                        field: ["input", "idempotencyKey"])
                    return CheckoutOutcome(order: nil, payment: nil, cart: shop.cartView(for: session), errors: [error])
                }
                var replay = record.outcome
                replay.isReplay = true
                return replay
            }
            let view = shop.cartView(for: session)
            let digits: String
            switch shop.checkBeforePayment(input, view: view) {
            case .success(let checked): digits = checked
            case .failure(let failures): return CheckoutOutcome(order: nil, payment: nil, cart: view, errors: failures.errors)
            }
            let outcome = shop.pay(input, digits: digits, view: view, shopper: &session)
            if let key = input.idempotencyKey {
                session.idempotency.append((key, input, outcome))
            }
            return outcome
        }
    }

    /// The longest idempotency key kept, in characters (Stripe's limit).
    package static let maxIdempotencyKey = 255
    /// The longest email kept on an order, in characters (RFC 5321's path limit).
    package static let maxEmail = 254

    struct CheckFailures: Error {
        let errors: [CommerceError]
    }

    private func checkBeforePayment(_ input: CheckoutInput, view: CartView) -> Result<String, CheckFailures> {
        guard !view.lines.isEmpty else {
            return .failure(CheckFailures(errors: [CommerceError(.cartEmpty, "The cart is empty.")]))
        }
        let digits: String
        do {
            digits = try PaymentCard.validate(input, now: clock)
        } catch {
            return .failure(CheckFailures(errors: [error]))
        }
        let shortages = view.lines.compactMap { line -> CommerceError? in
            let stock = inventory.stock(at: line.position, variant: line.variant)
            guard line.quantity > stock else { return nil }
            let name = catalog.products[line.position].name
            return CommerceError(
                .insufficientStock, "Only \(stock) of \"\(name)\" \(stock == 1 ? "is" : "are") available; the cart holds \(line.quantity).",
                field: ["lines", line.productId])
        }
        return shortages.isEmpty ? .success(digits) : .failure(CheckFailures(errors: shortages))
    }

    private mutating func pay(_ input: CheckoutInput, digits: String, view: CartView, shopper session: inout ShopperSession) -> CheckoutOutcome {
        let testCard = testCards.first { $0.number == digits }
        // A payments lever decides the outcome whatever the card (docs/control.md#levers).
        let declineCode = takeForcedPayment() ?? (testCard?.succeeds == false ? testCard?.declineCode ?? "generic_decline" : nil)
        let payment = Payment(
            id: "pay-\(session.payments.count + 1)", succeeded: declineCode == nil, amount: view.total,
            cardBrand: testCard?.brand ?? PaymentCard.brand(of: digits), cardLast4: String(digits.suffix(4)),
            declineCode: declineCode)
        session.payments.append(payment)
        guard payment.succeeded else {
            let error = CommerceError(
                .paymentDeclined, "The card was declined (\(payment.declineCode ?? "generic_decline")).", field: ["input", "card"])
            return CheckoutOutcome(order: nil, payment: payment, cart: view, errors: [error])
        }
        let number = 1001 + session.orders.count
        let order = Order(
            id: "order-\(number)", number: number, placedAt: clock, email: input.email,
            lines: view.lines.map {
                OrderLine(productId: $0.productId, variant: $0.variant, quantity: $0.quantity, unitPrice: $0.unitPrice, discount: $0.discount, total: $0.total)
            },
            subtotal: view.subtotal, discountTotal: view.discountTotal, shipping: view.shipping, total: view.total,
            discounts: view.discounts, payment: payment)
        for line in view.lines {
            inventory.setStock(inventory.stock(at: line.position, variant: line.variant) - line.quantity, at: line.position, variant: line.variant)
        }
        session.orders.append(order)
        let signedIn = session.customerToken.flatMap { customers.customer(token: $0, at: clock)?.number }
        if let customer = signedIn ?? session.cart.details?.buyer.customer {
            let selected = session.cart.details?.addresses.first(where: \.selected).map { MailingAddress(fields: $0.fields) }
            customers.recordOrder(
                order, customer: customer, session: session.name,
                address: selected ?? customers.customer(number: customer)?.defaultMailingAddress?.address)
        }
        if let email = order.email { sendConfirmation(of: order, to: email, session: session.name) }
        if let cardId = session.cart.scratchCardId, let index = session.scratchCards.firstIndex(where: { $0.id == cardId }) {
            let used = view.discounts.contains { $0.source == .scratchCard && $0.code == cardId }
            session.scratchCards[index].state = used ? .redeemed : .revealed
        }
        session.cart = Cart()
        if let threshold = scratchTable.issueOnOrderOver, order.total >= threshold {
            issueCard(to: &session)
        }
        return CheckoutOutcome(order: order, payment: payment, cart: cartView(for: session), errors: [])
    }
}
