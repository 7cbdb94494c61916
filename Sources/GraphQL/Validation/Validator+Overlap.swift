/// OverlappingFieldsCanBeMerged and the limit on fields after fragment expansion.
///
/// Fields sharing a response key are compared with the first of their group rather than pairwise:
/// name and argument equality are transitive, so this finds a conflict whenever one exists while
/// keeping a document of thousands of identical aliases linear instead of quadratic.
extension Validator {
    struct FieldEntry {
        let parent: Int?
        let field: Field
        let definition: FieldDefinition?
        /// Written in the checked set or in an inline fragment directly in it, so its own
        /// selection set is checked from there (fields from fragments are checked with the fragment).
        let inPlace: Bool
    }

    /// Expanded fields of fragments that spread no other fragment, by name, for one validation.
    final class OverlapMemo {
        private var fieldsByFragment: [String: [FieldEntry]] = [:]

        func fields(of fragment: String) -> [FieldEntry]? { fieldsByFragment[fragment] }

        func remember(_ fields: [FieldEntry], of fragment: String) { fieldsByFragment[fragment] = fields }
    }

    struct Conflict {
        let key: String
        let reason: String
        let offsets: [Int]
    }

    /// Reports operations over the field limit; true when every operation is within it.
    mutating func checkFieldCount() throws(Aborted) -> Bool {
        var memo: [String: Int] = [:]
        var withinLimit = true
        for operation in document.operations {
            var stack: [String] = []
            if countFields(operation.selectionSet, memo: &memo, stack: &stack) > limits.maxFields {
                withinLimit = false
                let name = operation.name.map { " \"\($0.value)\"" } ?? ""
                try report(
                    "The operation\(name) selects more than \(limits.maxFields) fields after fragment expansion.",
                    [operation.offset])
            }
        }
        return withinLimit
    }

    private func countFields(_ selectionSet: SelectionSet, memo: inout [String: Int], stack: inout [String]) -> Int {
        var total = 0
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                total += 1
                if let nested = field.selectionSet { total += countFields(nested, memo: &memo, stack: &stack) }
            case .inlineFragment(let inline):
                total += countFields(inline.selectionSet, memo: &memo, stack: &stack)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if let known = memo[name] {
                    total += known
                } else if !stack.contains(name), let fragment = document.fragment(named: name) {
                    stack.append(name)
                    let count = countFields(fragment.selectionSet, memo: &memo, stack: &stack)
                    stack.removeLast()
                    memo[name] = count
                    total += count
                }
            }
            if total > limits.maxFields { return total }
        }
        return total
    }

    /// Checks `sets` (one selection set, or several merged) and every selection set nested in them.
    mutating func checkOverlaps(in sets: [SelectionSet], type: Int?) throws(Aborted) {
        let fields = gather(sets, type: type)
        for conflict in conflictsWithin(fields) {
            try report(
                "Fields \"\(conflict.key)\" conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
                conflict.offsets)
        }
        // Fragment definitions are checked on their own; here only the sets written in place.
        for entry in fields.entries where entry.inPlace {
            guard let nested = entry.field.selectionSet else { continue }
            try checkOverlaps(in: [nested], type: entry.definition?.type.namedIndex)
        }
    }

    /// Fields gathered from selection sets, fragments expanded, in document order, with the
    /// first field of each response key (`heads`) and each field's group (`group[i]`, an index
    /// into `entries` of the group's first field).
    struct GatheredFields {
        var entries: [FieldEntry] = []
        var heads: [Int] = []
        var group: [Int] = []

        init() {
            entries.reserveCapacity(16)
            heads.reserveCapacity(16)
            group.reserveCapacity(16)
        }

        mutating func append(_ entry: FieldEntry) {
            let head = head(for: entry.field.responseKey)
            group.append(head ?? entries.count)
            if head == nil { heads.append(entries.count) }
            entries.append(entry)
        }

        /// The group whose response key is `key`, as the index of its first field.
        func head(for key: String) -> Int? {
            let length = key.utf8.count
            for head in heads {
                let other = entries[head].field.responseKey
                if other.utf8.count == length && other == key { return head }
            }
            return nil
        }
    }

    /// The fields of `sets` with fragments expanded (each fragment once), in document order.
    func gather(_ sets: [SelectionSet], type: Int?) -> GatheredFields {
        var gathered = GatheredFields()
        var visited: [String] = []
        func add(_ set: SelectionSet, parent: Int?, depth: Int) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    let definition = parent.flatMap { schema.field(field.name.value, on: $0) }
                    gathered.append(FieldEntry(parent: parent, field: field, definition: definition, inPlace: depth < 2))
                case .inlineFragment(let inline):
                    let condition = inline.typeCondition.flatMap { schema.typeIndex[$0.value] } ?? parent
                    add(inline.selectionSet, parent: condition, depth: depth + 1)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard !visited.contains(name), let fragment = document.fragment(named: name) else { continue }
                    visited.append(name)
                    if let known = overlapMemo.fields(of: name) {
                        for entry in known { gathered.append(entry) }
                        continue
                    }
                    let start = gathered.entries.count
                    add(fragment.selectionSet, parent: schema.typeIndex[fragment.typeCondition.value], depth: 2)
                    // A fragment without spreads expands the same everywhere; remember it.
                    if !Self.hasSpreads(fragment.selectionSet) {
                        overlapMemo.remember(Array(gathered.entries[start...]), of: name)
                    }
                }
            }
        }
        for set in sets { add(set, parent: type, depth: 0) }
        return gathered
    }

    private static func hasSpreads(_ set: SelectionSet) -> Bool {
        set.selections.contains { selection in
            switch selection {
            case .fragmentSpread: true
            case .inlineFragment(let inline): hasSpreads(inline.selectionSet)
            case .field: false
            }
        }
    }

    private func conflictsWithin(_ fields: GatheredFields) -> [Conflict] {
        var conflicts: [Conflict] = []
        guard fields.heads.count < fields.entries.count else { return conflicts }
        for head in fields.heads {
            let first = fields.entries[head]
            for index in (head + 1)..<fields.entries.count where fields.group[index] == head {
                if let conflict = conflict(first.field.responseKey, first, fields.entries[index]) { conflicts.append(conflict) }
            }
        }
        return conflicts
    }

    private func conflictsBetween(_ lhs: GatheredFields, _ rhs: GatheredFields) -> [Conflict] {
        var conflicts: [Conflict] = []
        for head in lhs.heads {
            let first = lhs.entries[head]
            let key = first.field.responseKey
            guard let match = rhs.head(for: key) else { continue }
            for index in match..<rhs.entries.count where rhs.group[index] == match {
                if let conflict = conflict(key, first, rhs.entries[index]) {
                    conflicts.append(conflict)
                    break
                }
            }
        }
        return conflicts
    }

    private func conflict(_ key: String, _ a: FieldEntry, _ b: FieldEntry) -> Conflict? {
        let offsets = [a.field.offset, b.field.offset]
        let exclusive = a.parent != nil && b.parent != nil && a.parent != b.parent
        if !exclusive {
            if a.field.name.value != b.field.name.value {
                return Conflict(
                    key: key, reason: "\"\(a.field.name.value)\" and \"\(b.field.name.value)\" are different fields", offsets: offsets)
            }
            if !sameArguments(a.field.arguments, b.field.arguments) {
                return Conflict(key: key, reason: "they have differing arguments", offsets: offsets)
            }
        }
        if let typeA = a.definition?.type, let typeB = b.definition?.type, typesConflict(typeA, typeB) {
            return Conflict(
                key: key,
                reason: "they return conflicting types \"\(schema.describe(typeA))\" and \"\(schema.describe(typeB))\"",
                offsets: offsets)
        }
        guard let setA = a.field.selectionSet, let setB = b.field.selectionSet else { return nil }
        let sub = conflictsBetween(
            gather([setA], type: a.definition?.type.namedIndex), gather([setB], type: b.definition?.type.namedIndex))
        guard !sub.isEmpty else { return nil }
        return Conflict(
            key: key,
            reason: sub.map { "subfields \"\($0.key)\" conflict because \($0.reason)" }.joined(separator: " and "),
            offsets: [a.field.offset] + sub.flatMap { [$0.offsets[0]] } + [b.field.offset] + sub.flatMap { $0.offsets.dropFirst() })
    }

    private func sameArguments(_ a: [Argument], _ b: [Argument]) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { argument in
            guard let match = b.first(where: { $0.name.value == argument.name.value }) else { return false }
            return ValuePrinter.print(match.value) == ValuePrinter.print(argument.value)
        }
    }

    private func typesConflict(_ a: TypeRef, _ b: TypeRef) -> Bool {
        switch (a, b) {
        case (.list(let x), .list(let y)), (.nonNull(let x), .nonNull(let y)): return typesConflict(x, y)
        case (.list, _), (_, .list), (.nonNull, _), (_, .nonNull): return true
        case (.named(let x), .named(let y)):
            if schema.types[x].isLeaf || schema.types[y].isLeaf { return x != y }
            return false
        }
    }
}
