extension ValidationRule {
    /// KnownArgumentNamesRule (spec §5.4.1): every argument is one its field or directive defines.
    static let knownArgumentNames = ValidationRule(name: "KnownArgumentNamesRule", argument: { validator, node throws(Validator.Aborted) in
        guard !node.isDefined else { return }
        let argument = validator.document.arguments[node.index]
        let name = argument.name.value
        let message: String
        switch node.owner {
        case .field(let id, let parent):
            // A field its type does not define is FieldsOnCorrectTypeRule's.
            guard node.definitions != nil else { return }
            let field = validator.document[id].name.value
            let owner = parent.map { "\(validator.schema.types[$0].name).\(field)" } ?? field
            message = "Unknown argument \"\(name)\" on field \"\(owner)\"."
        case .directive(let directive):
            message = "Unknown argument \"\(name)\" on directive \"@\(directive)\"."
        case .unknownDirective:
            return
        }
        let hint = Suggestions.didYouMean(Suggestions.list(name, options: node.definitions?.map(\.name) ?? []))
        try validator.report(message + hint, [argument.offset])
    })
}
