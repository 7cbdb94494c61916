extension ValidationRule {
    /// LoneAnonymousOperationRule (spec §5.2.2.1): an anonymous operation must be the document's only one.
    static let loneAnonymousOperation = ValidationRule(
        name: "LoneAnonymousOperationRule",
        operationName: { validator, node throws(Validator.Aborted) in
            if node.name == nil, validator.document.operations.count > 1 {
                try validator.report("This anonymous operation must be the only defined operation.", [node.offset])
            }
        })
}
