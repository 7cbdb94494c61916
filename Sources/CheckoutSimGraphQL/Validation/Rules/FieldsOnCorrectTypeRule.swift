extension ValidationRule {
    /// FieldsOnCorrectTypeRule (spec §5.3.1): a field is selected only on a type that defines it.
    static let fieldsOnCorrectType = ValidationRule(name: "FieldsOnCorrectTypeRule", field: { validator, node throws(Validator.Aborted) in
        guard let parent = node.parent, node.definition == nil else { return }
        let name = validator.document[node.id].name.value
        guard name != "__typename" else { return }
        let type = validator.schema.types[parent]
        let hint = Suggestions.didYouMean(Suggestions.list(name, options: type.fields.map(\.name)))
        try validator.report("Cannot query field \"\(name)\" on type \"\(type.name)\".\(hint)", [node.offset])
    })
}
