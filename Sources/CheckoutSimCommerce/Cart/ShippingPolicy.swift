/// What shipping costs: a flat rate for a cart with lines, nothing once the merchandise after
/// discounts reaches the free-shipping threshold (a free-shipping discount then waives the rest).
package struct ShippingPolicy: Sendable, Equatable {
    /// Shipping for a cart with lines, in minor units.
    package let flatRate: Int64
    /// Merchandise from this amount ships free, in minor units.
    package let freeOver: Int64

    /// The shipping a cart is charged before free-shipping discounts.
    package func charge(merchandise: Int64, hasLines: Bool) -> Int64 {
        hasLines && merchandise < freeOver ? flatRate : 0
    }
}

extension StoreSettings {
    /// The store's shipping policy.
    package var shippingPolicy: ShippingPolicy {
        ShippingPolicy(flatRate: flatRateShipping, freeOver: freeShippingOver)
    }
}
