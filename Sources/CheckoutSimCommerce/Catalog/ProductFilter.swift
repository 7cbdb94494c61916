#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `search` matches (docs/schema.md#ordering-search-and-filters).
package enum SearchMode: String, Sendable, CaseIterable {
    /// Every whitespace-separated term occurs somewhere in the name, brand, model or category.
    case contains = "CONTAINS"
    /// Every term starts a word of that text (search-as-you-type).
    case wordPrefix = "WORD_PREFIX"
    /// The whole trimmed text starts the name.
    case namePrefix = "NAME_PREFIX"
}

/// The catalog filter of docs/schema.md#ordering-search-and-filters: search terms, memberships, a price range and stock.
package struct ProductFilter: Sendable, Equatable {
    /// Lowercased search terms, as UTF-8; how they must match is `searchMode`.
    package private(set) var searchTerms: [[UInt8]] = []
    /// How the search terms match.
    package private(set) var searchMode = SearchMode.contains
    /// The search as given, which a listing remembers among the session's recent searches.
    package private(set) var search: String?
    /// Only these brands; empty for any.
    package var brandIds: [String] = []
    /// Only these model families; empty for any.
    package var models: [String] = []
    /// Only these categories; empty for any.
    package var categories: [String] = []
    /// The lowest price, in minor units, inclusive.
    package var minPrice: Int64?
    /// The highest price, in minor units, inclusive.
    package var maxPrice: Int64?
    /// Only products with stock left.
    package var inStockOnly = false
    /// Only the positions flagged (one flag per product, worked out by a query the caller
    /// parsed, such as a Storefront search); nil for any.
    package var positions: [Bool]?

    /// A filter that matches everything.
    package init() {}

    /// Sets the search; blank text means no search.
    ///
    /// `contains` splits on whitespace; `wordPrefix` splits on whitespace and ASCII punctuation,
    /// as it splits the product's words, so "iphone-1" finds "iPhone 15"; `namePrefix` keeps the
    /// whole trimmed text as one term.
    package mutating func setSearch(_ search: String?, mode: SearchMode = .contains) {
        self.search = search
        searchMode = mode
        let lowered = (search ?? "").lowercased()
        switch mode {
        case .contains:
            searchTerms = lowered.split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
        case .wordPrefix:
            searchTerms = Array(lowered.utf8).split(whereSeparator: Self.separatesWords).map(Array.init)
        case .namePrefix:
            let trimmed = lowered.trimmingCharacters(in: .whitespacesAndNewlines)
            searchTerms = trimmed.isEmpty ? [] : [Array(trimmed.utf8)]
        }
    }

    /// Whether `byte` separates words for `wordPrefix`: ASCII other than letters and digits.
    /// Bytes of non-ASCII characters belong to words ("é" never splits "café").
    static func separatesWords(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") || byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        return !isDigit && !isLetter
    }

    /// Whether the filter matches everything.
    package var isEmpty: Bool {
        searchTerms.isEmpty && brandIds.isEmpty && models.isEmpty && categories.isEmpty && minPrice == nil
            && maxPrice == nil && !inStockOnly && positions == nil
    }

    /// Which positions match, as one flag per product.
    ///
    /// - Complexity: O(n) over flat arrays: prices, stock, interned dimensions and one UTF-8
    ///   buffer searched with `memchr`/`memcmp`, so a search over 100,000 products takes a few
    ///   milliseconds.
    package func mask(_ catalog: Catalog, inventory: Inventory) -> [Bool] {
        var mask = baseMask(catalog, inventory: inventory)
        let allowed = allowedDimensions(catalog)
        let dimensions = catalog.dimensions
        if !allowed.isEmpty {
            for position in mask.indices where mask[position] {
                mask[position] = allowed.admits(position, dimensions)
            }
        }
        return mask
    }

    /// Which positions pass everything but the brand, model and category lists: the part of the
    /// filter every facet count applies.
    func baseMask(_ catalog: Catalog, inventory: Inventory) -> [Bool] {
        let count = catalog.products.count
        var mask = positions.map { $0.count == count ? $0 : [Bool](repeating: false, count: count) } ?? [Bool](repeating: true, count: count)
        if minPrice != nil || maxPrice != nil || inStockOnly {
            for position in 0..<count {
                let price = catalog.prices[position]
                if let minPrice, price < minPrice { mask[position] = false }
                if let maxPrice, price > maxPrice { mask[position] = false }
                if inStockOnly, inventory.stock(at: position) <= 0 { mask[position] = false }
            }
        }
        guard !searchTerms.isEmpty else { return mask }
        catalog.searchBytes.withUnsafeBufferPointer { bytes in
            catalog.searchOffsets.withUnsafeBufferPointer { offsets in
                for position in 0..<count where mask[position] {
                    let start = offsets[position]
                    let length = searchMode == .namePrefix ? catalog.nameLengths[position] : offsets[position + 1] - start
                    for term in searchTerms where !Self.matches(term, in: bytes, start: start, length: length, mode: searchMode) {
                        mask[position] = false
                        break
                    }
                }
            }
        }
        return mask
    }

    /// The brand, model and category lists as one flag per interned value.
    func allowedDimensions(_ catalog: Catalog) -> AllowedDimensions {
        func flags(_ wanted: [String], count: Int, number: (String) -> Int32?) -> [Bool]? {
            guard !wanted.isEmpty else { return nil }
            var flags = [Bool](repeating: false, count: count)
            for value in wanted { if let number = number(value) { flags[Int(number)] = true } }
            return flags
        }
        let dimensions = catalog.dimensions
        return AllowedDimensions(
            brands: flags(brandIds, count: dimensions.brandCount) { catalog.brand(id: $0).map { Int32($0.position) } },
            models: flags(models, count: dimensions.modelValues.count, number: dimensions.modelNumber),
            categories: flags(categories, count: dimensions.categoryValues.count, number: dimensions.categoryNumber))
    }

    static func matches(_ term: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int, mode: SearchMode) -> Bool {
        switch mode {
        case .contains:
            return contains(bytes, start: start, length: length, term)
        case .namePrefix:
            guard term.count <= length else { return false }
            return term.withUnsafeBufferPointer { pattern in
                guard let base = bytes.baseAddress, let pattern = pattern.baseAddress else { return term.isEmpty }
                return memcmp(base + start, pattern, term.count) == 0
            }
        case .wordPrefix:
            return contains(bytes, start: start, length: length, term) { offset in
                offset == start || separatesWords(bytes[offset - 1])
            }
        }
    }

    /// Whether `needle` occurs in `haystack[start ..< start + length]` at an offset `accept` allows.
    static func contains(
        _ haystack: UnsafeBufferPointer<UInt8>, start: Int, length: Int, _ needle: [UInt8], accept: (Int) -> Bool = { _ in true }
    ) -> Bool {
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
                if memcmp(found, pattern, pin.count) == 0, accept(start + text.distance(to: found)) { return true }
                offset = text.distance(to: found) + 1
            }
            return false
        }
    }
}

/// The brand, model and category lists of a filter as flags per interned value; nil = any.
struct AllowedDimensions {
    let brands: [Bool]?
    let models: [Bool]?
    let categories: [Bool]?

    var isEmpty: Bool { brands == nil && models == nil && categories == nil }

    func brand(_ position: Int, _ dimensions: CatalogDimensions) -> Bool {
        guard let brands else { return true }
        let number = Int(dimensions.brands[position])
        return number >= 0 && brands[number]
    }

    func model(_ position: Int, _ dimensions: CatalogDimensions) -> Bool {
        models.map { $0[Int(dimensions.models[position])] } ?? true
    }

    func category(_ position: Int, _ dimensions: CatalogDimensions) -> Bool {
        categories.map { $0[Int(dimensions.categories[position])] } ?? true
    }

    func admits(_ position: Int, _ dimensions: CatalogDimensions) -> Bool {
        brand(position, dimensions) && model(position, dimensions) && category(position, dimensions)
    }
}
