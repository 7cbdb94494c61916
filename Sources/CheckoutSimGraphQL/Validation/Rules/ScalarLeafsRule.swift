/// ScalarLeafsRule (spec §5.3.3): leaves have no sub-selection, objects must have one.
extension Validator {
    /// The object type to check `field`'s sub-selection against; nil for a leaf.
    mutating func checkLeafSelection(_ field: Field, definition: FieldDefinition) throws(Aborted) -> Int? {
        let name = field.name.value
        let kind = schema.kinds[definition.namedType]
        if kind == .scalar || kind == .enumeration {
            if let selectionSet = field.selectionSet {
                try report(
                    "Field \"\(name)\" must not have a selection since type \"\(schema.describe(definition.type))\" has no subfields.",
                    [selectionSet.offset])
            }
            return nil
        }
        if field.selectionSet == nil {
            try report(
                "Field \"\(name)\" of type \"\(schema.describe(definition.type))\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                [field.offset])
        }
        return definition.namedType
    }
}
