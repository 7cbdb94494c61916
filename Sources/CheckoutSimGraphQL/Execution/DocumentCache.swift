/// Parsed and validated documents by query text, so repeated requests skip parsing and validation,
/// each with the fields its operations collected, so they skip collecting them too.
///
/// Bounded in entries and in bytes (`PreparedDocument.cost`); when full, the entries added
/// first are dropped. Eviction depends only on the order of requests, so the cache never makes
/// output differ between runs. Results are never cached.
///
/// Lookups and inserts are cheap; `GraphQLEngine.prepare` does the parsing and validation, so an
/// owner that locks the cache can prepare a new document without holding the lock.
package struct DocumentCache {
    private var entries: [String: PreparedDocument] = [:]
    /// Keys in insertion order; `head` is the oldest still cached.
    private var order: [String] = []
    private var head = 0
    private var bytes = 0
    /// How many documents the cache holds at most.
    package let capacity: Int
    /// How many bytes (by `PreparedDocument.cost`) the cache holds at most; a document costing
    /// more than a quarter of it is never kept.
    package let byteBudget: Int

    /// An empty cache holding at most `capacity` documents (at least one) and `byteBudget` bytes.
    package init(capacity: Int = 256, byteBudget: Int = 64 << 20) {
        self.capacity = max(1, capacity)
        self.byteBudget = max(0, byteBudget)
    }

    /// How many documents are cached.
    package var count: Int { entries.count }

    /// How many bytes the cached documents count for.
    package var byteCount: Int { bytes }

    /// The prepared document for `query`, when it is cached.
    package func lookup(_ query: String) -> PreparedDocument? {
        entries[query]
    }

    /// Keeps `prepared` for `query`, dropping the oldest entries until it fits.
    package mutating func insert(_ prepared: PreparedDocument, for query: String) {
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
}
