/// Store-wide settings from `store.json`.
public struct StoreSettings: Sendable, Equatable {
    /// The store's display name.
    public let name: String
    /// How the store writes money.
    public let currency: Currency
    /// The simulated clock's starting time.
    public let now: Instant
    /// The seed of every random draw (scratch cards).
    public let seed: UInt64
    /// Shipping for a non-empty cart, in minor units.
    public let flatRateShipping: Int64
    /// Subtotals from this amount ship free, in minor units.
    public let freeShippingOver: Int64
    /// The per-cart limit for products that set none.
    public let defaultMaxPerOrder: Int
    /// The tax rate of products that set none.
    public let defaultTaxRate: TaxRate
    /// The brand of products added without one; nil when a brand is required.
    public let defaultBrandId: String?

    /// Settings as `store.json` gives them; amounts in minor units.
    public init(
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
