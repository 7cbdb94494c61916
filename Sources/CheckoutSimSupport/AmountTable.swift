/// A bounded map from an amount (any `Int64`) to a kept value, emptied when it holds `limit`:
/// the rows a listing's prices are written from, looked up once per `Money` object.
///
/// Open addressing with a multiplicative hash: a lookup is a multiply, a shift and a compare or
/// two, where `Dictionary` ran SipHash over the key for every price of every listing
/// (Benchmarks/NOTES.md, issue 43). The amounts are whatever the catalog and the carts hold, so
/// the table never grows past `limit`; what it holds never shows in an answer, only how fast the
/// answer is written.
///
/// Values are class references, kept as `AnyObject`: a generic table in this module was called
/// unspecialised from the modules that keep one (a `package` inlinable function was not
/// specialised across modules), and the metadata lookups cost more than the hash saved. Each
/// owner keeps one class of row and casts what it reads back (`unsafeDowncast`, checked in debug builds).
package struct AmountTable {
    private var keys: [Int64]
    private var values: [AnyObject?]
    /// How many entries are in use.
    package private(set) var count = 0
    /// The most entries kept; the table is emptied when a new one would pass it.
    package let limit: Int
    /// log2 of the slot count, which is at least twice `limit`, so a probe ends at an empty slot soon.
    private let bits: Int

    /// An empty table keeping at most `limit` entries (at least one).
    package init(limit: Int) {
        self.limit = max(1, limit)
        var bits = 1
        while 1 << bits < 2 * self.limit { bits += 1 }
        self.bits = bits
        keys = Array(repeating: 0, count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
    }

    /// Where `key`'s probe starts.
    private func home(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The value kept for `key`, if any, unretained: the table keeps it until it is emptied
    /// (`keep`), and a caller that holds it longer takes its own reference.
    ///
    /// `mutating` only to be reached in place: called on a table held by a class, a
    /// non-mutating call copied the table, retaining and releasing both its arrays.
    package mutating func object(for key: Int64) -> Unmanaged<AnyObject>? {
        let mask = keys.count - 1
        var slot = home(of: key)
        while let value = values[slot] {
            if keys[slot] == key { return Unmanaged.passUnretained(value) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps `value` for `key`, emptying the table first when it is full; returns the values
    /// emptying dropped (nil when it did not empty), for an owner that must keep them a while.
    @discardableResult
    package mutating func keep(_ value: AnyObject, for key: Int64) -> [AnyObject?]? {
        var dropped: [AnyObject?]?
        if count == limit, object(for: key) == nil {
            dropped = values
            values = Array(repeating: nil, count: values.count)
            count = 0
        }
        let mask = keys.count - 1
        var slot = home(of: key)
        while values[slot] != nil, keys[slot] != key { slot = (slot + 1) & mask }
        if values[slot] == nil { count += 1 }
        keys[slot] = key
        values[slot] = value
        return dropped
    }
}
