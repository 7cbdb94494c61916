/// UniqueOperationNamesRule (spec §5.2.1.1): no two operations share a name.
extension Validator {
    /// Reports `operation` when an earlier one has its name; `seen` maps names to where they were first defined.
    mutating func checkUniqueOperationName(_ operation: OperationDefinition, seen: inout NameMap) throws(Aborted) {
        guard let name = operation.name else { return }
        try checkUnique(name.value, at: name.offset, seen: &seen) { "There can be only one operation named \"\(name.value)\"." }
    }
}
