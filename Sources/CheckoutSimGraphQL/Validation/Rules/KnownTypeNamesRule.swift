extension ValidationRule {
    /// KnownTypeNamesRule (spec §5.5.1.2): every type a document names (a type condition, a
    /// variable's type) exists in the schema.
    static let knownTypeNames = ValidationRule(
        name: "KnownTypeNamesRule",
        variable: { validator, node throws(Validator.Aborted) in
            if node.namedType == nil { try reportUnknownType(node.definition.type.namedType, to: &validator) }
        },
        typeCondition: { validator, node throws(Validator.Aborted) in
            if node.type == nil { try reportUnknownType(node.condition, to: &validator) }
        })

    /// Reports `name` as an unknown type, suggesting the schema's closest type names.
    private static func reportUnknownType(_ name: Name, to validator: inout Validator) throws(Validator.Aborted) {
        let candidates = validator.schema.types.map(\.name)
        try validator.report(
            "Unknown type \"\(name.value)\"." + Suggestions.didYouMean(Suggestions.list(name.value, options: candidates)),
            [name.offset])
    }
}
