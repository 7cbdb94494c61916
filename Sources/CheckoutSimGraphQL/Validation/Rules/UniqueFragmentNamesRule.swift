extension ValidationRule {
    /// UniqueFragmentNamesRule (spec §5.5.1.1): no two fragments share a name.
    static let uniqueFragmentNames = ValidationRule(name: "UniqueFragmentNamesRule", fragmentName: { validator, node throws(Validator.Aborted) in
        guard let first = node.firstOffset, let name = node.name else { return }
        try validator.report("There can be only one fragment named \"\(name.value)\".", [first, name.offset])
    })
}
