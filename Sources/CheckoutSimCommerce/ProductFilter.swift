#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The catalog filter of SPEC §6.3: search terms, memberships, a price range and stock.
public struct ProductFilter: Sendable, Equatable {
    /// Lowercased search terms, as UTF-8; every one must occur in the product's search text.
    public var searchTerms: [[UInt8]] = []
    /// Only these brands; empty for any.
    public var brandIds: [String] = []
    /// Only these model families; empty for any.
    public var models: [String] = []
    /// Only these categories; empty for any.
    public var categories: [String] = []
    /// The lowest price, in minor units, inclusive.
    public var minPrice: Int64?
    /// The highest price, in minor units, inclusive.
    public var maxPrice: Int64?
    /// Only products with stock left.
    public var inStockOnly = false

    /// A filter that matches everything.
    public init() {}

    /// Splits `search` on whitespace; blank text means no search.
    public mutating func setSearch(_ search: String?) {
        searchTerms = (search ?? "").lowercased().split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
    }

    /// Whether the filter matches everything.
    public var isEmpty: Bool {
        searchTerms.isEmpty && brandIds.isEmpty && models.isEmpty && categories.isEmpty && minPrice == nil
            && maxPrice == nil && !inStockOnly
    }

    /// Which positions match, as one flag per product.
    ///
    /// - Complexity: O(n) over flat arrays: prices, stock, and one UTF-8 buffer searched with
    ///   `memmem`, so a search over 100,000 products takes a few milliseconds.
    public func mask(_ catalog: Catalog, inventory: Inventory) -> [Bool] {
        let count = catalog.products.count
        var mask = [Bool](repeating: true, count: count)
        for position in 0..<count {
            let price = catalog.prices[position]
            if let minPrice, price < minPrice { mask[position] = false }
            if let maxPrice, price > maxPrice { mask[position] = false }
            if inStockOnly, inventory.stock(at: position) <= 0 { mask[position] = false }
        }
        if !brandIds.isEmpty || !models.isEmpty || !categories.isEmpty {
            for (position, product) in catalog.products.enumerated() where mask[position] {
                if !brandIds.isEmpty, !brandIds.contains(product.brandId) { mask[position] = false }
                if !models.isEmpty, !models.contains(product.model) { mask[position] = false }
                if !categories.isEmpty, !categories.contains(product.category) { mask[position] = false }
            }
        }
        guard !searchTerms.isEmpty else { return mask }
        catalog.searchBytes.withUnsafeBufferPointer { bytes in
            catalog.searchOffsets.withUnsafeBufferPointer { offsets in
                for position in 0..<count where mask[position] {
                    let start = offsets[position]
                    let length = offsets[position + 1] - start
                    for term in searchTerms where !Self.contains(bytes, start: start, length: length, term) {
                        mask[position] = false
                        break
                    }
                }
            }
        }
        return mask
    }

    /// Whether `needle` occurs in `haystack[start ..< start + length]`.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, start: Int, length: Int, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= length, let base = haystack.baseAddress else { return false }
        let text = UnsafeRawPointer(base + start)
        return needle.withUnsafeBufferPointer { pin in
            guard let pattern = pin.baseAddress else { return false }
            let last = length - pin.count
            var offset = 0
            while offset <= last {
                guard let hit = memchr(text + offset, Int32(pattern.pointee), last - offset + 1) else { return false }
                let found = UnsafeRawPointer(hit)
                if memcmp(found, pattern, pin.count) == 0 { return true }
                offset = text.distance(to: found) + 1
            }
            return false
        }
    }
}

/// Units in stock per product position, shared by every session of a simulator.
public struct Inventory: Sendable, Equatable {
    private var units: [Int]

    /// Every product's initial stock.
    public init(catalog: Catalog) {
        units = catalog.products.map(\.initialStock)
    }

    /// Units in stock of the product at `position` (0 when there is none).
    public func stock(at position: Int) -> Int {
        units.indices.contains(position) ? units[position] : 0
    }

    /// Sets the product's stock (never below 0).
    public mutating func setStock(_ value: Int, at position: Int) {
        while units.count <= position { units.append(0) }
        units[position] = max(0, value)
    }
}
