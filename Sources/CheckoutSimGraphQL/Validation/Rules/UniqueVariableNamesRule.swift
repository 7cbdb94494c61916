extension ValidationRule {
    /// UniqueVariableNamesRule (spec §5.8.1): an operation defines each variable once.
    static let uniqueVariableNames = ValidationRule(name: "UniqueVariableNamesRule", variable: { validator, node throws(Validator.Aborted) in
        guard let first = node.firstOffset else { return }
        let name = node.definition.name
        try validator.report("There can be only one variable named \"$\(name.value)\".", [first, name.offset])
    })
}
