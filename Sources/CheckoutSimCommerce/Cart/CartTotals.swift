/// A cart line with its money worked out.
package struct CartLineView: Sendable, Equatable {
    /// The product's id.
    package let productId: String
    /// The product's position in the catalog.
    package let position: Int
    /// The variant's index in the product's `variants`.
    package let variant: Int
    /// How many units.
    package let quantity: Int
    /// The price of one unit, in minor units.
    package let unitPrice: Int64
    /// `unitPrice × quantity`, in minor units.
    package let subtotal: Int64
    /// This line's share of the cart's discounts, in minor units.
    package let discount: Int64
    /// `subtotal − discount`, in minor units.
    package var total: Int64 { subtotal - discount }
}

/// A cart with every total computed (docs/schema.md#cart): what the `Cart` type shows.
package struct CartView: Sendable, Equatable {
    /// The session the cart belongs to.
    package let sessionName: String
    /// The lines, in cart order.
    package let lines: [CartLineView]
    /// The sum of the line subtotals, in minor units.
    package let subtotal: Int64
    /// The discounts applied: offer first, then scratch reward.
    package let discounts: [DiscountAllocation]
    /// The discounts on the lines, in minor units (free shipping is not among them).
    package let discountTotal: Int64
    /// Shipping after any free-shipping discount, in minor units.
    package let shipping: Int64
    /// The offer on the cart, whether or not it applies now.
    package let offer: OfferDefinition?
    /// Whether the offer's conditions hold now.
    package let offerApplies: Bool
    /// The scratch card on the cart.
    package let scratchCard: ScratchCard?
    /// `subtotal − discountTotal + shipping`, in minor units.
    package var total: Int64 { subtotal - discountTotal + shipping }
    /// The units over all lines.
    package var totalQuantity: Int { lines.reduce(0) { $0 + $1.quantity } }
}

extension Shop {
    /// The cart of `session` with totals, in the order docs/schema.md#cart gives: subtotal, offer, scratch
    /// reward on what remains, shipping.
    package func cartView(for session: ShopperSession) -> CartView {
        let cart = session.cart
        var lines: [(id: String, position: Int, variant: Int, quantity: Int, price: Int64, subtotal: Int64, discount: Int64)] = []
        for line in cart.lines {
            guard let position = catalog.position(of: line.productId) else { continue }
            let price = catalog.products[position].price(of: line.variant)
            lines.append((line.productId, position, line.variant, line.quantity, price, price * Int64(line.quantity), 0))
        }
        let subtotal = lines.reduce(0) { $0 + $1.subtotal }
        var discounts: [DiscountAllocation] = []
        var freeShipping: [(DiscountSource, String, String)] = []

        func apply(_ value: DiscountValue, eligible: [Int], source: DiscountSource, code: String, title: String) {
            switch value.kind {
            case .freeShipping:
                freeShipping.append((source, code, title))
            case .percentOff, .amountOff:
                let remaining = eligible.map { lines[$0].subtotal - lines[$0].discount }
                let base = remaining.reduce(0, +)
                let amount = value.kind == .percentOff
                    ? MoneyMath.divideRoundingHalfEven(base * value.magnitude, by: 100) : min(value.magnitude, base)
                guard amount > 0 else { return }
                for (offset, share) in DiscountAllocator.allocate(amount, over: remaining).enumerated() {
                    lines[eligible[offset]].discount += share
                }
                discounts.append(DiscountAllocation(source: source, code: code, title: title, amount: amount, freeShipping: false))
            case .noReward:
                return
            }
        }

        let offer = cart.offerCode.flatMap { code in offers.first { $0.code == code } }
        let offerApplies = offer.map { offerProblem($0, shopper: session, subtotal: subtotal) == nil } ?? false
        if let offer, offerApplies {
            let eligible = lines.indices.filter { index in
                offer.brandId.map { catalog.products[lines[index].position].brandId == $0 } ?? true
            }
            apply(offer.value, eligible: eligible, source: .offer, code: offer.code, title: offer.title)
        }
        let card = cart.scratchCardId.flatMap { session.scratchCard(id: $0) }
        if let card, clock <= card.expiresAt, let index = card.rewardIndex, scratchTable.rewards.indices.contains(index) {
            let reward = scratchTable.rewards[index]
            apply(reward.value, eligible: Array(lines.indices), source: .scratchCard, code: card.id, title: reward.title)
        }
        let discountTotal = discounts.reduce(0) { $0 + $1.amount }
        var shipping = store.shippingPolicy.charge(merchandise: subtotal - discountTotal, hasLines: !lines.isEmpty)
        for (source, code, title) in freeShipping {
            discounts.append(DiscountAllocation(source: source, code: code, title: title, amount: shipping, freeShipping: true))
            shipping = 0
        }
        return CartView(
            sessionName: session.name,
            lines: lines.map {
                CartLineView(
                    productId: $0.id, position: $0.position, variant: $0.variant, quantity: $0.quantity, unitPrice: $0.price, subtotal: $0.subtotal,
                    discount: $0.discount)
            },
            subtotal: subtotal, discounts: discounts, discountTotal: discountTotal, shipping: shipping, offer: offer,
            offerApplies: offerApplies, scratchCard: card)
    }
}

/// Splits an order-level discount over lines in proportion to what each has left.
package enum DiscountAllocator {
    /// Floors each proportional share, then hands leftover minor units out one at a time by
    /// largest remainder, ties to the earlier line. The shares add up to `amount`, and no share
    /// exceeds its line's remaining amount when `amount` ≤ Σ `remaining`.
    package static func allocate(_ amount: Int64, over remaining: [Int64]) -> [Int64] {
        let total = remaining.reduce(0, +)
        guard total > 0, amount > 0 else { return remaining.map { _ in 0 } }
        var shares: [Int64] = []
        var remainders: [(remainder: Int64, index: Int)] = []
        for (index, part) in remaining.enumerated() {
            let product = amount.multipliedFullWidth(by: part)
            let (quotient, remainder) = total.dividingFullWidth(product)
            shares.append(quotient)
            remainders.append((remainder, index))
        }
        var leftover = amount - shares.reduce(0, +)
        remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
        var next = 0
        while leftover > 0, !remainders.isEmpty {
            shares[remainders[next % remainders.count].index] += 1
            leftover -= 1
            next += 1
        }
        return shares
    }
}
