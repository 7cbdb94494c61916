/// UniqueFragmentNamesRule (spec §5.5.1.1): no two fragments share a name.
extension Validator {
    mutating func checkUniqueFragmentNames() throws(Aborted) {
        var seen = NameMap()
        for fragment in document.fragments {
            let name = fragment.name
            try checkUnique(name.value, at: name.offset, seen: &seen) { "There can be only one fragment named \"\(name.value)\"." }
        }
    }
}
