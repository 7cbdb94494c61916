/// Parsed and validated documents by query text, so repeated requests skip parsing and validation.
///
/// Bounded; when full, the entry added first is dropped. Eviction depends only on the order of
/// requests, so the cache never makes output differ between runs. Results are never cached.
public struct DocumentCache: Sendable {
    private var entries: [String: Result<Document, RequestErrors>] = [:]
    private var order: [String] = []
    private var next = 0
    public let capacity: Int

    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    public var count: Int { entries.count }

    /// The prepared document for `query`, parsing and validating it on first sight.
    public mutating func prepare(_ query: String, schema: Schema, limits: RequestLimits) -> Result<Document, RequestErrors> {
        if let known = entries[query] { return known }
        let prepared = GraphQLEngine.prepare(query, schema: schema, limits: limits)
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
        GraphQLEngine.run(
            prepare(request.query, schema: schema, limits: limits), request, schema: schema, context: context,
            rootValue: rootValue, limits: limits)
    }
}
