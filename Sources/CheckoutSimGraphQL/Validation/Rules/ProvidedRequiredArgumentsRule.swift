/// ProvidedRequiredArgumentsRule (spec §5.4.2.1): non-null arguments without a default are given.
extension Validator {
    /// Reports each required argument of `definitions` missing from `given` (names of the arguments written), at `offset`.
    mutating func checkRequiredArguments(
        _ definitions: [InputValueDefinition]?, given: NameMap, at offset: Int, missingMessage: (String, String) -> String
    ) throws(Aborted) {
        for definition in definitions ?? [] where definition.type.isNonNull && definition.defaultValue == nil {
            if given[definition.name] == nil {
                try report(missingMessage(definition.name, schema.describe(definition.type)), [offset])
            }
        }
    }
}
