/// Parsed and validated documents by query text, so repeated requests skip parsing and validation,
/// each with the fields its operations collected, so they skip collecting them too.
///
/// Bounded; when full, the entry added first is dropped. Eviction depends only on the order of
/// requests, so the cache never makes output differ between runs. Results are never cached.
/// Not `Sendable`: executing through it updates the plans, so one request at a time uses it.
public struct DocumentCache {
    private var entries: [String: (document: Result<Document, RequestErrors>, plan: ExecutionPlan?)] = [:]
    private var order: [String] = []
    private var next = 0
    /// How many documents the cache holds at most.
    public let capacity: Int

    /// An empty cache holding at most `capacity` documents (at least one).
    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// How many documents are cached.
    public var count: Int { entries.count }

    /// The prepared document for `query`, parsing and validating it on first sight.
    public mutating func prepare(_ query: String, schema: Schema, limits: RequestLimits) -> Result<Document, RequestErrors> {
        entry(for: query, schema: schema, limits: limits).document
    }

    private mutating func entry(
        for query: String, schema: Schema, limits: RequestLimits
    ) -> (document: Result<Document, RequestErrors>, plan: ExecutionPlan?) {
        if let known = entries[query] { return known }
        let document = GraphQLEngine.prepare(query, schema: schema, limits: limits)
        let plan = (try? document.get()).flatMap(ExecutionPlan.make)
        let prepared = (document, plan)
        if order.count < capacity {
            order.append(query)
        } else {
            entries[order[next]] = nil
            order[next] = query
            next = (next + 1) % capacity
        }
        entries[query] = prepared
        return prepared
    }

    /// Executes `request`, preparing its document through the cache.
    public mutating func execute(
        _ request: GraphQLRequest, schema: Schema, context: AnyObject?, rootValue: Any = (), limits: RequestLimits
    ) -> GraphQLResponse {
        let (document, plan) = entry(for: request.query, schema: schema, limits: limits)
        return GraphQLEngine.run(document, request, schema: schema, context: context, rootValue: rootValue, limits: limits, plan: plan)
    }
}
