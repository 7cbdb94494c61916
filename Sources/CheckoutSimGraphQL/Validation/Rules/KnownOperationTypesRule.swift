extension ValidationRule {
    /// KnownOperationTypesRule (graphql-js 17; graphql-js 16 reports the same at execution): the
    /// schema has no subscription type, so a subscription cannot be executed.
    static let knownOperationTypes = ValidationRule(name: "KnownOperationTypesRule", operation: { validator, operation throws(Validator.Aborted) in
        if operation.kind == .subscription {
            try validator.report("Schema is not configured to execute subscription operation.", [operation.offset])
        }
    })
}
