/// A cart line with its money worked out.
public struct CartLineView: Sendable, Equatable {
    public let productId: String
    public let position: Int
    public let quantity: Int
    public let unitPrice: Int64
    public let subtotal: Int64
    public let discount: Int64
    public var total: Int64 { subtotal - discount }
}

/// A cart with every total computed (SPEC §6.6): what the `Cart` type shows.
public struct CartView: Sendable, Equatable {
    public let sessionName: String
    public let lines: [CartLineView]
    public let subtotal: Int64
    public let discounts: [DiscountAllocation]
    public let discountTotal: Int64
    public let shipping: Int64
    public let offer: OfferDefinition?
    public let offerApplies: Bool
    public let scratchCard: ScratchCard?
    public var total: Int64 { subtotal - discountTotal + shipping }
    public var totalQuantity: Int { lines.reduce(0) { $0 + $1.quantity } }
}

extension Shop {
    /// The cart of `session` with totals, in the order SPEC §6.6 gives: subtotal, offer, scratch
    /// reward on what remains, shipping.
    public func cartView(for session: ShopperSession) -> CartView {
        let cart = session.cart
        var lines: [(id: String, position: Int, quantity: Int, price: Int64, subtotal: Int64, discount: Int64)] = []
        for line in cart.lines {
            guard let position = catalog.position(of: line.productId) else { continue }
            let price = catalog.products[position].price
            lines.append((line.productId, position, line.quantity, price, price * Int64(line.quantity), 0))
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
        let offerApplies = offer.map { offerProblem($0, session: session, subtotal: subtotal) == nil } ?? false
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
        let chargeable = !lines.isEmpty && subtotal - discountTotal < store.freeShippingOver ? store.flatRateShipping : 0
        var shipping = chargeable
        for (source, code, title) in freeShipping {
            discounts.append(DiscountAllocation(source: source, code: code, title: title, amount: shipping, freeShipping: true))
            shipping = 0
        }
        return CartView(
            sessionName: session.name,
            lines: lines.map {
                CartLineView(productId: $0.id, position: $0.position, quantity: $0.quantity, unitPrice: $0.price, subtotal: $0.subtotal, discount: $0.discount)
            },
            subtotal: subtotal, discounts: discounts, discountTotal: discountTotal, shipping: shipping, offer: offer,
            offerApplies: offerApplies, scratchCard: card)
    }
}

/// Splits an order-level discount over lines in proportion to what each has left.
public enum DiscountAllocator {
    /// Floors each proportional share, then hands leftover minor units out one at a time by
    /// largest remainder, ties to the earlier line. The shares add up to `amount`, and no share
    /// exceeds its line's remaining amount when `amount` ≤ Σ `remaining`.
    public static func allocate(_ amount: Int64, over remaining: [Int64]) -> [Int64] {
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
