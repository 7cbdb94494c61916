/// CollectFields (spec §6.3.2). Each collected field keeps the fields collected below it
/// (`CollectedField.children`), so a list of twenty products collects its item selection set once
/// and coerces arguments once per field, not once per item.
extension Executor {
    func collectFields(type: Int, selectionSets: [SelectionSet]) -> [CollectedField] {
        var groups: [(key: String, nodes: [Field])] = []
        var groupIndex: [String: Int] = [:]
        var visited: Set<String> = []
        for selectionSet in selectionSets {
            collect(selectionSet, type: type, into: &groups, index: &groupIndex, visited: &visited)
        }
        let fields = groups.map { group -> CollectedField in
            let first = group.nodes[0]
            let definition = first.name.value == "__typename" ? nil : schema.field(first.name.value, on: type)
            let usesVariables = first.arguments.contains { $0.value.containsVariable }
            let arguments = usesVariables
                ? nil : Self.coerceArguments(first.arguments, definition: definition, variables: JSONObject(), schema: schema)
            return CollectedField(
                responseKey: group.key, nodes: group.nodes, definition: definition, fixedArguments: arguments, schema: schema)
        }.filter { $0.definition != nil || $0.nodes[0].name.value == "__typename" }
        return fields
    }

    /// Appends the fields of `selectionSet` to their response keys' groups, expanding fragments in
    /// place. An explicit stack, not recursion: a chain of thousands of spreads costs no stack.
    private func collect(
        _ selectionSet: SelectionSet, type: Int, into groups: inout [(key: String, nodes: [Field])], index groupIndex: inout [String: Int],
        visited: inout Set<String>
    ) {
        var stack: [(selections: [Selection], next: Int)] = [(selectionSet.selections, 0)]
        while let top = stack.last {
            guard top.next < top.selections.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let selection = top.selections[top.next]
            guard shouldInclude(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                let key = field.responseKey
                if let index = groupIndex[key] {
                    groups[index].nodes.append(field)
                } else {
                    groupIndex[key] = groups.count
                    groups.append((key, [field]))
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), let fragment = document.fragment(named: name),
                      fragment.typeCondition.value == schema.types[type].name
                else { continue }
                visited.insert(name)
                stack.append((fragment.selectionSet.selections, 0))
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition, condition.value != schema.types[type].name { continue }
                stack.append((inline.selectionSet.selections, 0))
            }
        }
    }

    /// The field's coerced arguments: fixed in the plan, or coerced now from this request's variables.
    func arguments(of field: CollectedField) -> Result<JSONObject, CoercionFailure> {
        if let fixed = field.fixedArguments { return fixed }
        return Self.coerceArguments(field.nodes[0].arguments, definition: field.definition, variables: variables, schema: schema)
    }

    /// `@skip(if:)` and `@include(if:)`; validation has checked that `if` is a Boolean.
    private func shouldInclude(_ directives: [Directive]) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include", let argument = directive.arguments.first(where: { $0.name.value == "if" })
            else { continue }
            var flag = false
            switch argument.value {
            case .boolean(let value, _): flag = value
            case .variable(let variable): flag = variables[variable.value]?.boolValue ?? false
            default: break
            }
            if name == "skip" && flag { return false }
            if name == "include" && !flag { return false }
        }
        return true
    }

    /// CoerceArgumentValues (spec §6.4.1).
    static func coerceArguments(
        _ nodes: [Argument], definition: FieldDefinition?, variables: JSONObject, schema: Schema
    ) -> Result<JSONObject, CoercionFailure> {
        guard let definition, !definition.arguments.isEmpty else { return .success(JSONObject()) }
        var result = JSONObject()
        for argument in definition.arguments {
            let node = nodes.first { $0.name.value == argument.name }
            let typeText = schema.describe(argument.type)
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
