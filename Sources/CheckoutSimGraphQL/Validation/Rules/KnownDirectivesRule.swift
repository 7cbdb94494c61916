/// KnownDirectivesRule (spec §5.7.1, §5.7.2): directives exist and are used where they are allowed.
extension Validator {
    /// The definition of `directive`, or nil after reporting it as unknown; a known directive in
    /// the wrong place is reported and still returned, so its arguments are checked.
    mutating func knownDirective(_ directive: Directive, location: DirectiveLocation) throws(Aborted) -> DirectiveDefinition? {
        let name = directive.name.value
        guard let definition = schema.directive(named: name) else {
            // Clients send `@defer`/`@stream` when an operation asks for incremental delivery
            // (Apollo iOS does): say plainly that it is not supported (docs/apollo.md#defer).
            if name == "defer" || name == "stream" {
                try report("The @\(name) directive is not supported: this server sends every field in one response. Remove @\(name) from the operation.", [directive.offset])
            } else {
                try report("Unknown directive \"@\(name)\".", [directive.offset])
            }
            return nil
        }
        if !definition.locations.contains(location) {
            try report("Directive \"@\(name)\" may not be used on \(location.rawValue).", [directive.offset])
        }
        return definition
    }
}
