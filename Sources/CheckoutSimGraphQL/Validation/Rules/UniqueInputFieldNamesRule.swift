extension ValidationRule {
    /// UniqueInputFieldNamesRule (spec §5.6.3): an input object literal gives each field once.
    static let uniqueInputFieldNames = ValidationRule(name: "UniqueInputFieldNamesRule", inputField: { validator, node throws(Validator.Aborted) in
        guard let first = node.firstOffset else { return }
        let name = node.field.name
        try validator.report("There can be only one input field named \"\(name.value)\".", [first, name.offset])
    })
}
