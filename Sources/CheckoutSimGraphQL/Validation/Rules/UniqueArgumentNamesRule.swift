extension ValidationRule {
    /// UniqueArgumentNamesRule (spec §5.4.2): a field or directive takes each argument once.
    static let uniqueArgumentNames = ValidationRule(name: "UniqueArgumentNamesRule", argument: { validator, node throws(Validator.Aborted) in
        guard let first = node.firstOffset else { return }
        let name = validator.document.arguments[node.index].name
        try validator.report("There can be only one argument named \"\(name.value)\".", [first, name.offset])
    })
}
