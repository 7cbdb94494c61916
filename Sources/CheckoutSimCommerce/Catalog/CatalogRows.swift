/// The rows of the catalog's products, by catalog position: each made from one product and
/// kept while that product stands at its position (a product added, the shop reset or another
/// put in its place makes it again). Both dialects keep their per-product rows so (the native
/// `ProductRow`s, the Storefront's `ProductTexts`), under their holder's lock. Rows are handed
/// out unretained, so one taken out of the table is retired, not freed, until no request reads
/// the shop (`freeRetired()`).
///
/// Public and inlinable, and not generic, because every object written asks for its row from
/// another module: a generic table run there unspecialised asked the runtime for its element's
/// metadata each time (+20,000 instructions a listing: Benchmarks/NOTES.md, issue 60). A
/// product is known by its identity only. Each table holds one class of row, which its owner
/// casts back to (`row(as:)`, checked in debug builds).
public struct CatalogRows {
    @usableFromInline struct Entry {
        @usableFromInline let product: AnyObject
        @usableFromInline let row: AnyObject

        @inlinable init(product: AnyObject, row: AnyObject) {
            self.product = product
            self.row = row
        }
    }

    @usableFromInline var rows: [Entry?]
    @usableFromInline var retired: [AnyObject] = []

    /// Room for `count` products (it grows when the catalog does).
    public init(count: Int = 0) {
        rows = Array(repeating: nil, count: count)
    }

    /// The row kept at `position`, when it was made from `product`.
    @inlinable @inline(__always) public func kept(at position: Int, for product: AnyObject) -> Unmanaged<AnyObject>? {
        guard position >= 0, position < rows.count, let entry = rows[position], entry.product === product else { return nil }
        return Unmanaged.passUnretained(entry.row)
    }

    /// The row at `position` for `product`: the kept one, or one `make` makes, which retires the
    /// row it replaces.
    @inlinable public mutating func row(at position: Int, for product: AnyObject, make: () -> AnyObject) -> Unmanaged<AnyObject> {
        precondition(position >= 0, "a catalog position is never negative")
        if let row = kept(at: position, for: product) { return row }
        let row = make()
        if position >= rows.count { rows.append(contentsOf: repeatElement(nil, count: position + 1 - rows.count)) }
        if let replaced = rows[position] { retired.append(replaced.row) }
        rows[position] = Entry(product: product, row: row)
        return Unmanaged.passUnretained(row)
    }

    /// Frees the retired rows: no request reads the shop now.
    public mutating func freeRetired() {
        if !retired.isEmpty { retired.removeAll() }
    }

    /// How many rows wait for the last reader (tests).
    public var retiredCount: Int { retired.count }
}

extension Unmanaged where Instance == AnyObject {
    /// The row as its class, which the table that handed it out holds only of (checked in debug builds).
    @inlinable @inline(__always) public func row<Row: AnyObject>(as _: Row.Type) -> Unmanaged<Row> {
        assert(takeUnretainedValue() is Row, "a catalog row of another class")
        return Unmanaged<Row>.fromOpaque(toOpaque())
    }
}
