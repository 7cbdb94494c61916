extension ValidationRule {
    /// KnownDirectivesRule (spec §5.7.1, §5.7.2): directives exist and are used where they are allowed.
    static let knownDirectives = ValidationRule(name: "KnownDirectivesRule", directive: { validator, node throws(Validator.Aborted) in
        let name = node.directive.name.value
        // Clients send `@defer`/`@stream` when an operation asks for incremental delivery
        // (Apollo iOS does): `@defer` is answered where the schema declares it
        // (docs/apollo.md#defer); for `@stream`, or a schema without `@defer`, say plainly that
        // it is not supported.
        if name == "stream" || (name == "defer" && node.definition == nil) {
            try validator.report(
                "The @\(name) directive is not supported: this server sends every field in one response. Remove @\(name) from the operation.",
                [node.directive.offset])
            return
        }
        guard let definition = node.definition else {
            try validator.report("Unknown directive \"@\(name)\".", [node.directive.offset])
            return
        }
        if !definition.locations.contains(node.location) {
            try validator.report("Directive \"@\(name)\" may not be used on \(node.location.rawValue).", [node.directive.offset])
        }
    })
}
