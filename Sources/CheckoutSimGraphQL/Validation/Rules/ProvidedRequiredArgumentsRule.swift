extension ValidationRule {
    /// ProvidedRequiredArgumentsRule (spec §5.4.2.1): non-null arguments without a default are given.
    static let providedRequiredArguments = ValidationRule(
        name: "ProvidedRequiredArgumentsRule",
        leaveArguments: { validator, node throws(Validator.Aborted) in
            for definition in node.definitions ?? [] where definition.type.isNonNull && definition.defaultValue == nil {
                guard !validator.document[node.arguments].contains(where: { $0.name.value == definition.name }) else { continue }
                let type = validator.schema.describe(definition.type)
                let message = switch node.owner {
                case .field(let id, _):
                    "Field \"\(validator.document[id].name.value)\" argument \"\(definition.name)\" of type \"\(type)\" is required, but it was not provided."
                case .directive(let directive):
                    "Directive \"@\(directive)\" argument \"\(definition.name)\" of type \"\(type)\" is required, but it was not provided."
                case .unknownDirective:
                    ""
                }
                try validator.report(message, [node.offset])
            }
        })
}
