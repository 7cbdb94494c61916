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
        for conflict in conflictsWithin(gather(sets, type: type)) {
            try report(
                "Fields \"\(conflict.key)\" conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
                conflict.offsets)
        }
        for set in sets {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    guard let nested = field.selectionSet else { continue }
                    let definition = type.flatMap { schema.field(field.name.value, on: $0) }
                    try checkOverlaps(in: [nested], type: definition?.type.namedIndex)
                case .inlineFragment(let inline):
                    let condition = inline.typeCondition.flatMap { schema.typeIndex[$0.value] } ?? type
                    try checkNestedOverlaps(in: inline.selectionSet, type: condition)
                case .fragmentSpread:
                    continue
                }
            }
        }
    }

    private mutating func checkNestedOverlaps(in set: SelectionSet, type: Int?) throws(Aborted) {
        for case .field(let field) in set.selections {
            guard let nested = field.selectionSet else { continue }
            let definition = type.flatMap { schema.field(field.name.value, on: $0) }
            try checkOverlaps(in: [nested], type: definition?.type.namedIndex)
        }
    }

    /// The fields of `sets` grouped by response key, fragments expanded, in document order.
    func gather(_ sets: [SelectionSet], type: Int?) -> [(key: String, entries: [FieldEntry])] {
        var groups: [(key: String, entries: [FieldEntry])] = []
        var visited: [String] = []
        func add(_ set: SelectionSet, parent: Int?) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    let definition = parent.flatMap { schema.field(field.name.value, on: $0) }
                    let entry = FieldEntry(parent: parent, field: field, definition: definition)
                    if let index = groups.firstIndex(where: { $0.key == field.responseKey }) {
                        groups[index].entries.append(entry)
                    } else {
                        groups.append((field.responseKey, [entry]))
                    }
                case .inlineFragment(let inline):
                    add(inline.selectionSet, parent: inline.typeCondition.flatMap { schema.typeIndex[$0.value] } ?? parent)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard !visited.contains(name), let fragment = document.fragment(named: name) else { continue }
                    visited.append(name)
                    add(fragment.selectionSet, parent: schema.typeIndex[fragment.typeCondition.value])
                }
            }
        }
        for set in sets { add(set, parent: type) }
        return groups
    }

    private func conflictsWithin(_ groups: [(key: String, entries: [FieldEntry])]) -> [Conflict] {
        var conflicts: [Conflict] = []
        for group in groups where group.entries.count > 1 {
            let first = group.entries[0]
            for other in group.entries.dropFirst() {
                if let conflict = conflict(group.key, first, other) { conflicts.append(conflict) }
            }
        }
        return conflicts
    }

    private func conflictsBetween(_ lhs: [(key: String, entries: [FieldEntry])], _ rhs: [(key: String, entries: [FieldEntry])]) -> [Conflict] {
        var conflicts: [Conflict] = []
        for group in lhs {
            guard let first = group.entries.first, let match = rhs.first(where: { $0.key == group.key }) else { continue }
            for other in match.entries {
                if let conflict = conflict(group.key, first, other) {
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
