extension ValidationRule {
    /// ScalarLeafsRule (spec §5.3.3): leaves have no sub-selection, objects must have one.
    static let scalarLeafs = ValidationRule(name: "ScalarLeafsRule", field: { validator, node throws(Validator.Aborted) in
        guard let namedType = node.namedType else { return }
        let kind = validator.schema.kinds[namedType]
        // The definition itself only for a message.
        var typeText: String { node.definition.map { validator.schema.describe($0.type) } ?? "" }
        if kind == .scalar || kind == .enumeration {
            if let selectionSet = node.selectionSet {
                let name = validator.document[node.id].name.value
                try validator.report(
                    "Field \"\(name)\" must not have a selection since type \"\(typeText)\" has no subfields.",
                    [selectionSet.offset])
            }
        } else if node.selectionSet == nil {
            let name = validator.document[node.id].name.value
            try validator.report(
                "Field \"\(name)\" of type \"\(typeText)\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                [node.offset])
        }
    })
}
