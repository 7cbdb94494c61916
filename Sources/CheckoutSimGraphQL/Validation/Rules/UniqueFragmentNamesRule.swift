/// UniqueFragmentNamesRule (spec §5.5.1.1): no two fragments share a name.
extension Validator {
    mutating func checkUniqueFragmentNames() throws(Aborted) {
        var seen: [String: Int] = [:]
        for fragment in document.fragments {
            let name = fragment.name
            if let first = seen[name.value] {
                try report("There can be only one fragment named \"\(name.value)\".", [first, name.offset])
            } else {
                seen[name.value] = name.offset
            }
        }
    }
}
