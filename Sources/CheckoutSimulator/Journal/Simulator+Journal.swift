import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

extension Simulator {
    /// The journal's entries that `filter` matches, oldest first, at most `filter.limit` of them
    /// (docs/journal.md).
    public func requests(matching filter: RequestFilter = RequestFilter()) -> [JournalEntry] {
        journal.withLock { $0.select(filter).entries }
    }

    /// How many of the journal's entries `filter` matches (`limit` aside).
    public func requestCount(matching filter: RequestFilter = RequestFilter()) -> Int {
        journal.withLock { $0.select(filter).total }
    }

    /// How many entries the journal dropped since the last reset, to stay within its bounds.
    public var droppedRequests: Int {
        journal.withLock { $0.dropped }
    }

    /// Empties the journal alone (`DELETE /__sim/requests`); the shop's state stays as it is.
    public func clearRequests() {
        journal.withLock { $0.clear(restart: false) }
    }

    /// Journals a request an injected fault stopped before it ran: the `answer` it got instead
    /// (nil when no response came) and the `fault`.
    func journalFaulted(_ request: GraphQLRequest, session: String, note: JournalNote, answer: HTTPAnswer?, fault: JournalEntry.Fault) {
        let errorCodes: [String]
        switch fault {
        case .network(.fail): errorCodes = [GraphQLError.Code.internalServerError.rawValue]
        case .network(.error(_, let code)): errorCodes = [code]
        default: errorCodes = []
        }
        journalUnrun(request, session: session, note: note, status: answer?.status ?? 0, errorCodes: errorCodes, fault: fault, response: answer?.body ?? [])
    }

    /// Journals a request answered without running: faulted, or a persisted query refused.
    func journalUnrun(
        _ request: GraphQLRequest, session: String, note: JournalNote, status: Int, errorCodes: [String], fault: JournalEntry.Fault? = nil,
        response: [UInt8], persistedRefusal: Bool = false
    ) {
        guard Self.refusal(ofSession: session) == nil else { return }
        let prepared = prepare(request.query, dialect: note.dialect, version: note.apiVersion)
        let (clock, place) = withState { state in (state.shop.clock, journal.withLock { $0.reserve() }) }
        appendToJournal(
            request, prepared: prepared, session: session, note: note, at: clock, place: place, status: status, errorCodes: errorCodes,
            fault: fault, response: response, persistedRefusal: persistedRefusal, dialect: note.dialect)
    }

    /// Fills the journal `place` a request took under the state lock (so entries keep the order
    /// requests ran in) with the entry, its status and codes worked out outside that lock.
    func appendToJournal(
        _ request: GraphQLRequest, prepared: PreparedDocument, session: String, note: JournalNote, at clock: Instant, place: Journal.Place,
        status: Int, errorCodes: [String], fault: JournalEntry.Fault? = nil, response: [UInt8], persistedRefusal: Bool = false,
        dialect: Dialect = .native, unmodeled: [String] = [], secrets: [CustomerSecret] = []
    ) {
        let operation = prepared.operation(named: request.operationName)
        let entry = Journal.Request(
            at: clock, session: session, transport: note.transport, operationName: request.operationName ?? operation?.name,
            operationType: operation?.kind.rawValue, query: request.query, variables: request.variables, status: status,
            errorCodes: errorCodes, fault: fault, client: note.client, response: response, requestedOperation: request.operationName,
            persistedRefusal: persistedRefusal, dialect: dialect, unmodeled: unmodeled,
            apiVersion: dialect == .storefront ? note.apiVersion : nil, secrets: secrets)
        journal.withLock { $0.fill(place, with: entry) }
    }

    /// The most bytes one listing or export answer takes (docs/journal.md, "Reading it"): past it
    /// the answer ends at the entry before, saying where the next page starts.
    static let maxListingBytes = 16 << 20

    /// `{"requests": […], "total": N, "dropped": D}` as bytes: the entries `filter` matches (up to
    /// its limit), how many match in all, and how many the journal dropped; when the entries would
    /// take more than `maxListingBytes`, as many as fit (at least one) and `"next": SEQ`, the
    /// `since` that reads on. Entries share their document in memory but each writes it out, so
    /// the bound is what keeps a listing's memory from growing with entries × document.
    func journalListing(matching filter: RequestFilter) -> [UInt8] {
        let (found, total, dropped) = journal.withLock { journal in
            let (found, total) = journal.select(filter)
            return (found, total, journal.dropped)
        }
        var body = Array(#"{"requests":["#.utf8)
        var next: Int?
        for (index, entry) in found.enumerated() {
            let bytes = Array(entry.json.serialized().utf8)
            if index > 0, body.count + bytes.count > Self.maxListingBytes {
                next = found[index - 1].seq
                break
            }
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += bytes
        }
        body += Array(#"],"total":\#(total),"dropped":\#(dropped)"#.utf8)
        if let next { body += Array(#","next":\#(next)"#.utf8) }
        body.append(UInt8(ascii: "}"))
        return body
    }
}

extension Simulator {
    /// The most entries the journal keeps (10,000 by default); the oldest past it are dropped.
    public var maxJournalEntries: Int {
        get { journal.withLock { $0.maxEntries } }
        set { journal.withLock { $0.maxEntries = max(1, newValue) } }
    }

    /// The most bytes of text the journal keeps (16 MiB by default, documents counted once).
    public var maxJournalBytes: Int {
        get { journal.withLock { $0.maxBytes } }
        set { journal.withLock { $0.maxBytes = max(1_024, newValue) } }
    }
}

extension SimulatorRoute {
    /// The journal of the simulator this route answers with: what the app sent through the
    /// route, and everything else that simulator answered (docs/journal.md).
    public func requests(matching filter: Simulator.RequestFilter = Simulator.RequestFilter()) -> [Simulator.JournalEntry] {
        simulator.requests(matching: filter)
    }
}
