/// UniqueDirectivesPerLocationRule (spec §5.7.3): a non-repeatable directive appears once per place.
extension Validator {
    mutating func checkUniqueDirective(_ directive: Directive, definition: DirectiveDefinition, seen: inout NameMap) throws(Aborted) {
        let name = directive.name.value
        if let first = seen.recordFirst(name, directive.offset), !definition.isRepeatable {
            try report("The directive \"@\(name)\" can only be used once at this location.", [first, directive.offset])
        }
    }
}
