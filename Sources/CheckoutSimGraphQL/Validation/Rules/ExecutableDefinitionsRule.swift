/// ExecutableDefinitionsRule (spec §5.1.1): a document sent to be executed holds only operations
/// and fragments; each type-system definition or extension is reported where it starts.
extension Validator {
    mutating func checkExecutableDefinitions() throws(Aborted) {
        for definition in document.nonExecutableDefinitions {
            let subject = definition.name.map { "\"\($0)\"" } ?? "schema"
            try report("The \(subject) definition is not executable.", [definition.offset])
        }
    }
}
