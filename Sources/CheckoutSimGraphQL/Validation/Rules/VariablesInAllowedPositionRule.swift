extension ValidationRule {
    /// VariablesInAllowedPositionRule (spec §5.8.5): a variable's type fits every position it is
    /// used in; a nullable variable may fill a non-null position when it or the position has a default.
    static let variablesInAllowedPosition = ValidationRule(
        name: "VariablesInAllowedPositionRule",
        leaveOperation: { validator, node throws(Validator.Aborted) in
            for (usage, position) in zip(node.usages, node.definitions) {
                guard let position, let type = node.types[position], usage.expected != nil else { continue }
                try check(usage, definition: position, of: node, type: type, in: &validator)
            }
        })

    private static func check(
        _ usage: Validator.VariableUsage, definition position: Int, of node: Validator.OperationUsageNode, type variableType: TypeRef,
        in validator: inout Validator
    ) throws(Validator.Aborted) {
        guard let expected = usage.expected else { return }
        if case .nonNull = expected, !variableType.isNonNull {
            // The default is looked at in place: copying the definition for every usage retained
            // its name, type and default (Benchmarks/NOTES.md, issue 43).
            let hasDefault: Bool
            switch node[variable: position].defaultValue {
            case nil, .null?: hasDefault = false
            default: hasDefault = true
            }
            if hasDefault || usage.locationHasDefault { return }
        }
        let schema = validator.schema
        if !schema.isSubtype(variableType, of: expected) {
            try validator.report(
                "Variable \"$\(usage.name.value)\" of type \"\(schema.describe(variableType))\" used in position expecting type \"\(schema.describe(expected))\".",
                [node[variable: position].offset, usage.offset])
        }
    }
}
