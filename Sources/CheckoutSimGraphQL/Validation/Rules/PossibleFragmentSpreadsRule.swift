/// PossibleFragmentSpreadsRule (spec §5.5.2.3): a fragment is spread only where its type can
/// apply: some object type is both a possible type of the parent and of the fragment's condition.
extension ValidationRule {
    static let possibleFragmentSpreads = ValidationRule(
        name: "PossibleFragmentSpreadsRule",
        fragmentSpread: { validator, node throws(Validator.Aborted) in
            let schema = validator.schema
            guard let parent = node.parent, let condition = node.condition, schema.types[condition].isComposite,
                  !schema.typesOverlap(parent, condition)
            else { return }
            try validator.report(
                "Fragment \"\(node.spread.name.value)\" cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(schema.types[condition].name)\".",
                [node.spread.offset])
        },
        inlineFragment: { validator, node throws(Validator.Aborted) in
            let schema = validator.schema
            guard let parent = node.parent, schema.types[node.condition].isComposite, !schema.typesOverlap(parent, node.condition) else { return }
            try validator.report(
                "Fragment cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(schema.types[node.condition].name)\".",
                [node.inline.offset])
        })
}
