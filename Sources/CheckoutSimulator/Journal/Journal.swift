import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The requests a simulator answered, newest last, bounded in entries and bytes (docs/journal.md).
///
/// A document sent many times is kept once: entries share the first copy's storage, and its bytes
/// count once while any entry holds it. Past either bound the oldest entries are dropped and
/// counted in `dropped`. Entries come in the order the simulator ran them: a request takes its
/// place (`reserve`) under the simulator's state lock, right after it ran, and fills it (`append`)
/// after that lock, with what the transport and the response tell of it; a place filled before
/// an earlier one waits for it, so readers see entries in run order, none missing.
struct Journal {
    /// The most entries kept.
    var maxEntries = 10_000
    /// The most bytes kept: what entries really hold in memory (documents once each; `ownBytes`).
    var maxBytes = 16 << 20

    /// Entries in order; those before `head` have been dropped.
    private var entries: [Simulator.JournalEntry] = []
    private var head = 0
    /// Each kept document's one copy and how many kept entries use it.
    private var documents: [String: Document] = [:]
    /// The document the newest entry holds: a request repeating it is matched with one compare,
    /// not a hash of its whole text.
    private var lastDocument: Document?

    /// A kept document's one copy and how many kept entries use it (a class, so counting a use
    /// does not hash the text again).
    private final class Document {
        let text: String
        var uses = 1
        /// Where the text may carry secrets (read once, when it is first kept).
        let scan: SecretScan
        init(_ text: String, scan: SecretScan) {
            self.text = text
            self.scan = scan
        }
    }
    /// The labels of the secrets hidden so far (docs/journal.md#secrets).
    private var redaction = SecretRedaction()
    private(set) var bytes = 0
    /// How many entries were dropped since the last reset.
    private(set) var dropped = 0
    private var nextSeq = 1
    /// The place the next entry fills; later places filled first wait in `waiting`.
    private var nextFilled = 1
    private var waiting: [Int: Request] = [:]
    /// Moves on at every clear: a place taken before it is not filled after it.
    private var epoch = 0

    /// A place in the journal, taken when the request ran.
    struct Place {
        fileprivate let seq: Int
        fileprivate let epoch: Int
    }

    /// Takes the next place, in the order requests run (called under the simulator's state lock).
    mutating func reserve() -> Place {
        defer { nextSeq += 1 }
        return Place(seq: nextSeq, epoch: epoch)
    }

    /// Fills `place` with `request`; the entries it completes are appended in order.
    mutating func fill(_ place: Place, with request: Request) {
        guard place.epoch == epoch, place.seq >= nextFilled else { return }
        // The common case, the next place filled next, appends at once; only a request that
        // overtook another waits.
        guard place.seq == nextFilled else {
            waiting[place.seq] = request
            return
        }
        append(request, seq: nextFilled)
        nextFilled += 1
        while !waiting.isEmpty, let next = waiting.removeValue(forKey: nextFilled) {
            append(next, seq: nextFilled)
            nextFilled += 1
        }
    }
    /// The levers pulled, in order, each after the entry it followed (its `seq`; 0 before any):
    /// beside the entries, so a recording replays them (docs/journal.md). Bounded like the entries.
    private(set) var levers: [(after: Int, lever: Lever)] = []

    /// Keeps `lever` in order after the newest entry.
    mutating func recordLever(_ lever: Lever) {
        if levers.count >= maxEntries { levers.removeFirst(levers.count - maxEntries + 1) }
        levers.append((nextSeq - 1, lever))
    }

    /// How many entries are kept.
    var count: Int { entries.count - head }

    /// The entries kept, oldest first.
    var kept: ArraySlice<Simulator.JournalEntry> { entries[head...] }

    /// Every slot, the dropped ones awaiting compaction included (they hold nothing).
    var slots: [Simulator.JournalEntry] { entries }

    /// The kept entries `filter` matches, oldest first and at most `filter.limit` of them, and
    /// how many match in all (the limit aside).
    func select(_ filter: Simulator.RequestFilter) -> (entries: [Simulator.JournalEntry], total: Int) {
        var found: [Simulator.JournalEntry] = []
        var total = 0
        for entry in kept where filter.matches(entry) {
            total += 1
            if filter.limit.map({ found.count < $0 }) ?? true { found.append(entry) }
        }
        return (found, total)
    }

    /// What an entry holds besides what the journal gives it (its number and its shared document).
    struct Request {
        var at: Instant
        var session: String
        var transport: Simulator.JournalEntry.Transport
        var operationName: String?
        var operationType: String?
        var query: String
        var variables: JSONObject
        var status: Int
        var errorCodes: [String]
        var fault: Simulator.JournalEntry.Fault? = nil
        var client: Simulator.JournalEntry.Client?
        var response: [UInt8] = []
        /// The operation name the request itself gave (nil: the document's only operation ran).
        var requestedOperation: String? = nil
        /// Whether the persisted-query step refused it before it ran (an APQ miss, a hash that does
        /// not match, a document not in the safelist).
        var persistedRefusal = false
        /// The dialect it spoke.
        var dialect = Simulator.Dialect.native
        /// The unmodeled Storefront fields it read.
        var unmodeled: [String] = []
        /// The Storefront API version that answered it.
        var apiVersion: Simulator.StorefrontVersion? = nil
        /// The passwords and tokens its binding read or answered, to be hidden.
        var secrets: [CustomerSecret] = []
    }

    /// Appends `request` as the next entry, dropping the oldest ones until both bounds hold.
    private mutating func append(_ request: Request, seq: Int) {
        let document = keptDocument(for: request.query, noted: request.secrets)
        var variables = request.variables
        var response = request.response
        var places: [SecretPlace] = []
        if document.scan.mentionsSecrets || !request.secrets.isEmpty {
            (variables, places) = redaction.redact(variables: variables, scan: document.scan, noted: request.secrets)
            let (hidden, found) = redaction.redact(response: response, noted: request.secrets)
            response = hidden
            places += found
        }
        lastDocument = document
        let query = document.text
        var entry = Simulator.JournalEntry(
            seq: seq, at: request.at, session: request.session, transport: request.transport, operationName: request.operationName,
            operationType: request.operationType, query: query, variables: variables, status: request.status,
            errorCodes: request.errorCodes, faultMet: request.fault, client: request.client, response: response,
            requestedOperation: request.requestedOperation, persistedRefusal: request.persistedRefusal, dialect: request.dialect,
            unmodeled: request.unmodeled, apiVersion: request.apiVersion)
        entry.secretPlaces = places
        entries.append(entry)
        bytes += Self.ownBytes(of: entry)
        while count > 0, count > maxEntries || bytes > maxBytes {
            dropOldest()
        }
    }

    /// The one kept copy of `text` (its secret literals hidden), its use counted: the newest
    /// entry's, a kept one, or a new one. A text holding a secret is kept hidden, under its
    /// hidden text, and read again each time it comes (its secrets may differ).
    private mutating func keptDocument(for text: String, noted: [CustomerSecret]) -> Document {
        if let last = lastDocument, last.text == text, noted.isEmpty || last.scan.literals.isEmpty {
            last.uses += 1
            return last
        }
        if let known = documents[text], noted.isEmpty || known.scan.literals.isEmpty {
            known.uses += 1
            return known
        }
        let scan = SecretScan(text)
        let kept = redaction.redact(document: text, scan: scan, noted: noted) ?? text
        if let known = documents[kept] {
            known.uses += 1
            return known
        }
        let document = Document(kept, scan: kept == text ? scan : SecretScan(kept))
        documents[kept] = document
        bytes += kept.utf8.count
        return document
    }

    /// Forgets every entry; `restart` (a reset) also numbers the next one 1 and zeroes `dropped`.
    mutating func clear(restart: Bool) {
        entries.removeAll()
        head = 0
        documents.removeAll()
        lastDocument = nil
        bytes = 0
        levers.removeAll()
        redaction.removeAll()
        // Places taken before the clear are not filled after it.
        epoch += 1
        waiting.removeAll()
        if restart {
            dropped = 0
            nextSeq = 1
        }
        nextFilled = nextSeq
    }

    private mutating func dropOldest() {
        let entry = entries[head]
        // The slot is kept until the next compaction, but not what it held: a dropped entry's
        // variables, document and response are released now, so the bound is what is kept.
        entries[head] = Self.dropped
        head += 1
        dropped += 1
        bytes -= Self.ownBytes(of: entry)
        if let known = documents[entry.query] {
            known.uses -= 1
            if known.uses == 0 {
                documents[entry.query] = nil
                bytes -= entry.query.utf8.count
                if lastDocument === known { lastDocument = nil }
            }
        }
        // Compact once the dropped part outweighs the rest.
        if head > 64, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// What a dropped entry's slot holds until the array is compacted: nothing.
    private static let dropped = Simulator.JournalEntry(
        seq: 0, at: Instant(seconds: 0), session: "", transport: .library, operationName: nil, operationType: nil, query: "",
        variables: JSONObject(), status: 0, errorCodes: [], faultMet: nil, client: nil, response: [], requestedOperation: nil,
        persistedRefusal: false)

    /// An entry's bytes besides its document: what it really keeps in memory — a fixed overhead,
    /// its texts, its variables as the values they were parsed into, and its response.
    private static func ownBytes(of entry: Simulator.JournalEntry) -> Int {
        256 + retainedBytes(of: .object(entry.variables)) + heapBytes(entry.response.count) + heapBytes(of: entry.session)
            + heapBytes(of: entry.operationName ?? "") + heapBytes(of: entry.requestedOperation ?? "")
            + entry.errorCodes.reduce(0) { $0 + MemoryLayout<String>.stride + heapBytes(of: $1) } + (entry.fault?.utf8.count ?? 0)
            + (entry.client.map { heapBytes(of: $0.name) + heapBytes(of: $0.version ?? "") } ?? 0)
    }

    /// The memory `value` holds below its own slot: each array's and object's storage (a header,
    /// then a slot per item, a key and a slot per member) and each long string's. Counted this way,
    /// `[{},{},…]` costs a slot per `{}`, not the two bytes its JSON takes — an estimate by the
    /// JSON text was some 10× under what such variables keep (docs/journal.md, "Bounds").
    /// Variables nest at most 25 deep: the request limits hold before a request is journaled.
    static func retainedBytes(of value: JSON) -> Int {
        let slot = MemoryLayout<JSON>.stride
        switch value {
        case .string(let text): return heapBytes(of: text)
        case .object(let object):
            guard !object.isEmpty else { return 0 }
            return heapBytes(object.count * MemoryLayout<String>.stride) + heapBytes(object.count * slot)
                + zip(object.keys, object.values).reduce(0) { $0 + heapBytes(of: $1.0) + retainedBytes(of: $1.1) }
        case .array(let items):
            guard !items.isEmpty else { return 0 }
            return heapBytes(items.count * slot) + items.reduce(0) { $0 + retainedBytes(of: $1) }
        default: return 0
        }
    }

    /// A heap allocation of `count` bytes: a header, rounded up to 16 bytes; none for nothing.
    private static func heapBytes(_ count: Int) -> Int {
        count == 0 ? 0 : (32 + count + 15) & ~15
    }

    /// The heap a string keeps: none for up to 15 bytes (stored inline), else its allocation.
    private static func heapBytes(of text: String) -> Int {
        text.utf8.count <= 15 ? 0 : heapBytes(text.utf8.count)
    }
}
