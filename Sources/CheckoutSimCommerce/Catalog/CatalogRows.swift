/// An object made for one product of the catalog and kept with it (both dialects' rows of
/// texts: docs ARCHITECTURE.md, "Rows").
package protocol CatalogRow: AnyObject {
    /// The product the row was made from.
    var product: Product { get }
}

/// The rows of the catalog's products, by catalog position: each made from one product and
/// kept while that product stands at its position (a product added, the shop reset or another
/// put in its place makes it again). Rows are handed out unretained, so one taken out of the
/// table is retired, not freed, until no request reads the shop (`freeRetired()`): both
/// dialects keep their rows so, under their holder's lock.
package struct CatalogRows<Row: CatalogRow> {
    private var rows: [Row?]
    private var retired: [Row] = []

    /// Room for `count` products (it grows when the catalog does).
    package init(count: Int = 0) {
        rows = Array(repeating: nil, count: count)
    }

    /// The row kept at `position`, when it was made from `product`.
    @inline(__always) package func kept(at position: Int, for product: Product) -> Unmanaged<Row>? {
        guard position >= 0, position < rows.count, let row = rows[position], row.product === product else { return nil }
        return Unmanaged.passUnretained(row)
    }

    /// The row at `position` for `product`: the kept one, or one `make` makes from it, which
    /// retires the row it replaces.
    package mutating func row(at position: Int, for product: Product, make: (Product) -> Row) -> Unmanaged<Row> {
        precondition(position >= 0, "a catalog position is never negative")
        if let row = kept(at: position, for: product) { return row }
        let row = make(product)
        if position >= rows.count { rows.append(contentsOf: repeatElement(nil, count: position + 1 - rows.count)) }
        if let replaced = rows[position] { retired.append(replaced) }
        rows[position] = row
        return Unmanaged.passUnretained(row)
    }

    /// Frees the retired rows: no request reads the shop now.
    package mutating func freeRetired() {
        if !retired.isEmpty { retired.removeAll() }
    }

    /// How many rows wait for the last reader (tests).
    package var retiredCount: Int { retired.count }
}
