import CheckoutSimSupport

/// The orders products can be listed in; every tie is broken by id ascending.
package enum ProductOrder: String, Sendable, CaseIterable, Hashable {
    case featured = "FEATURED"
    case priceAscending = "PRICE_ASC"
    case priceDescending = "PRICE_DESC"
    case newest = "NEWEST"
    case oldest = "OLDEST"
    case nameAscending = "NAME_ASC"
    case nameDescending = "NAME_DESC"
    /// Brand sections: brand position, then rank.
    case brand = "BRAND"
    /// Catalog position: the fixtures' order, then products added (the order of Storefront ids,
    /// docs/storefront.md#sorting).
    case position = "POSITION"

    /// `rawValue` as static text, for cursors written without making a `String`.
    var text: StaticString {
        switch self {
        case .featured: "FEATURED"
        case .priceAscending: "PRICE_ASC"
        case .priceDescending: "PRICE_DESC"
        case .newest: "NEWEST"
        case .oldest: "OLDEST"
        case .nameAscending: "NAME_ASC"
        case .nameDescending: "NAME_DESC"
        case .brand: "BRAND"
        case .position: "POSITION"
        }
    }

    var descending: Bool {
        self == .priceDescending || self == .newest || self == .nameDescending
    }

    /// True when (keyA, idA) comes strictly before (keyB, idB).
    static func precedes(_ keyA: SortKey, _ idA: String, _ keyB: SortKey, _ idB: String, order: ProductOrder) -> Bool {
        if keyA != keyB { return order.descending ? keyB < keyA : keyA < keyB }
        return idA.precedesBytewise(idB)
    }

    /// The first position in `index` whose item does not come before (key, id).
    static func insertionPoint(
        in index: [Int], key: SortKey, id: String, order: ProductOrder, keyAt: (Int) -> (SortKey, String)
    ) -> Int {
        var low = 0
        var high = index.count
        while low < high {
            let middle = (low + high) / 2
            let (middleKey, middleId) = keyAt(index[middle])
            if precedes(middleKey, middleId, key, id, order: order) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}

/// A sort key: an integer (rank, price, time) or lowercased text (name).
package enum SortKey: Sendable, Hashable, Comparable {
    case int(Int64)
    case text(String)

    /// Integers before text; integers by value, text bytewise.
    package static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): a < b
        case (.text(let a), .text(let b)): a.precedesBytewise(b)
        case (.int, .text): true
        case (.text, .int): false
        }
    }
}
