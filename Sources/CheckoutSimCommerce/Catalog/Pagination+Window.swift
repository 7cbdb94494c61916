/// Keyset pagination in both directions (docs/storefront.md#pagination): the Storefront dialect's
/// `first/after` and `last/before`, over an order or its reverse.
extension Paginator {
    /// Which way a page is read from its cursor.
    package enum Direction: Sendable {
        /// The `count` items after the cursor (`first`/`after`).
        case forward
        /// The `count` items before the cursor (`last`/`before`), in list order.
        case backward
    }

    /// A page of `count` matching products next to `cursor` in `order`, read `direction`, over the
    /// order reversed when `reversed`. Like `page`, it never repeats or skips a product when the
    /// catalog changes between requests: the page starts strictly past the cursor's (key, id).
    ///
    /// - Complexity: O(log n + count) without a filter; a filter adds O(n) to count matches.
    package static func window(
        _ catalog: Catalog, inventory: Inventory, order: ProductOrder, reversed: Bool, filter: ProductFilter, count: Int,
        cursor: Cursor?, direction: Direction, endpoint: String
    ) -> ProductPage {
        let index = catalog.indexes(for: order)
        let mask = filter.isEmpty ? [] : filter.mask(catalog, inventory: inventory)
        let matches = { (position: Int) in mask.isEmpty || mask[position] }
        // Where the cursor's item is (or would be) in the ascending index.
        var cursorAt: (before: Int, after: Int)?
        if let cursor {
            let point = ProductOrder.insertionPoint(in: index, key: cursor.key, id: cursor.id, order: order) {
                (catalog.key(of: $0, in: order), catalog.products[$0].id)
            }
            let present = point < index.count && catalog.products[index[point]].id == cursor.id
            cursorAt = (point, present ? point + 1 : point)
        }
        // Reading forward over the reversed order walks the ascending index down, and so on.
        let walksUp = (direction == .forward) != reversed
        var positions: [Int] = []
        positions.reserveCapacity(min(count, index.count))
        var more = false
        if walksUp {
            var scan = cursorAt?.after ?? 0
            while scan < index.count {
                let position = index[scan]
                scan += 1
                guard matches(position) else { continue }
                if positions.count == count { more = true; break }
                positions.append(position)
            }
        } else {
            var scan = (cursorAt?.before ?? index.count) - 1
            while scan >= 0 {
                let position = index[scan]
                scan -= 1
                guard matches(position) else { continue }
                if positions.count == count { more = true; break }
                positions.append(position)
            }
        }
        // Items on the cursor's other side, the cursor's own item included: any at all is enough.
        var behind = false
        if let cursorAt {
            if walksUp {
                var scan = cursorAt.after - 1
                while scan >= 0, !behind { behind = matches(index[scan]); scan -= 1 }
            } else {
                var scan = cursorAt.before
                while scan < index.count, !behind { behind = matches(index[scan]); scan += 1 }
            }
        }
        // A backward page is listed in the order's direction.
        if direction == .backward { positions.reverse() }
        let totalCount = filter.isEmpty ? index.count : mask.reduce(0) { $0 + ($1 ? 1 : 0) }
        return ProductPage(
            positions: positions, cursors: PageCursors(catalog, positions: positions, order: order, endpoint: endpoint),
            hasNextPage: direction == .forward ? more : behind, hasPreviousPage: direction == .forward ? behind : more, totalCount: totalCount)
    }
}
