/// NoUnusedVariablesRule (spec §5.8.4): every variable an operation defines is used by it or its fragments.
extension Validator {
    mutating func checkUnusedVariables(
        _ defined: [(definition: VariableDefinition, type: TypeRef?)], used: Set<String>, in operation: OperationDefinition
    ) throws(Aborted) {
        for (definition, _) in defined where !used.contains(definition.name.value) {
            let suffix = operation.name.map { " in operation \"\($0.value)\"" } ?? ""
            try report("Variable \"$\(definition.name.value)\" is never used\(suffix).", [definition.offset])
        }
    }
}
