/// PossibleFragmentSpreadsRule (spec §5.5.2.3): a fragment is spread only where its type can apply.
/// The schema has object types only, so the fragment's type must be the parent type itself.
extension Validator {
    /// Checks a named spread whose fragment conditions on `condition` (a type index) inside `parent`.
    mutating func checkPossibleSpread(_ spread: FragmentSpread, condition: Int?, parent: Int?) throws(Aborted) {
        guard let parent, let condition, case .object = schema.types[condition].shape, condition != parent else { return }
        try report(
            "Fragment \"\(spread.name.value)\" cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(schema.types[condition].name)\".",
            [spread.offset])
    }

    /// Checks an inline fragment conditioned on the object type `condition` inside `parent`.
    mutating func checkPossibleInlineFragment(_ inline: InlineFragment, condition: Int, parent: Int?) throws(Aborted) {
        guard let parent, parent != condition else { return }
        try report(
            "Fragment cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(schema.types[condition].name)\".",
            [inline.offset])
    }
}
