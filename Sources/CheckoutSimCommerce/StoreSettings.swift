/// Store-wide settings from `store.json`.
package struct StoreSettings: Sendable, Equatable {
    /// The store's display name.
    package let name: String
    /// How the store writes money.
    package let currency: Currency
    /// The simulated clock's starting time.
    package let now: Instant
    /// The seed of every random draw (scratch cards).
    package let seed: UInt64
    /// Shipping for a non-empty cart, in minor units.
    package let flatRateShipping: Int64
    /// Subtotals from this amount ship free, in minor units.
    package let freeShippingOver: Int64
    /// The per-cart limit for products that set none.
    package let defaultMaxPerOrder: Int
    /// The tax rate of products that set none.
    package let defaultTaxRate: TaxRate
    /// The brand of products added without one; nil when a brand is required.
    package let defaultBrandId: String?

    /// Settings as `store.json` gives them; amounts in minor units.
    package init(
        name: String, currency: Currency, now: Instant, seed: UInt64, flatRateShipping: Int64, freeShippingOver: Int64,
        defaultMaxPerOrder: Int, defaultTaxRate: TaxRate = .zero, defaultBrandId: String? = nil
    ) {
        self.defaultTaxRate = defaultTaxRate
        self.defaultBrandId = defaultBrandId
        self.name = name
        self.currency = currency
        self.now = now
        self.seed = seed
        self.flatRateShipping = flatRateShipping
        self.freeShippingOver = freeShippingOver
        self.defaultMaxPerOrder = defaultMaxPerOrder
    }
}
