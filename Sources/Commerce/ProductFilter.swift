/// The catalog filter of SPEC §6.3: search terms, memberships, a price range and stock.
public struct ProductFilter: Sendable, Equatable {
    /// Lowercased search terms, as UTF-8; every one must occur in the product's search text.
    public var searchTerms: [[UInt8]] = []
    public var brandIds: [String] = []
    public var models: [String] = []
    public var categories: [String] = []
    public var minPrice: Int64?
    public var maxPrice: Int64?
    public var inStockOnly = false

    public init() {}

    /// Splits `search` on whitespace; blank text means no search.
    public mutating func setSearch(_ search: String?) {
        searchTerms = (search ?? "").lowercased().split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
    }

    public var isEmpty: Bool {
        searchTerms.isEmpty && brandIds.isEmpty && models.isEmpty && categories.isEmpty && minPrice == nil
            && maxPrice == nil && !inStockOnly
    }

    public func matches(_ position: Int, in catalog: Catalog, inventory: Inventory) -> Bool {
        let product = catalog.products[position]
        if let minPrice, product.price < minPrice { return false }
        if let maxPrice, product.price > maxPrice { return false }
        if inStockOnly, inventory.stock(at: position) <= 0 { return false }
        if !brandIds.isEmpty, !brandIds.contains(product.brandId) { return false }
        if !models.isEmpty, !models.contains(product.model) { return false }
        if !categories.isEmpty, !categories.contains(product.category) { return false }
        if !searchTerms.isEmpty {
            let text = catalog.searchText[position]
            for term in searchTerms where !Self.contains(text, term) { return false }
        }
        return true
    }

    /// Byte substring search; both sides are already lowercased UTF-8.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var index = 0
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == first {
                        var matched = 1
                        while matched < pin.count, hay[index + matched] == pin[matched] { matched += 1 }
                        if matched == pin.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}

/// Units in stock per product position, shared by every session of a simulator.
public struct Inventory: Sendable, Equatable {
    private var units: [Int]

    public init(catalog: Catalog) {
        units = catalog.products.map(\.initialStock)
    }

    public func stock(at position: Int) -> Int {
        units.indices.contains(position) ? units[position] : 0
    }

    public mutating func setStock(_ value: Int, at position: Int) {
        while units.count <= position { units.append(0) }
        units[position] = max(0, value)
    }
}
