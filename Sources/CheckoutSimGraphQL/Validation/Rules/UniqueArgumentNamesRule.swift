/// UniqueArgumentNamesRule (spec §5.4.2): a field or directive takes each argument once.
extension Validator {
    mutating func checkUniqueArgument(_ argument: Argument, seen: inout [String: Int]) throws(Aborted) {
        let name = argument.name.value
        if let first = seen[name] {
            try report("There can be only one argument named \"\(name)\".", [first, argument.name.offset])
        } else {
            seen[name] = argument.name.offset
        }
    }
}
