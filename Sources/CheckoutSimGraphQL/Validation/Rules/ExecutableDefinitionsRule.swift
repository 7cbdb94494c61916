extension ValidationRule {
    /// ExecutableDefinitionsRule (spec §5.1.1): a document sent to be executed holds only operations
    /// and fragments; each type-system definition or extension is reported where it starts.
    static let executableDefinitions = ValidationRule(name: "ExecutableDefinitionsRule", document: { validator, _ throws(Validator.Aborted) in
        for definition in validator.document.nonExecutableDefinitions {
            let subject = definition.name.map { "\"\($0)\"" } ?? "schema"
            try validator.report("The \(subject) definition is not executable.", [definition.offset])
        }
    })
}
