extension ValidationRule {
    /// UniqueOperationNamesRule (spec §5.2.1.1): no two operations share a name.
    static let uniqueOperationNames = ValidationRule(name: "UniqueOperationNamesRule", operationName: { validator, node throws(Validator.Aborted) in
        guard let first = node.firstOffset, let name = node.name else { return }
        try validator.report("There can be only one operation named \"\(name.value)\".", [first, name.offset])
    })
}
