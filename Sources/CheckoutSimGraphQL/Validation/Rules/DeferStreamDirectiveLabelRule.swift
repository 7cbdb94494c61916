extension ValidationRule {
    /// DeferStreamDirectiveLabelRule (graphql-js 17, incremental delivery): a `@defer` label is a
    /// static string, and no two share one (a client tells parts apart by it; docs/apollo.md#defer).
    static let deferStreamDirectiveLabel = ValidationRule(name: "DeferStreamDirectiveLabelRule", leaveDocument: { validator, _ throws(Validator.Aborted) in
        var seen: [String: Int] = [:]
        let document = validator.document
        for directive in document.directives where directive.name.value == "defer" {
            guard let label = document[directive.arguments].first(where: { $0.name.value == "label" }) else { continue }
            guard case .string(let text, _, _) = label.value else {
                try validator.report("Argument \"@defer(label:)\" must be a static string.", [directive.offset])
                continue
            }
            if let first = seen[text] {
                try validator.report(
                    "Value for arguments \"defer(label:)\" and \"stream(label:)\" must be unique across all Defer/Stream directive usages.",
                    [first, directive.offset])
            } else {
                seen[text] = directive.offset
            }
        }
    })
}
