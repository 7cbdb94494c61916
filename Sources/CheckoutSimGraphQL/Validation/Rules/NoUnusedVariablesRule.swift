extension ValidationRule {
    /// NoUnusedVariablesRule (spec §5.8.4): every variable an operation defines is used by it or its fragments.
    static let noUnusedVariables = ValidationRule(
        name: "NoUnusedVariablesRule",
        leaveOperation: { validator, node throws(Validator.Aborted) in
            let count = node.variables.count
            guard count > 0 else { return }
            // Which definitions are used, as bits in one word while there are at most 64 of them:
            // a `[Bool]` was an allocation for every operation (Benchmarks/NOTES.md, issue 43).
            var usedBits: UInt64 = 0
            var usedBeyond = count > 64 ? [Bool](repeating: false, count: count) : []
            for case let position? in node.definitions {
                if position < 64 { usedBits |= 1 << UInt64(position) } else { usedBeyond[position] = true }
            }
            func used(_ position: Int) -> Bool {
                position < 64 ? usedBits & (1 << UInt64(position)) != 0 : usedBeyond[position]
            }
            for position in 0..<count where !used(position) {
                // A name defined twice is used when its first definition is.
                let name = node[variable: position].name.value
                if let first = node.definedByName[name: name], used(first) { continue }
                let suffix = node.operation.name.map { " in operation \"\($0.value)\"" } ?? ""
                try validator.report("Variable \"$\(name)\" is never used\(suffix).", [node[variable: position].offset])
            }
        })
}
