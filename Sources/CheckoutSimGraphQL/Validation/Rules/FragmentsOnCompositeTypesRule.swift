/// FragmentsOnCompositeTypesRule (spec §5.5.1.3): fragments condition on object types only.
extension Validator {
    /// The object type `condition` names, or nil after reporting it as unknown
    /// (KnownTypeNamesRule) or not composite; `fragment` is the fragment's name, nil for an inline one.
    mutating func compositeType(_ condition: Name, fragment: String?) throws(Aborted) -> Int? {
        guard let index = schema.typeIndex[condition.value] else {
            try reportUnknownType(condition)
            return nil
        }
        if case .object = schema.types[index].shape { return index }
        if let fragment {
            try report(
                "Fragment \"\(fragment)\" cannot condition on non composite type \"\(condition.value)\".", [condition.offset])
        } else {
            try report("Fragment cannot condition on non composite type \"\(condition.value)\".", [condition.offset])
        }
        return nil
    }
}
