/// An order a customer paid (docs/customers.md#orders): through either API or the hosted checkout
/// while signed in, or one of a fixture customer's past orders.
package struct CustomerOrder: Sendable, Equatable {
    /// Counting every customer's orders in the shop, from 1: the number of its Storefront id.
    package let number: Int
    /// The customer's number.
    package let customer: Int
    /// The session it was placed in, whose order page shows it (`customer-N` for a past order of
    /// the fixtures).
    package let session: String
    package let order: Order
    /// Where it ships: the cart's selected address, else the customer's default then.
    package let shippingAddress: MailingAddress?
}

/// A past order `customers.json` gives a customer: when, and what (priced from the catalog).
package struct PastOrderFixture: Sendable, Equatable {
    package struct Line: Sendable, Equatable {
        package let productId: String
        /// The variant's index in the product's variants.
        package let variant: Int
        package let quantity: Int

        package init(productId: String, variant: Int, quantity: Int) {
            self.productId = productId
            self.variant = variant
            self.quantity = quantity
        }
    }

    package let placedAt: Instant
    package let lines: [Line]

    package init(placedAt: Instant, lines: [Line]) {
        self.placedAt = placedAt
        self.lines = lines
    }
}

extension CustomerBook {
    /// The most customer orders a shop keeps; past it the oldest go (docs/limits.md#shop-bounds).
    package static let maxOrders = 100_000

    /// Customer `customer`'s orders, oldest first.
    package func orders(of customer: Int) -> [CustomerOrder] {
        allOrders.filter { $0.customer == customer }
    }

    /// Keeps `order`, paid by customer `customer` in `session`.
    @discardableResult
    package mutating func recordOrder(_ order: Order, customer: Int, session: String, address: MailingAddress?) -> CustomerOrder {
        ordersMade += 1
        let kept = CustomerOrder(number: ordersMade, customer: customer, session: session, order: order, shippingAddress: address)
        if allOrders.count >= Self.maxOrders { allOrders.removeFirst() }
        allOrders.append(kept)
        return kept
    }
}

extension Shop {
    /// The number of a fixture customer's first past order (docs/customers.md#orders).
    package static let firstPastOrderNumber = 901

    /// Enrolls a fixture customer with their past orders, each priced from the catalog as it is
    /// now, shipped to their default address and paid by Visa ending 4242 (docs/customers.md#orders).
    mutating func enroll(_ fixture: CustomerFixture) {
        guard let customer = customers.enroll(fixture, at: clock) else { return }
        if customer.state == .invited { sendActivation(to: customer) }
        let session = "customer-\(customer.number)"
        for (index, past) in fixture.orders.enumerated() {
            var lines: [OrderLine] = []
            for line in past.lines {
                guard let position = catalog.position(of: line.productId),
                      catalog.products[position].variants.indices.contains(line.variant)
                else { continue }
                let price = catalog.products[position].variants[line.variant].price
                let (total, overflow) = price.multipliedReportingOverflow(by: Int64(line.quantity))
                guard !overflow else { continue }
                lines.append(OrderLine(productId: line.productId, variant: line.variant, quantity: line.quantity, unitPrice: price, discount: 0, total: total))
            }
            guard !lines.isEmpty else { continue }
            let subtotal = lines.reduce(Int64(0)) { $0 + $1.total }
            let shipping = store.shippingPolicy.charge(merchandise: subtotal, hasLines: true)
            // From 901, so a past order never shares a number with a session's own (from 1001).
            let number = Self.firstPastOrderNumber + index
            let payment = Payment(
                id: "pay-\(index + 1)", succeeded: true, amount: subtotal + shipping, cardBrand: "visa", cardLast4: "4242", declineCode: nil)
            let order = Order(
                id: "order-\(number)", number: number, placedAt: past.placedAt, email: customer.email, lines: lines, subtotal: subtotal,
                discountTotal: 0, shipping: shipping, total: subtotal + shipping, discounts: [], payment: payment)
            customers.recordOrder(order, customer: customer.number, session: session, address: customer.defaultMailingAddress?.address)
        }
    }
}
