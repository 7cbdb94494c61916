/// VariablesInAllowedPositionRule (spec §5.8.5): a variable's type fits every position it is used in.
extension Validator {
    /// Checks one usage against its variable's definition; a nullable variable may fill a non-null
    /// position when it or the position has a default.
    mutating func checkVariablePosition(_ usage: VariableUsage, definition: VariableDefinition, type variableType: TypeRef?) throws(Aborted) {
        guard let variableType, let expected = usage.expected else { return }
        if case .nonNull = expected, !variableType.isNonNull {
            let hasDefault: Bool
            if let defaultValue = definition.defaultValue, case .null = defaultValue { hasDefault = false } else {
                hasDefault = definition.defaultValue != nil
            }
            if hasDefault || usage.locationHasDefault { return }
        }
        if !schema.isSubtype(variableType, of: expected) {
            try report(
                "Variable \"$\(usage.name)\" of type \"\(schema.describe(variableType))\" used in position expecting type \"\(schema.describe(expected))\".",
                [definition.offset, usage.offset])
        }
    }
}
