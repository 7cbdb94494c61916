extension ValidationRule {
    /// UniqueDirectivesPerLocationRule (spec §5.7.3): a non-repeatable directive appears once per place.
    static let uniqueDirectivesPerLocation = ValidationRule(
        name: "UniqueDirectivesPerLocationRule",
        directive: { validator, node throws(Validator.Aborted) in
            guard let first = node.firstOffset, node.definition?.isRepeatable == false else { return }
            try validator.report(
                "The directive \"@\(node.directive.name.value)\" can only be used once at this location.", [first, node.directive.offset])
        })
}
