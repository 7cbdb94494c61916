extension ValidationRule {
    /// NoUndefinedVariablesRule (spec §5.8.3): every variable used is defined by the operation;
    /// each undefined name is reported once, at its first use.
    static let noUndefinedVariables = ValidationRule(
        name: "NoUndefinedVariablesRule",
        leaveOperation: { validator, node throws(Validator.Aborted) in
            var reported = NameMap()
            for (usage, definition) in zip(node.usages, node.definitions) where definition == nil {
                guard reported.recordFirst(usage.name, usage.offset) == nil else { continue }
                let suffix = node.operation.name.map { " by operation \"\($0.value)\"" } ?? ""
                try validator.report("Variable \"$\(usage.name.value)\" is not defined\(suffix).", [usage.offset, node.operation.offset])
            }
        })
}
