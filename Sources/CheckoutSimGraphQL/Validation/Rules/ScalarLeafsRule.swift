extension ValidationRule {
    /// ScalarLeafsRule (spec §5.3.3): leaves have no sub-selection, objects must have one.
    static let scalarLeafs = ValidationRule(name: "ScalarLeafsRule", field: { validator, node throws(Validator.Aborted) in
        guard let definition = node.definition else { return }
        let schema = validator.schema
        let kind = schema.kinds[definition.namedType]
        if kind == .scalar || kind == .enumeration {
            if let selectionSet = node.selectionSet {
                let name = validator.document[node.id].name.value
                try validator.report(
                    "Field \"\(name)\" must not have a selection since type \"\(schema.describe(definition.type))\" has no subfields.",
                    [selectionSet.offset])
            }
        } else if node.selectionSet == nil {
            let name = validator.document[node.id].name.value
            try validator.report(
                "Field \"\(name)\" of type \"\(schema.describe(definition.type))\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                [node.offset])
        }
    })
}
