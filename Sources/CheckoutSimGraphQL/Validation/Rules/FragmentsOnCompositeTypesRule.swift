extension ValidationRule {
    /// FragmentsOnCompositeTypesRule (spec §5.5.1.3): fragments condition on object, interface or
    /// union types only (an unknown type is KnownTypeNamesRule's).
    static let fragmentsOnCompositeTypes = ValidationRule(
        name: "FragmentsOnCompositeTypesRule",
        typeCondition: { validator, node throws(Validator.Aborted) in
            guard let type = node.type else { return }
            if validator.schema.types[type].isComposite { return }
            let condition = node.condition
            if let fragment = node.fragment {
                try validator.report(
                    "Fragment \"\(fragment)\" cannot condition on non composite type \"\(condition.value)\".", [condition.offset])
            } else {
                try validator.report("Fragment cannot condition on non composite type \"\(condition.value)\".", [condition.offset])
            }
        })
}
