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
