/// Parsed and validated documents by query text, so repeated requests skip parsing and validation,
/// each with the fields its operations collected, so they skip collecting them too.
///
/// Bounded in entries and in bytes (a document's cost is its text's length times
/// `bytesPerSourceByte`, an upper estimate of what its tree holds); when full, the entries added
/// first are dropped. Eviction depends only on the order of requests, so the cache never makes
/// output differ between runs. Results are never cached.
///
/// Lookups and inserts are cheap; `PreparedDocument.make` does the parsing and validation, so an
/// owner that locks the cache can prepare a new document without holding the lock.
/// Not `Sendable`: executing through a plan updates it, so one request at a time executes.
public struct DocumentCache {
    /// What the cache keeps per query text.
    ///
    /// `@unchecked Sendable`: the document is immutable; the plan is filled in while executing,
    /// which its owner does for one request at a time (the simulator under its state lock).
    public struct PreparedDocument: @unchecked Sendable {
        let document: Result<Document, RequestErrors>
        let plan: ExecutionPlan?
        /// The bytes this entry counts against the cache's budget.
        let cost: Int

        /// Parses and validates `query`: pure work on an immutable schema, safe outside any lock.
        public static func make(_ query: String, schema: Schema, limits: RequestLimits) -> PreparedDocument {
            let document = GraphQLEngine.prepare(query, schema: schema, limits: limits)
            let plan = (try? document.get()).flatMap(ExecutionPlan.make)
            return PreparedDocument(document: document, plan: plan, cost: 256 + query.utf8.count * bytesPerSourceByte)
        }
    }

    /// An upper estimate of the memory a parsed document (tree, names, plan) takes per byte of its text.
    static let bytesPerSourceByte = 24

    private var entries: [String: PreparedDocument] = [:]
    /// Keys in insertion order; `head` is the oldest still cached.
    private var order: [String] = []
    private var head = 0
    private var bytes = 0
    /// How many documents the cache holds at most.
    public let capacity: Int
    /// How many bytes (by `PreparedDocument.cost`) the cache holds at most; a document costing
    /// more than a quarter of it is never kept.
    public let byteBudget: Int

    /// An empty cache holding at most `capacity` documents (at least one) and `byteBudget` bytes.
    public init(capacity: Int = 256, byteBudget: Int = 64 << 20) {
        self.capacity = max(1, capacity)
        self.byteBudget = max(0, byteBudget)
    }

    /// How many documents are cached.
    public var count: Int { entries.count }

    /// How many bytes the cached documents count for.
    public var byteCount: Int { bytes }

    /// The prepared document for `query`, when it is cached.
    public func lookup(_ query: String) -> PreparedDocument? {
        entries[query]
    }

    /// Keeps `prepared` for `query`, dropping the oldest entries until it fits.
    public mutating func insert(_ prepared: PreparedDocument, for query: String) {
        guard entries[query] == nil, prepared.cost <= byteBudget / 4 else { return }
        while entries.count >= capacity || bytes + prepared.cost > byteBudget, head < order.count {
            if let dropped = entries.removeValue(forKey: order[head]) { bytes -= dropped.cost }
            head += 1
        }
        // Compact the key list once the dropped part outweighs the rest.
        if head > 64, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        order.append(query)
        entries[query] = prepared
        bytes += prepared.cost
    }

    /// The prepared document for `query`, parsing and validating it on first sight.
    public mutating func prepare(_ query: String, schema: Schema, limits: RequestLimits) -> Result<Document, RequestErrors> {
        entry(for: query, schema: schema, limits: limits).document
    }

    private mutating func entry(for query: String, schema: Schema, limits: RequestLimits) -> PreparedDocument {
        if let known = entries[query] { return known }
        let prepared = PreparedDocument.make(query, schema: schema, limits: limits)
        insert(prepared, for: query)
        return prepared
    }

    /// Executes `request`, preparing its document through the cache.
    public mutating func execute(
        _ request: GraphQLRequest, schema: Schema, context: AnyObject?, rootValue: Any = (), limits: RequestLimits
    ) -> GraphQLResponse {
        let prepared = entry(for: request.query, schema: schema, limits: limits)
        return Self.execute(prepared, request, schema: schema, context: context, rootValue: rootValue, limits: limits)
    }

    /// Executes `request` with a document prepared before (see `PreparedDocument.make`).
    ///
    /// `cancelled` is asked before each root field after the first and every 64 objects; once it
    /// answers true the request stops there (its client has gone) with a `REQUEST_CANCELLED` error.
    public static func execute(
        _ prepared: PreparedDocument, _ request: GraphQLRequest, schema: Schema, context: AnyObject?, rootValue: Any = (),
        limits: RequestLimits, cancelled: CancellationCheck? = nil
    ) -> GraphQLResponse {
        GraphQLEngine.run(
            prepared.document, request, schema: schema, context: context, rootValue: rootValue, limits: limits, plan: prepared.plan,
            cancelled: cancelled)
    }
}
