/// FieldsOnCorrectTypeRule (spec §5.3.1): a field is selected only on a type that defines it.
extension Validator {
    /// The definition of `field` on `parent`, or nil (reported unless it is `__typename`).
    mutating func fieldDefinition(_ field: Field, on parent: Int) throws(Aborted) -> FieldDefinition? {
        let name = field.name.value
        if let definition = schema.field(name, on: parent) { return definition }
        if name != "__typename" {
            let type = schema.types[parent]
            let hint = Suggestions.didYouMean(Suggestions.list(name, options: type.fields.map(\.name)))
            try report("Cannot query field \"\(name)\" on type \"\(type.name)\".\(hint)", [field.offset])
        }
        return nil
    }
}
