#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    private var entries: [QueryText: PreparedDocument] = [:]
    /// Keys in insertion order; `head` is the oldest still cached.
    private var order: [QueryText] = []
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
        entries[QueryText(query)]
    }

    /// Keeps `prepared` for `query`, dropping the oldest entries until it fits.
    package mutating func insert(_ prepared: PreparedDocument, for text: String) {
        let query = QueryText(text)
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

/// A query text as the cache's key: its UTF-8 bytes, hashed a word at a time and compared with
/// `memcmp`. As a `String` key, each lookup hashed the whole text through `Hasher` and compared
/// it by canonical equivalence (together some 4,000 instructions a cached request for the
/// listing; Benchmarks/NOTES.md, issue 43). Texts are the same key only when their bytes are,
/// which is also what parsing them sees.
struct QueryText: Hashable {
    let text: String
    /// A hash of the bytes, worked out once.
    private let digest: UInt64

    init(_ text: String) {
        var text = text
        // Native strings hand over their bytes in place; a bridged one is made native once.
        digest = text.withUTF8 { Self.digest(of: $0) }
        self.text = text
    }

    static func == (lhs: QueryText, rhs: QueryText) -> Bool {
        guard lhs.digest == rhs.digest else { return false }
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { a in right.withUTF8 { b in a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) } }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// Eight bytes at a time, multiplied and rotated (then the tail, then the length): not for
    /// an adversary, whose colliding texts only share a bucket and are still told apart by
    /// their bytes; `Hasher` seeds the table's own hash of the digest.
    private static func digest(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            state = (state << 31) | (state >> 33)
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = (tail << 8) | UInt64(raw.load(fromByteOffset: offset, as: UInt8.self))
            offset += 1
        }
        state = (state ^ tail) &* 0x94D0_49BB_1331_11EB
        return state ^ UInt64(bytes.count)
    }
}
