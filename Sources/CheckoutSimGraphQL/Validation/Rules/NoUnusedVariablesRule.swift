extension ValidationRule {
    /// NoUnusedVariablesRule (spec §5.8.4): every variable an operation defines is used by it or its fragments.
    static let noUnusedVariables = ValidationRule(
        name: "NoUnusedVariablesRule",
        leaveOperation: { validator, node throws(Validator.Aborted) in
            var used = [Bool](repeating: false, count: node.defined.count)
            for case let position? in node.definitions { used[position] = true }
            // A name defined twice is used when its first definition is.
            for (definition, _) in node.defined where node.definedByName[name: definition.name.value].map({ !used[$0] }) ?? true {
                let suffix = node.operation.name.map { " in operation \"\($0.value)\"" } ?? ""
                try validator.report("Variable \"$\(definition.name.value)\" is never used\(suffix).", [definition.offset])
            }
        })
}
