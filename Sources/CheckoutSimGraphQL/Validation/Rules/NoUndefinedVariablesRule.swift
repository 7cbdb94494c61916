/// NoUndefinedVariablesRule (spec §5.8.3): every variable used is defined by the operation.
extension Validator {
    /// Reports `usage`'s variable as undefined, once per name (`reported`).
    mutating func reportUndefinedVariable(_ usage: VariableUsage, in operation: OperationDefinition, reported: inout Set<String>) throws(Aborted) {
        guard reported.insert(usage.name).inserted else { return }
        let suffix = operation.name.map { " by operation \"\($0.value)\"" } ?? ""
        try report("Variable \"$\(usage.name)\" is not defined\(suffix).", [usage.offset, operation.offset])
    }
}
