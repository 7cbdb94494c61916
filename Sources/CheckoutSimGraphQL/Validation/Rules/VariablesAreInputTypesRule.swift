extension ValidationRule {
    /// VariablesAreInputTypesRule (spec §5.8.2): variables have scalar, enum or input object types
    /// (an unknown type is KnownTypeNamesRule's).
    static let variablesAreInputTypes = ValidationRule(name: "VariablesAreInputTypesRule", variable: { validator, node throws(Validator.Aborted) in
        guard let type = node.namedType, !validator.schema.types[type].isInputType else { return }
        let definition = node.definition
        try validator.report(
            "Variable \"$\(definition.name.value)\" cannot be non-input type \"\(definition.type)\".", [definition.type.offset])
    })
}
