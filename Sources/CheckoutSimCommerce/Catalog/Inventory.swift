/// Units in stock per product variant, shared by every session of a simulator; a product's stock
/// is the sum of its variants'.
package struct Inventory: Sendable, Equatable {
    /// Every variant's units, product by product.
    private var units: [Int] = []
    /// Where each product's variants start in `units`, by position; one more entry at the end.
    private var starts: [Int] = [0]
    /// Each product's units over all its variants, kept as they change: a product's stock is read
    /// for every listed product, and is one load, as it was before products had variants.
    private var totals: [Int] = []

    /// Every variant's initial stock.
    package init(catalog: Catalog) {
        units.reserveCapacity(catalog.products.count)
        starts.reserveCapacity(catalog.products.count + 1)
        totals.reserveCapacity(catalog.products.count)
        for product in catalog.products { append(product) }
    }

    /// Adds the variants of a product appended to the catalog.
    package mutating func append(_ product: Product) {
        units += product.variants.map(\.initialStock)
        starts.append(units.count)
        totals.append(product.variants.reduce(0) { $0 + $1.initialStock })
    }

    /// Units in stock of the product at `position`, all its variants (0 when there is none).
    package func stock(at position: Int) -> Int {
        totals.indices.contains(position) ? totals[position] : 0
    }

    /// Units in stock of one variant of the product at `position` (0 when there is none).
    package func stock(at position: Int, variant: Int) -> Int {
        guard position >= 0, position + 1 < starts.count, variant >= 0, starts[position] + variant < starts[position + 1] else { return 0 }
        return units[starts[position] + variant]
    }

    /// Sets one variant's stock (never below 0).
    package mutating func setStock(_ value: Int, at position: Int, variant: Int) {
        guard position >= 0, position + 1 < starts.count, variant >= 0, starts[position] + variant < starts[position + 1] else { return }
        let index = starts[position] + variant
        totals[position] += max(0, value) - units[index]
        units[index] = max(0, value)
    }

    /// Sets a product's stock: all of it on its first variant, none on the others (docs/control.md#levers).
    package mutating func setStock(_ value: Int, at position: Int) {
        guard position >= 0, position + 1 < starts.count else { return }
        for index in starts[position]..<starts[position + 1] { units[index] = 0 }
        units[starts[position]] = max(0, value)
        totals[position] = max(0, value)
    }
}
