import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The requests a simulator answered, newest last, bounded in entries and bytes (docs/journal.md).
///
/// A document sent many times is kept once: entries share the first copy's storage, and its bytes
/// count once while any entry holds it. Past either bound the oldest entries are dropped and
/// counted in `dropped`. Entries come in the order the simulator ran them, under its state lock.
struct Journal {
    /// The most entries kept.
    var maxEntries = 10_000
    /// The most bytes of text kept (documents once each, variables, codes), by estimate.
    var maxBytes = 16 << 20

    /// Entries in order; those before `head` have been dropped.
    private var entries: [Simulator.JournalEntry] = []
    private var head = 0
    /// Each kept document's one copy and how many kept entries use it.
    private var documents: [String: (text: String, uses: Int)] = [:]
    private(set) var bytes = 0
    /// How many entries were dropped since the last reset.
    private(set) var dropped = 0
    private var nextSeq = 1

    /// How many entries are kept.
    var count: Int { entries.count - head }

    /// The entries kept, oldest first.
    var kept: ArraySlice<Simulator.JournalEntry> { entries[head...] }

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
        var fault: String? = nil
        var client: Simulator.JournalEntry.Client?
        var response: [UInt8] = []
    }

    /// Appends `request` as the next entry, dropping the oldest ones until both bounds hold.
    mutating func append(_ request: Request) {
        var query = request.query
        if let known = documents[query] {
            query = known.text
            documents[query] = (known.text, known.uses + 1)
        } else {
            documents[query] = (query, 1)
            bytes += query.utf8.count
        }
        let entry = Simulator.JournalEntry(
            seq: nextSeq, at: request.at, session: request.session, transport: request.transport, operationName: request.operationName,
            operationType: request.operationType, query: query, variables: request.variables, status: request.status,
            errorCodes: request.errorCodes, fault: request.fault, client: request.client, response: request.response)
        nextSeq += 1
        entries.append(entry)
        bytes += Self.ownBytes(of: entry)
        while count > 0, count > maxEntries || bytes > maxBytes {
            dropOldest()
        }
    }

    /// Forgets every entry; `restart` (a reset) also numbers the next one 1 and zeroes `dropped`.
    mutating func clear(restart: Bool) {
        entries.removeAll()
        head = 0
        documents.removeAll()
        bytes = 0
        if restart {
            dropped = 0
            nextSeq = 1
        }
    }

    private mutating func dropOldest() {
        let entry = entries[head]
        head += 1
        dropped += 1
        bytes -= Self.ownBytes(of: entry)
        if let known = documents[entry.query] {
            if known.uses == 1 {
                documents[entry.query] = nil
                bytes -= entry.query.utf8.count
            } else {
                documents[entry.query] = (known.text, known.uses - 1)
            }
        }
        // Compact once the dropped part outweighs the rest.
        if head > 64, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// An entry's bytes besides its document: a fixed overhead, its texts, its variables' JSON and its response.
    private static func ownBytes(of entry: Simulator.JournalEntry) -> Int {
        var writer = JSONWriter(capacity: 64)
        writer.write(.object(entry.variables))
        return 128 + writer.count + entry.response.count + entry.session.utf8.count + (entry.operationName?.utf8.count ?? 0)
            + entry.errorCodes.reduce(0) { $0 + $1.utf8.count + 3 } + (entry.fault?.utf8.count ?? 0) + (entry.client.map { $0.name.utf8.count + ($0.version?.utf8.count ?? 0) } ?? 0)
    }
}
