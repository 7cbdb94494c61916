/// PossibleFragmentSpreadsRule (spec §5.5.2.3): a fragment is spread only where its type can apply.
/// The schema has object types only, so the fragment's type must be the parent type itself.
extension ValidationRule {
    static let possibleFragmentSpreads = ValidationRule(
        name: "PossibleFragmentSpreadsRule",
        fragmentSpread: { validator, node throws(Validator.Aborted) in
            let schema = validator.schema
            guard let parent = node.parent, let condition = node.condition, case .object = schema.types[condition].shape, condition != parent
            else { return }
            try validator.report(
                "Fragment \"\(node.spread.name.value)\" cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(schema.types[condition].name)\".",
                [node.spread.offset])
        },
        inlineFragment: { validator, node throws(Validator.Aborted) in
            let schema = validator.schema
            guard let parent = node.parent, parent != node.condition else { return }
            try validator.report(
                "Fragment cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(schema.types[node.condition].name)\".",
                [node.inline.offset])
        })
}
