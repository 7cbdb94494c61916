/// UniqueArgumentNamesRule (spec §5.4.2): a field or directive takes each argument once.
extension Validator {
    mutating func checkUniqueArgument(_ argument: Argument, seen: inout NameMap) throws(Aborted) {
        let name = argument.name.value
        try checkUnique(name, at: argument.name.offset, seen: &seen) { "There can be only one argument named \"\(name)\"." }
    }
}
