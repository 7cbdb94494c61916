/// Limits applied to every request (docs/limits.md).
public struct RequestLimits: Sendable {
    /// Limits on the document's size, tokens and nesting.
    public var parse = ParseLimits()
    /// Limits on validation errors and fields after fragment expansion.
    public var validation = ValidationLimits()
    /// How deeply variable values may nest lists and objects.
    public var maxVariablesDepth = 25
    /// The most bytes the variables JSON of a request may have (1 MiB).
    public var maxVariablesBytes = 1 << 20
    /// The most bytes a response may have (16 MiB); past it the response is one
    /// `RESPONSE_TOO_LARGE` error and no data.
    public var maxResponseBytes = 16 << 20
    /// The most a request may cost by the schema's cost rule (for the shop: catalog products
    /// scanned; docs/limits.md); past it the request is refused before anything runs.
    public var maxCost = 20_000_000
    /// The most a request may cost by Shopify's calculated complexity, when its schema has that
    /// rule (the Storefront dialect); nil: no such limit. The server sets Shopify's 1,000 for a
    /// Storefront request without an access token (docs/storefront.md#cost).
    public var maxComplexity: Int?

    /// The default limits.
    public init() {}
}

/// The engine's two entry points: prepare a document (parse and validate, once per text), then
/// execute it as often as requests ask.
///
/// ```swift
/// let prepared = GraphQLEngine.prepare(query, schema: schema)
/// let response = GraphQLEngine.execute(prepared, variables: variables, schema: schema, context: shop)
/// ```
package enum GraphQLEngine {
    /// Parses and validates `query`: pure work on an immutable schema, safe outside any lock.
    /// A document that does not parse or validate is prepared too; executing it answers its errors.
    package static func prepare(_ query: String, schema: Schema, limits: RequestLimits = RequestLimits()) -> PreparedDocument {
        let cost = 256 + query.utf8.count * PreparedDocument.bytesPerSourceByte
        let document: Document
        do {
            document = try Parser.parse(query, limits: limits.parse, knownNames: schema.knownNames)
        } catch {
            return PreparedDocument(parsed: nil, errors: [error], plan: nil, cost: cost)
        }
        let errors = Validator.validate(document, schema: schema, limits: limits.validation)
        let plan = errors.isEmpty ? ExecutionPlan.make(for: document) : nil
        return PreparedDocument(parsed: document, errors: errors, plan: plan, cost: cost)
    }

    /// Executes the operation `operationName` names (or the only one) of `prepared`, or answers
    /// with its request errors.
    ///
    /// `cancelled` is asked before each root field after the first and every 64 objects; once it
    /// answers true the request stops there (its client has gone) with a `REQUEST_CANCELLED` error.
    /// Executions of one prepared document take turns: they share its plan (see `PreparedDocument`).
    package static func execute(
        _ prepared: PreparedDocument, variables: JSONObject = JSONObject(), operationName: String? = nil, schema: Schema,
        context: AnyObject?, limits: RequestLimits = RequestLimits(), cancelled: CancellationCheck? = nil
    ) -> GraphQLResponse {
        guard let document = prepared.parsed, prepared.errors.isEmpty else {
            return GraphQLResponse(errors: prepared.errors)
        }
        return Executor.run(
            schema: schema, document: document, operationName: operationName, variables: variables, context: context,
            limits: limits, plan: prepared.plan, cancelled: cancelled)
    }
}
