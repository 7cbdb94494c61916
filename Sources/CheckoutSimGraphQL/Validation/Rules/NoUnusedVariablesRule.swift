extension ValidationRule {
    /// NoUnusedVariablesRule (spec §5.8.4): every variable an operation defines is used by it or its fragments.
    static let noUnusedVariables = ValidationRule(
        name: "NoUnusedVariablesRule",
        leaveOperation: { validator, node throws(Validator.Aborted) in
            let variables = node.operation.variables
            var used = [Bool](repeating: false, count: variables.count)
            for case let position? in node.definitions { used[position] = true }
            for position in variables.indices where !used[position] {
                // A name defined twice is used when its first definition is.
                let name = variables[position].name.value
                if let first = node.definedByName[name: name], used[first] { continue }
                let suffix = node.operation.name.map { " in operation \"\($0.value)\"" } ?? ""
                try validator.report("Variable \"$\(name)\" is never used\(suffix).", [variables[position].offset])
            }
        })
}
