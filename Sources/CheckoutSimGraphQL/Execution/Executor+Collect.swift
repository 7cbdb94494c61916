/// CollectFields (spec §6.3.2). Each collected field keeps the fields collected below it
/// (`CollectedField.children`), so a list of twenty products collects its item selection set once
/// and coerces arguments once per field, not once per item.
extension Executor {
    /// The fields written under one response key: the first, and any more merged with it (rare).
    struct FieldGroup: SmallMapElement {
        let key: String
        let keyHash: UInt64
        let first: FieldID
        var more: [FieldID] = []
        /// The deferred fragment every node under this key came from (the first, when several);
        /// nil as soon as one node is not deferred: such a field is written at once.
        var deferral: Deferral?
    }

    /// The fields of one selection set (an operation's, or a field's written once).
    func collectFields(type: Int, selectionSet: SelectionSet) -> [CollectedField] {
        collectFields(type: type, from: CollectionOfOne(selectionSet))
    }

    /// The sub-fields of `field` for values of `type`: from its one selection set, or from every
    /// node merged under its key (rare), in document order.
    func collectFields(type: Int, under field: CollectedField) -> [CollectedField] {
        guard field.more.isEmpty else {
            return collectFields(type: type, from: ([field.first] + field.more).compactMap { document[$0].selectionSet })
        }
        guard let selectionSet = document[field.first].selectionSet else { return [] }
        return collectFields(type: type, selectionSet: selectionSet)
    }

    /// A collected field for each response key of `selectionSets` whose field the type has, and
    /// the runs of kept-text leaves. One set is handed over as `CollectionOfOne`, no array.
    private func collectFields(type: Int, from selectionSets: some Collection<SelectionSet>) -> [CollectedField] {
        // The selections written are an upper bound on the groups without fragments, and a good
        // guess with them, so the list grows once.
        var groups = SmallMap<FieldGroup>(capacity: selectionSets.reduce(0) { $0 + $1.count })
        var visited: Set<String> = []
        for selectionSet in selectionSets { collect(selectionSet, type: type, into: &groups, visited: &visited) }
        var fields: [CollectedField] = []
        fields.reserveCapacity(groups.count)
        for group in groups.elements {
            // The node's parts are read in place (`Document`'s subscript), not copied whole.
            let name = document[group.first].name
            // Length first: a document's name compared with a literal takes the standard
            // library's slow path, once per field of every plan.
            let isTypename = name.value.utf8.count == 10 && name.value == "__typename"
            let definition = isTypename ? nil : schema.field(name, on: type)
            guard definition != nil || isTypename else { continue }
            // Only a field that takes arguments keeps them: the others are never asked for theirs
            // (`arguments(of:)` answers them at once), and an empty result kept in each was
            // retained and released with it.
            let nodes = document[document[group.first].arguments]
            let takesArguments = definition.map { !$0.arguments.isEmpty } ?? false
            let fixed = takesArguments && !nodes.contains { $0.value.containsVariable }
            let arguments = fixed ? Self.coerceArguments(nodes, definition: definition, variables: JSONObject(), schema: schema) : nil
            let collected = CollectedField(group, definition: definition, fixedArguments: arguments, schema: schema)
            collected.deferral = group.deferral
            fields.append(collected)
        }
        // Runs of fields written from kept texts, each held by its first field.
        var start = 0
        while start < fields.count {
            var end = start
            while end < fields.count, fields[end].joinsLeafRun { end += 1 }
            if end > start { fields[start].leafRun = LeafRun(fields[start..<end]) }
            start = end + 1
        }
        return fields
    }

    /// Appends the fields of `selectionSet` to their response keys' groups, expanding fragments in
    /// place. An explicit stack, not recursion: a chain of thousands of spreads costs no stack. The
    /// set being read is held in `next` and `end`; the stack holds only the sets a fragment
    /// interrupted, so a selection set without fragments allocates no stack.
    /// A fragment with an active `@defer` marks the fields it brings (`FieldGroup.deferral`);
    /// the stack restores the marking of the set it interrupted.
    private func collect(_ selectionSet: SelectionSet, type: Int, into groups: inout SmallMap<FieldGroup>, visited: inout Set<String>) {
        var stack: [(next: Int, end: Int, deferral: Deferral?)] = []
        var (next, end) = (selectionSet.range.lowerBound, selectionSet.range.upperBound)
        var deferring: Deferral?
        while true {
            guard next < end else {
                guard let interrupted = stack.popLast() else { return }
                (next, end, deferring) = interrupted
                continue
            }
            let selection = document.selections[next]
            next += 1
            switch selection {
            case .field(let id):
                let directives = document[id].directives
                guard directives.isEmpty || shouldInclude(document[directives]) else { continue }
                let key = document[id].responseKey
                let hash = document[id].responseKeyHash
                if let position = groups.position(of: key, hash: hash) {
                    groups[position].more.append(id)
                    if deferring == nil { groups[position].deferral = nil }
                } else {
                    groups.append(FieldGroup(key: key, keyHash: hash, first: id, deferral: deferring))
                }
            case .fragmentSpread(let id):
                let spread = document[id]
                let name = spread.name.value
                guard shouldInclude(document[spread.directives]), !visited.contains(name), let fragment = document.fragment(named: spread.name),
                      applies(fragment.typeCondition, to: type)
                else { continue }
                visited.insert(name)
                stack.append((next, end, deferring))
                (next, end) = (fragment.selectionSet.range.lowerBound, fragment.selectionSet.range.upperBound)
                if let deferred = deferral(of: document[spread.directives], at: spread.offset) { deferring = deferred }
            case .inlineFragment(let id):
                let inline = document[id]
                guard shouldInclude(document[inline.directives]) else { continue }
                if let condition = inline.typeCondition, !applies(condition, to: type) { continue }
                stack.append((next, end, deferring))
                (next, end) = (inline.selectionSet.range.lowerBound, inline.selectionSet.range.upperBound)
                if let deferred = deferral(of: document[inline.directives], at: inline.offset) { deferring = deferred }
            }
        }
    }

    /// DoesFragmentTypeApply (spec §6.3.2): the condition is the object type, or an interface or
    /// union it is a possible type of.
    private func applies(_ condition: Name, to type: Int) -> Bool {
        guard let conditionType = schema.typeIndex(of: condition) else { return false }
        return schema.isPossible(type, of: conditionType)
    }

    /// The field's coerced arguments: fixed in the plan, or coerced now from this request's variables.
    func arguments(of field: CollectedField) -> Result<JSONObject, CoercionFailure> {
        if let fixed = field.fixedArguments { return fixed }
        return Self.coerceArguments(document[document[field.first].arguments], definition: field.definition, variables: variables, schema: schema)
    }

    /// The fragment's deferral when it carries `@defer` whose `if` is not false (validation has
    /// checked `if` is a Boolean and `label` a static string); `offset` is the fragment's `...`.
    private func deferral(of directives: ArraySlice<Directive>, at offset: Int) -> Deferral? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }), condition(of: directive) != false else { return nil }
        let label = document[directive.arguments].lazy.compactMap { argument -> String? in
            guard argument.name.value == "label", case .string(let text, _, _) = argument.value else { return nil }
            return text
        }.first
        return Deferral(offset: offset, label: label)
    }

    /// A directive's `if`: its literal, or its variable's value; nil when it has none.
    private func condition(of directive: Directive) -> Bool? {
        guard let argument = document[directive.arguments].first(where: { $0.name.value == "if" }) else { return nil }
        switch argument.value {
        case .boolean(let value, _): return value
        case .variable(let variable): return variables[variable.value]?.boolValue
        default: return nil
        }
    }

    /// `@skip(if:)` and `@include(if:)`; validation has checked that `if` is a Boolean.
    private func shouldInclude(_ directives: ArraySlice<Directive>) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include" else { continue }
            // Validation has made `if` present; a variable without a value reads as false.
            let flag = condition(of: directive) ?? false
            if name == "skip" && flag { return false }
            if name == "include" && !flag { return false }
        }
        return true
    }

    /// CoerceArgumentValues (spec §6.4.1).
    static func coerceArguments(
        _ nodes: ArraySlice<Argument>, definition: FieldDefinition?, variables: JSONObject, schema: Schema
    ) -> Result<JSONObject, CoercionFailure> {
        guard let definition, !definition.arguments.isEmpty else { return .success(JSONObject()) }
        var result = JSONObject()
        for argument in definition.arguments {
            let length = argument.name.utf8.count
            let node = nodes.first { $0.name.value.utf8.count == length && $0.name.value == argument.name }
            // The type's text only for an error: written for every argument, it was most of the
            // coercion's cost (Benchmarks/NOTES.md, issue 43).
            var typeText: String { schema.describe(argument.type) }
            if let node {
                do {
                    if let value = try ValueCoercion.literal(node.value, type: argument.type, variables: variables, schema: schema) {
                        result.append(argument.name, value)
                        continue
                    }
                } catch {
                    if case .null = node.value {
                        return .failure(CoercionFailure(
                            message: "Argument \"\(argument.name)\" of non-null type \"\(typeText)\" must not be null.",
                            value: .null, path: []))
                    }
                    return .failure(CoercionFailure(
                        message: "Argument \"\(argument.name)\" has invalid value \(ValuePrinter.print(node.value)).",
                        value: .null, path: []))
                }
                if let defaultValue = argument.defaultValue {
                    result.append(argument.name, defaultValue)
                } else if argument.type.isNonNull, case .variable(let variable) = node.value {
                    return .failure(CoercionFailure(
                        message: "Argument \"\(argument.name)\" of required type \"\(typeText)\" was provided the variable \"$\(variable.value)\" which was not provided a runtime value.",
                        value: .null, path: []))
                }
            } else if let defaultValue = argument.defaultValue {
                result.append(argument.name, defaultValue)
            } else if argument.type.isNonNull {
                return .failure(CoercionFailure(
                    message: "Argument \"\(argument.name)\" of required type \"\(typeText)\" was not provided.",
                    value: .null, path: []))
            }
        }
        return .success(result)
    }
}
