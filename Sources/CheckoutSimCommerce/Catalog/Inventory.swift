/// Units in stock per product position, shared by every session of a simulator.
package struct Inventory: Sendable, Equatable {
    private var units: [Int]

    /// Every product's initial stock.
    package init(catalog: Catalog) {
        units = catalog.products.map(\.initialStock)
    }

    /// Units in stock of the product at `position` (0 when there is none).
    package func stock(at position: Int) -> Int {
        units.indices.contains(position) ? units[position] : 0
    }

    /// Sets the product's stock (never below 0).
    package mutating func setStock(_ value: Int, at position: Int) {
        while units.count <= position { units.append(0) }
        units[position] = max(0, value)
    }
}
