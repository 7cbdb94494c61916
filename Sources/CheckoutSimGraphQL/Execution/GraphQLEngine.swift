/// Limits applied to every request; see SPEC §4.
public struct RequestLimits: Sendable {
    /// Limits on the document's size, tokens and nesting.
    public var parse = ParseLimits()
    /// Limits on validation errors and fields after fragment expansion.
    public var validation = ValidationLimits()
    /// How deeply variable values may nest lists and objects.
    public var maxVariablesDepth = 25
    /// The most bytes the variables JSON of a request may have (SPEC §4: 1 MiB).
    public var maxVariablesBytes = 1 << 20
    /// The most bytes a response may have (SPEC §4: 16 MiB); past it the response is one
    /// `RESPONSE_TOO_LARGE` error and no data.
    public var maxResponseBytes = 16 << 20
    /// The most a request may cost by the schema's cost rule (for the shop: catalog products
    /// scanned; docs: README, "The cost rule"); past it the request is refused before anything runs.
    public var maxCost = 20_000_000

    /// The default limits.
    public init() {}
}

/// Parse → validate → execute, the whole pipeline for one request.
public enum GraphQLEngine {
    /// Parses and validates a document; the errors are request errors (no `data`).
    public static func prepare(_ query: String, schema: Schema, limits: RequestLimits = RequestLimits()) -> Result<Document, RequestErrors> {
        let document: Document
        do {
            document = try Parser.parse(query, limits: limits.parse)
        } catch {
            return .failure(RequestErrors(errors: [error]))
        }
        let errors = Validator.validate(document, schema: schema, limits: limits.validation)
        return errors.isEmpty ? .success(document) : .failure(RequestErrors(errors: errors))
    }

    /// Parses, validates and executes `request` (without a document cache).
    public static func execute(
        _ request: GraphQLRequest, schema: Schema, context: AnyObject?, rootValue: Any = (),
        limits: RequestLimits = RequestLimits()
    ) -> GraphQLResponse {
        run(prepare(request.query, schema: schema, limits: limits), request, schema: schema, context: context,
            rootValue: rootValue, limits: limits)
    }

    /// Executes an already prepared document, or answers with its request errors.
    static func run(
        _ prepared: Result<Document, RequestErrors>, _ request: GraphQLRequest, schema: Schema, context: AnyObject?,
        rootValue: Any, limits: RequestLimits, plan: ExecutionPlan? = nil, cancelled: CancellationCheck? = nil
    ) -> GraphQLResponse {
        switch prepared {
        case .failure(let failure):
            return GraphQLResponse(errors: failure.errors)
        case .success(let document):
            return Executor.execute(
                schema: schema, document: document, operationName: request.operationName, variables: request.variables,
                context: context, rootValue: rootValue, maxErrors: limits.validation.maxErrors,
                maxResponseBytes: limits.maxResponseBytes, maxCost: limits.maxCost, plan: plan, cancelled: cancelled)
        }
    }
}

extension GraphQLEngine {
    /// Whether the operation `operationName` selects (or the only one) is a mutation; false when unreadable.
    public static func isMutation(_ query: String, operationName: String?) -> Bool {
        guard let document = try? Parser.parse(query),
              case .success(let operation) = Executor.selectOperation(in: document, named: operationName)
        else { return false }
        return operation.kind == .mutation
    }
}
