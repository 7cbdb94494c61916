/// The fields collected for a cached document, reused by every request that runs it.
///
/// Collecting fields and coercing literal arguments depends only on the document and the schema,
/// unless `@skip`, `@include` or `@defer` read a variable; such documents get no plan. Arguments that use
/// variables are coerced again for every request (`Executor.CollectedField.fixedArguments`).
/// A plan belongs to one `DocumentCache`, which is used by one request at a time.
final class ExecutionPlan {
    private var roots: [(operationOffset: Int, fields: [Executor.CollectedField])] = []

    /// A plan for `document`, or nil when what it selects depends on variables.
    static func make(for document: Document) -> ExecutionPlan? {
        document.hasVariableConditions ? nil : ExecutionPlan()
    }

    func rootFields(for operationOffset: Int) -> [Executor.CollectedField]? {
        roots.first { $0.operationOffset == operationOffset }?.fields
    }

    func keep(_ fields: [Executor.CollectedField], for operationOffset: Int) {
        roots.append((operationOffset, fields))
    }
}

extension Document {
    /// True when a `@defer` appears anywhere: the executor then notes where deferred fields are
    /// written (docs/apollo.md#defer).
    var usesDefer: Bool {
        directives.contains { $0.name.value == "defer" }
    }

    /// True when a `@skip`, `@include` or `@defer` anywhere in the document takes a variable.
    ///
    /// One pass over the document's flat list of directives: directives where a condition is
    /// not allowed (on an operation, a variable) only make this answer true for a document that
    /// validation refuses anyway, and no plan is always safe.
    var hasVariableConditions: Bool {
        directives.contains { directive in
            (directive.name.value == "skip" || directive.name.value == "include" || directive.name.value == "defer")
                && self[directive.arguments].contains { $0.value.containsVariable }
        }
    }
}
