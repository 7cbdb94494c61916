/// Names, each with a small integer: where a validation rule first saw it (a field's arguments, a
/// directive's, an input object's fields, the operations), or what it stands for (a schema's types,
/// a document's fragments, by index). A document's names are looked up with the lexer's hash.
typealias NameMap = SmallMap<SeenName>

/// A name and the small integer recorded for it (an offset, a position).
struct SeenName: SmallMapElement {
    let key: String
    let keyHash: UInt64
    let value: Int
}

/// Where each of a handful of names was first written: the names a node gives (its arguments,
/// directives, or an input object's fields), seen one by one. Up to `SmallMap.scanLimit` names it
/// scans the earlier ones (hash first, then text) and allocates nothing; past that it keeps a map,
/// so thousands of names in one place stay linear.
struct FirstSeen {
    private var map: NameMap?

    /// For a node giving `count` names.
    init(count: Int) {
        map = count > SmallMap<SeenName>.scanLimit ? NameMap(capacity: count) : nil
    }

    /// Where a name equal to `name` was first written, if one was before it; `earlier` are the
    /// names before it, in order (read only while no map is kept).
    mutating func first(_ name: Name, earlier: some Sequence<Name>) -> Int? {
        first(name, at: name.offset, earlier: earlier.lazy.map { ($0, $0.offset) })
    }

    /// As `first(_:earlier:)`, for names whose node is said to be `at` an offset of its own (a
    /// directive's `@`).
    mutating func first(_ name: Name, at offset: Int, earlier: some Sequence<(name: Name, offset: Int)>) -> Int? {
        if map != nil { return map?.recordFirst(name, offset) }
        for other in earlier where other.name.hash == name.hash && other.name.value == name.value { return other.offset }
        return nil
    }
}

extension SmallMap where Element == SeenName {
    /// The value recorded for `name`.
    subscript(name name: String) -> Int? {
        self[name]?.value
    }

    /// The value recorded for a document's `name`, found by the hash the lexer worked out.
    subscript(name name: Name) -> Int? {
        position(of: name.value, hash: name.hash).map { self[$0].value }
    }

    /// Records `value` for `name` unless it has one; returns the value it already had, if any.
    mutating func recordFirst(_ name: String, _ value: Int) -> Int? {
        recordFirst(name, hash: Name.hash(name), value)
    }

    /// Records `value` for a document's `name` (with the hash the lexer worked out) unless it has one.
    mutating func recordFirst(_ name: Name, _ value: Int) -> Int? {
        recordFirst(name.value, hash: name.hash, value)
    }

    private mutating func recordFirst(_ name: String, hash: UInt64, _ value: Int) -> Int? {
        if let position = position(of: name, hash: hash) { return self[position].value }
        append(SeenName(key: name, keyHash: hash, value: value))
        return nil
    }
}
