import CheckoutSimSupport

/// Documents known by their SHA-256 (docs/apollo.md): a manifest's, known from the start and
/// kept, and those clients register with automatic persisted queries, kept up to a bound in
/// bytes (the oldest registered first out, so what is kept never depends on timing).
final class PersistedQueries: Sendable {
    /// A manifest's documents by id, and whether only they may run (`--only-persisted`).
    struct Manifest: Sendable {
        var documents: [String: String] = [:]
        var onlyPersisted = false
    }

    private struct Learned {
        var byHash: [String: String] = [:]
        /// Hashes in the order they were registered; those before `head` have left.
        var order: [String] = []
        var head = 0
        var bytes = 0
    }

    /// The most bytes of registered documents kept.
    static let maxLearnedBytes = 8 << 20

    /// The manifest and the texts it lists (for safelisting a request that sends its text),
    /// kept together so the two never disagree.
    private let manifest: Locked<(manifest: Manifest, listed: Set<String>)>
    private let learned = Locked(Learned())

    init(manifest: Manifest = Manifest()) {
        self.manifest = Locked((manifest, Set(manifest.documents.values)))
    }

    /// The manifest in use (a sandbox starts with its server's).
    var currentManifest: Manifest { manifest.withLock { $0.manifest } }

    /// Replaces the manifest (`serve --persisted-queries`).
    func use(_ new: Manifest) {
        manifest.withLock { $0 = (new, Set(new.documents.values)) }
    }

    /// Whether only the manifest's documents may run.
    var onlyPersisted: Bool { manifest.withLock { $0.manifest.onlyPersisted } }

    /// The document with `hash`: the manifest's, else a registered one.
    func text(for hash: String) -> String? {
        manifest.withLock { $0.manifest.documents[hash] } ?? learned.withLock { $0.byHash[hash] }
    }

    /// Whether the manifest lists `text`.
    func lists(_ text: String) -> Bool {
        manifest.withLock { $0.listed.contains(text) }
    }

    /// Keeps `text` under `hash` (already checked to be its SHA-256), dropping the oldest
    /// registered documents past the bound.
    func register(_ text: String, hash: String) {
        guard manifest.withLock({ $0.manifest.documents[hash] == nil }) else { return }
        learned.withLock { learned in
            guard learned.byHash[hash] == nil, text.utf8.count <= Self.maxLearnedBytes else { return }
            learned.byHash[hash] = text
            learned.order.append(hash)
            learned.bytes += text.utf8.count
            while learned.bytes > Self.maxLearnedBytes, learned.head < learned.order.count {
                let oldest = learned.order[learned.head]
                learned.head += 1
                learned.bytes -= learned.byHash.removeValue(forKey: oldest)?.utf8.count ?? 0
            }
            if learned.head > 1_024, learned.head * 2 > learned.order.count {
                learned.order.removeFirst(learned.head)
                learned.head = 0
            }
        }
    }
}
