extension ValidationRule {
    /// OverlappingFieldsCanBeMergedRule (spec §5.3.2), and the limits on what an operation selects
    /// after fragment expansion.
    static let overlappingFieldsCanBeMerged = ValidationRule(
        name: "OverlappingFieldsCanBeMergedRule",
        leaveDocument: { validator, _ throws(Validator.Aborted) in try validator.checkOverlaps() })
}

/// OverlappingFieldsCanBeMerged, and the limits on what an operation selects after fragment expansion.
///
/// Instead of comparing fields pairwise (graphql-js's way, quadratic in a group and exponential in
/// nested fragments without its memo), each selection set is folded into a *response shape*: one
/// representative field per response key, whose sub-shape is the merge of every sub-selection with
/// that key. A field is compared with its key's representative as it is folded in. Name, argument
/// and type equality are transitive, so this finds a conflict whenever one exists.
///
/// A fragment's shape is built once, after the shapes of the fragments it spreads, and reused at
/// every spread; conflicts inside a fragment are reported with the fragment (as graphql-js does), and
/// a spread only adds conflicts between the fragment and what surrounds it. Roots over the field or
/// depth limit, and fragments on or reaching a cycle, are not folded, so every fold is bounded by the
/// limits and never recurses further than `maxDepth`. An operation in whose sets no response key
/// repeats, fragments expanded, compares no fields and is not folded at all.
extension Validator {
    /// A field as it stands in a response shape.
    struct ShapeEntry: SmallMapElement {
        let field: FieldID
        /// The field's response key, kept beside it for the shape's scans.
        let key: String
        let keyHash: UInt64
        let parent: Int?
        let type: TypeRef?
        /// The field whose sub-selection this one was written in or merged from (its offset), so
        /// a nested conflict names the field it really came from; nil at a root.
        var via: Int?
        var child: ResponseShape?
        /// Whether `child` belongs to this entry alone and may be merged into in place; a child
        /// taken from another shape is copied before its first change.
        var ownsChild: Bool
    }

    /// One representative field per response key, in first-seen order: a class, because a shape is
    /// shared by every spread of its fragment and copied only before its first change.
    final class ResponseShape {
        // A shape is built and read by one validation on one thread, and no method holds an access
        // across a call back into the shape, so release builds skip the dynamic exclusivity checks
        // (a runtime call per access, Benchmarks/NOTES.md); debug builds, which the tests run, keep them.
        #if DEBUG
        private(set) var entries: SmallMap<ShapeEntry>
        #else
        @exclusivity(unchecked) private(set) var entries: SmallMap<ShapeEntry>
        #endif

        /// An empty shape with room for `capacity` keys.
        init(capacity: Int) {
            entries = SmallMap(capacity: capacity)
        }

        /// A copy whose entries' children are shared, not owned.
        init(copying other: ResponseShape) {
            entries = other.entries
            for position in 0..<entries.count { entries[position].ownsChild = false }
        }

        /// Where the representative of `key` is.
        func position(of key: String, hash: UInt64) -> Int? {
            entries.position(of: key, hash: hash)
        }

        /// Adds the representative of a key not seen yet.
        func append(_ entry: ShapeEntry) {
            entries.append(entry)
        }

        /// Hands the representative at `position` a child of its own to merge into.
        func adopt(_ child: ResponseShape, at position: Int) {
            entries[position].child = child
            entries[position].ownsChild = true
        }
    }

    struct Conflict {
        let key: String
        let reason: String
        /// The `via` of the first field.
        var leftVia: Int?
        /// Where the first field (and the first fields of nested conflicts) are.
        let left: [Int]
        /// Where the second field (and the second fields of nested conflicts) are.
        let right: [Int]
    }

    /// Conflicts found while folding, by the offset of the selection set they belong to.
    final class OverlapState {
        var fragmentShapes: [ResponseShape?]
        var conflictsBySet: [Int: [Conflict]] = [:]

        init(fragmentCount: Int) {
            fragmentShapes = Array(repeating: nil, count: fragmentCount)
        }
    }

    mutating func checkOverlaps() throws(Aborted) {
        var table = expandFragments()
        let operationSizes = document.operations.map { expansion(of: $0.selectionSet, table: &table) }
        let sizes = table.sizes
        for (operation, size) in zip(document.operations, operationSizes) {
            // Made only for a message: interpolated for every operation, it cost more than the check.
            var name: String { operation.name.map { " \"\($0.value)\"" } ?? "" }
            if size.fields > limits.maxFields {
                try report(
                    "The operation\(name) selects more than \(limits.maxFields) fields after fragment expansion.", [operation.offset])
            } else if size.depth > limits.maxDepth {
                try report(
                    "The operation\(name) nests selections more than \(limits.maxDepth) levels deep after fragment expansion.",
                    [operation.offset])
            }
        }

        let state = OverlapState(fragmentCount: document.fragments.count)
        for fragment in fragments.bottomUp {
            guard let size = sizes[fragment], isWithinLimits(size) else { continue }
            let definition = document.fragments[fragment]
            state.fragmentShapes[fragment] = shape(
                of: definition.selectionSet, parent: schema.typeIndex(of: definition.typeCondition), owner: nil, state: state)
        }
        // An operation in which nothing can conflict needs no shape.
        for (operation, size) in zip(document.operations, operationSizes) where isWithinLimits(size) && size.mayConflict {
            _ = shape(of: operation.selectionSet, parent: operationType(operation), owner: nil, state: state)
        }
        guard !state.conflictsBySet.isEmpty else { return }
        for (isFragment, index) in document.order {
            if isFragment {
                guard state.fragmentShapes[index] != nil else { continue }
                try reportConflicts(in: document.fragments[index].selectionSet, state: state)
            } else if isWithinLimits(operationSizes[index]) {
                try reportConflicts(in: document.operations[index].selectionSet, state: state)
            }
        }
    }

    /// Whether a selection set of this expanded size is folded; one past a limit never is.
    private func isWithinLimits(_ size: Expansion) -> Bool {
        size.fields <= limits.maxFields && size.depth <= limits.maxDepth
    }

    /// Folds `selectionSet` into a new shape, recording the conflicts found on the way.
    /// Folds the fields written in the set (and in its inline fragments) first, then the fragments
    /// it spreads, each once: graphql-js's order, so a conflict names the written field first.
    /// `owner` is the offset of the field whose sub-selection this is.
    private func shape(of selectionSet: SelectionSet, parent: Int?, owner: Int?, state: OverlapState) -> ResponseShape {
        let shape = ResponseShape(capacity: selectionSet.count)
        var found: [Conflict] = []
        var spreads: [Int] = []
        fold(document[selectionSet], parent: parent, owner: owner, into: shape, spreads: &spreads, found: &found, state: state)
        var seen: Set<Int> = []
        for index in spreads where spreads.count == 1 || seen.insert(index).inserted {
            guard let fragment = state.fragmentShapes[index] else { continue }
            for var entry in fragment.entries.elements {
                entry.ownsChild = false
                entry.via = owner
                merge(entry, into: shape, exclusive: false, found: &found)
            }
        }
        if !found.isEmpty { state.conflictsBySet[selectionSet.offset] = found }
        return shape
    }

    private func fold(
        _ selections: ArraySlice<Selection>, parent: Int?, owner: Int?, into shape: ResponseShape, spreads: inout [Int],
        found: inout [Conflict], state: OverlapState
    ) {
        for selection in selections {
            switch selection {
            case .field(let id):
                let field = document[id]
                let type = parent.flatMap { schema.field(field.name, on: $0) }?.type
                let child = field.selectionSet.map { self.shape(of: $0, parent: type?.namedIndex, owner: field.offset, state: state) }
                let entry = ShapeEntry(
                    field: id, key: field.responseKey, keyHash: field.responseKeyHash, parent: parent, type: type, via: owner, child: child, ownsChild: true)
                merge(entry, into: shape, exclusive: false, found: &found)
            case .inlineFragment(let id):
                let inline = document[id]
                let condition = inline.typeCondition.flatMap { schema.typeIndex(of: $0) } ?? parent
                fold(document[inline.selectionSet], parent: condition, owner: owner, into: shape, spreads: &spreads, found: &found,
                     state: state)
            case .fragmentSpread(let id):
                if let index = fragments.target(of: id) { spreads.append(index) }
            }
        }
    }

    /// Adds `entry` to `shape`: a new key, or compared with its key's representative and its
    /// sub-selection merged into the representative's. `exclusive`: the parents of the fields
    /// being merged can never be the same object, so only the shapes of their values must agree.
    private func merge(_ entry: ShapeEntry, into shape: ResponseShape, exclusive: Bool, found: inout [Conflict]) {
        let key = entry.key
        guard let position = shape.position(of: key, hash: entry.keyHash) else {
            shape.append(entry)
            return
        }
        let first = shape.entries[position]
        // The same field reached again (one fragment spread twice) agrees with itself.
        if first.field == entry.field { return }
        let firstField = document[first.field]
        let entryField = document[entry.field]
        let left = [firstField.offset]
        let right = [entryField.offset]
        let via = first.via
        // Parents that are two different object types never both apply (an interface or union
        // parent may be either, as in graphql-js's areMutuallyExclusive).
        let exclusive = exclusive || (first.parent.map { schema.kinds[$0] == .object } == true
            && entry.parent.map { schema.kinds[$0] == .object } == true && first.parent != entry.parent)
        if !exclusive {
            if firstField.name.value != entryField.name.value {
                let reason = "\"\(firstField.name.value)\" and \"\(entryField.name.value)\" are different fields"
                found.append(Conflict(key: key, reason: reason, leftVia: via, left: left, right: right))
                return
            }
            if !sameArguments(firstField.arguments, entryField.arguments) {
                found.append(Conflict(key: key, reason: "they have differing arguments", leftVia: via, left: left, right: right))
                return
            }
        }
        if let typeA = first.type, let typeB = entry.type, typesConflict(typeA, typeB) {
            let reason = "they return conflicting types \"\(schema.describe(typeA))\" and \"\(schema.describe(typeB))\""
            found.append(Conflict(key: key, reason: reason, leftVia: via, left: left, right: right))
            return
        }
        guard let incoming = entry.child, let existing = first.child else { return }
        let target: ResponseShape
        if first.ownsChild {
            target = existing
        } else {
            target = ResponseShape(copying: existing)
            shape.adopt(target, at: position)
        }
        var sub: [Conflict] = []
        for var nested in incoming.entries.elements {
            nested.ownsChild = false
            nested.via = entryField.offset
            merge(nested, into: target, exclusive: exclusive, found: &sub)
        }
        guard !sub.isEmpty else { return }
        // The first field is the one the first nested conflict's field came from.
        found.append(Conflict(
            key: key,
            reason: sub.map { "subfields \"\($0.key)\" conflict because \($0.reason)" }.joined(separator: " and "),
            leftVia: via, left: [sub[0].leftVia ?? firstField.offset] + sub.flatMap(\.left), right: right + sub.flatMap(\.right)))
    }

    /// Reports the conflicts of `selectionSet`, then of the selection sets written inside it.
    private mutating func reportConflicts(in selectionSet: SelectionSet, state: OverlapState) throws(Aborted) {
        for conflict in state.conflictsBySet[selectionSet.offset] ?? [] {
            try report(
                "Fields \"\(conflict.key)\" conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
                conflict.left + conflict.right)
        }
        for selection in document[selectionSet] {
            switch selection {
            case .field(let id): if let nested = document[id].selectionSet { try reportConflicts(in: nested, state: state) }
            case .inlineFragment(let id): try reportConflicts(in: document[id].selectionSet, state: state)
            case .fragmentSpread: continue
            }
        }
    }

    /// - Complexity: O(the arguments' printed size).
    private func sameArguments(_ a: Arguments, _ b: Arguments) -> Bool {
        let (a, b) = (document[a], document[b])
        guard a.count == b.count else { return false }
        var printed: [String: String] = [:]
        for argument in b where printed[argument.name.value] == nil {
            printed[argument.name.value] = ValuePrinter.print(argument.value)
        }
        return a.allSatisfy { printed[$0.name.value] == ValuePrinter.print($0.value) }
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
