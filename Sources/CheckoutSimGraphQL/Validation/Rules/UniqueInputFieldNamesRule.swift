/// UniqueInputFieldNamesRule (spec §5.6.3): an input object literal gives each field once.
extension Validator {
    mutating func checkUniqueInputField(_ field: ObjectField, seen: inout NameMap) throws(Aborted) {
        let name = field.name.value
        try checkUnique(name, at: field.name.offset, seen: &seen) { "There can be only one input field named \"\(name)\"." }
    }
}
