/// UniqueVariableNamesRule (spec §5.8.1): an operation defines each variable once.
extension Validator {
    /// Reports `definition` when an earlier one in `defined` has its name; `definedByName` maps names to positions there.
    mutating func checkUniqueVariableName(
        _ definition: VariableDefinition, defined: [(definition: VariableDefinition, type: TypeRef?)], definedByName: inout NameMap
    ) throws(Aborted) {
        let name = definition.name.value
        if let first = definedByName.recordFirst(name, defined.count) {
            try report(
                "There can be only one variable named \"$\(name)\".", [defined[first].definition.name.offset, definition.name.offset])
        }
    }
}
