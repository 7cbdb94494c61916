/// KnownTypeNamesRule (spec §5.5.1.2): every type a document names exists in the schema.
extension Validator {
    /// Reports `name` as an unknown type, suggesting the schema's closest type names.
    mutating func reportUnknownType(_ name: Name) throws(Aborted) {
        let candidates = schema.types.map(\.name)
        try report(
            "Unknown type \"\(name.value)\"." + Suggestions.didYouMean(Suggestions.list(name.value, options: candidates)),
            [name.offset])
    }
}
