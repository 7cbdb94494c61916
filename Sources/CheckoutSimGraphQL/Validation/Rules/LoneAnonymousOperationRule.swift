/// LoneAnonymousOperationRule (spec §5.2.2.1): an anonymous operation must be the document's only one.
extension Validator {
    mutating func checkLoneAnonymousOperation(_ operation: OperationDefinition) throws(Aborted) {
        if operation.name == nil, document.operations.count > 1 {
            try report("This anonymous operation must be the only defined operation.", [operation.offset])
        }
    }
}
