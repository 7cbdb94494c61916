/// A document parsed and validated against a schema, with the fields its executions collected.
///
/// Made by `GraphQLEngine.prepare` and kept by a `DocumentCache`, so a repeated request skips
/// parsing, validation and field collection. `@unchecked Sendable`: the document is immutable;
/// the plan is filled in while executing, so executions of one prepared document take turns
/// (the simulator runs them under its state lock).
package struct PreparedDocument: @unchecked Sendable {
    /// The parsed document; nil when the text does not parse.
    let parsed: Document?
    /// The request errors (syntax or validation); empty when the document can run.
    package let errors: [GraphQLError]
    let plan: ExecutionPlan?
    /// The bytes this document counts against a cache's budget: its text's length times
    /// `bytesPerSourceByte`, an upper estimate of what its tree, names and plan hold.
    let cost: Int

    /// An upper estimate of the memory a parsed document takes per byte of its text.
    static let bytesPerSourceByte = 24

    /// Whether the document is ready to execute.
    package var isValid: Bool { errors.isEmpty }

    /// The name and kind of the operation `operationName` names (or the only one), when the
    /// document parses and has it; validation errors do not hide it (a GET must still refuse a mutation).
    package func operation(named operationName: String?) -> (name: String?, kind: OperationKind)? {
        guard let parsed, case .success(let operation) = Executor.selectOperation(in: parsed, named: operationName) else {
            return nil
        }
        return (operation.name?.value, operation.kind)
    }
}
