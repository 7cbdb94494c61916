/// A map from names to small integers (offsets, positions) for the sets validation keeps per
/// field, directive, input object and operation.
///
/// Those sets hold a handful of names, and hashing a name costs more than comparing it with each
/// one seen so far; past `indexedFrom` names it builds a dictionary, so a hostile document with
/// thousands of arguments on one field stays linear (measured against `[String: Int]`:
/// Benchmarks/NOTES.md).
struct NameMap {
    private var entries: [(name: String, value: Int)] = []
    private var index: [String: Int]?
    private static let indexedFrom = 16

    /// The value recorded for `name`.
    /// - Complexity: O(`indexedFrom`) string comparisons, or one hash past it.
    subscript(name: String) -> Int? {
        position(of: name).map { entries[$0].value }
    }

    /// Records `value` for `name` unless it has one; returns the value it already had, if any.
    mutating func recordFirst(_ name: String, _ value: Int) -> Int? {
        if let position = position(of: name) { return entries[position].value }
        if index != nil {
            index?[name] = entries.count
        } else if entries.count + 1 == Self.indexedFrom {
            var built = [String: Int](minimumCapacity: Self.indexedFrom * 2)
            for (position, entry) in entries.enumerated() { built[entry.name] = position }
            built[name] = entries.count
            index = built
        }
        entries.append((name, value))
        return nil
    }

    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        let length = name.utf8.count
        return entries.indices.first { entries[$0].name.utf8.count == length && entries[$0].name == name }
    }
}
