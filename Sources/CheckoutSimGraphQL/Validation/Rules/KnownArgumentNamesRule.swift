/// KnownArgumentNamesRule (spec §5.4.1): every argument is one its field or directive defines.
extension Validator {
    /// The definition of `argument` among `definitions`; when `known` (the field or directive
    /// exists) and there is none, reports it with `unknownMessage` and the closest names.
    mutating func argumentDefinition(
        _ argument: Argument, among definitions: [InputValueDefinition]?, known: Bool, unknownMessage: (String) -> String
    ) throws(Aborted) -> InputValueDefinition? {
        let name = argument.name.value
        let definition = definitions?.first { $0.name == name }
        if known, definition == nil {
            let hint = Suggestions.didYouMean(Suggestions.list(name, options: definitions?.map(\.name) ?? []))
            try report(unknownMessage(name) + hint, [argument.offset])
        }
        return definition
    }
}
