extension ValidationRule {
    /// KnownFragmentNamesRule (spec §5.5.2.1): every spread names a fragment the document defines.
    static let knownFragmentNames = ValidationRule(name: "KnownFragmentNamesRule", fragmentSpread: { validator, node throws(Validator.Aborted) in
        guard node.fragment == nil else { return }
        try validator.report("Unknown fragment \"\(node.spread.name.value)\".", [node.spread.name.offset])
    })
}
