/// The cursors of a page of products, one per position, each made when it is read: a listing
/// that asks only for `endCursor` makes one, not one per product (Benchmarks/NOTES.md, issue 43).
///
/// Reads the products as the catalog held them when the page was made (the array is a value),
/// so a cursor is the one the page would have made at once.
package struct PageCursors: RandomAccessCollection, Sendable, Equatable {
    private enum Source: Sendable {
        /// Made when the page was: the brand order's key needs the catalog's brand table.
        case made([Cursor])
        case products([Product], positions: [Int], order: ProductOrder, endpoint: String)
    }

    private let source: Source

    /// The cursors of the products at `positions` of `catalog` in `order`.
    init(_ catalog: Catalog, positions: [Int], order: ProductOrder, endpoint: String) {
        if order == .brand {
            source = .made(positions.map {
                Cursor(endpoint: endpoint, order: order, key: catalog.key(of: $0, in: order), id: catalog.products[$0].id)
            })
        } else {
            source = .products(catalog.products, positions: positions, order: order, endpoint: endpoint)
        }
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch source {
        case .made(let cursors): cursors.count
        case .products(_, let positions, _, _): positions.count
        }
    }

    package subscript(index: Int) -> Cursor {
        switch source {
        case .made(let cursors):
            return cursors[index]
        case .products(let products, let positions, let order, let endpoint):
            let position = positions[index]
            let product = products[position]
            return Cursor(endpoint: endpoint, order: order, key: Catalog.key(of: product, at: position, in: order), id: product.id)
        }
    }

    package static func == (lhs: PageCursors, rhs: PageCursors) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
