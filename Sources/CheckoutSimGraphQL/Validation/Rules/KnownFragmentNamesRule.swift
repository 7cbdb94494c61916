/// KnownFragmentNamesRule (spec §5.5.2.1): every spread names a fragment the document defines.
extension Validator {
    /// The index of the fragment `spread` names, or nil after reporting it as unknown.
    mutating func knownFragment(_ spread: FragmentSpread) throws(Aborted) -> Int? {
        if let index = fragments.indexByName[spread.name.value] { return index }
        try report("Unknown fragment \"\(spread.name.value)\".", [spread.name.offset])
        return nil
    }
}
