/// The names a validation rule has seen in one place (a field's arguments, a directive's, an input
/// object's fields, the operations), each with where it was first seen or what it stands for.
typealias NameMap = SmallMap<SeenName>

/// A name and the small integer recorded for it (an offset, a position).
struct SeenName: SmallMapElement {
    let key: String
    let value: Int
}

extension SmallMap where Element == SeenName {
    /// The value recorded for `name`.
    subscript(name name: String) -> Int? {
        self[name]?.value
    }

    /// Records `value` for `name` unless it has one; returns the value it already had, if any.
    mutating func recordFirst(_ name: String, _ value: Int) -> Int? {
        if let seen = self[name] { return seen.value }
        append(SeenName(key: name, value: value))
        return nil
    }
}
