import CheckoutSimSupport
import CheckoutSimScenarios
import CheckoutSimCommerce
import CheckoutSimStorefront
import CheckoutSimGraphQL

/// Why a simulator could not start.
public struct SimulatorError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem stopped the simulator from starting, or refused a lever.
    public enum Code: String, Sendable {
        case invalidFixtures
        case invalidOption
        case invalidSchema
        /// A lever named a product, offer or reward the shop does not have, or a value out of range.
        case invalidLever
    }

    /// The kind of problem.
    public let code: Code
    /// What went wrong, with every fixture problem when there are several.
    public let message: String

    /// The message.
    public var description: String { message }

    /// An error of `code` saying `message`.
    package init(code: Code, message: String) {
        self.code = code
        self.message = message
    }
}

/// A deterministic, in-memory GraphQL shop: fixtures, a virtual clock and named sessions.
///
/// Thread-safe: execution is serialised by one lock, so concurrent callers see the same results
/// as if they had taken turns. Parsing and validating a new document happen before that lock is
/// taken (pure work on the immutable schema), so a large document never holds other sessions up.
public final class Simulator: ScenarioTarget {
    /// The shop schema (docs/schema.md) every request is validated and executed against.
    package let schema: Schema
    private let state: Locked<ShopState>
    /// The fixtures it was made from (immutable; a copy shares their storage).
    private let fixtures: Fixtures
    /// The seed and the clock this simulator started from (and returns to on reset).
    package let startSeed: UInt64
    package let startClock: Instant
    /// An app's own operations by name (`serve --operations DIR`), which recordings send by name.
    package let recordingOperations = Locked<[String: String]>([:])
    /// The bundled operations composed and validated against `schema`, loaded on first use and
    /// kept (they depend only on the schema): scenarios, recordings, the manifest and the
    /// checkout page all read them.
    let bundledLibrary = Locked<Result<OperationLibrary, ScenarioLoadError>?>(nil)
    /// The requests answered since the last reset (docs/journal.md).
    let journal = Locked(Journal())
    /// Parsed and validated documents; kept across `reset`, since they depend only on the schema.
    private let documents = Locked(DocumentCache())
    /// The same for each Storefront API version's schema, in `StorefrontAPIVersion.allCases` order.
    private let storefrontDocuments = StorefrontAPIVersion.allCases.map { _ in Locked(DocumentCache()) }
    private let accountDocuments = Locked(DocumentCache())
    /// Documents known by their SHA-256: a manifest's and those clients registered (docs/apollo.md).
    let persistedQueries = PersistedQueries()
    /// The request limits of docs/limits.md this simulator enforces.
    public let limits: RequestLimits

    /// Starts a simulator.
    /// - Parameters:
    ///   - fixtures: where the catalog comes from; `.bundled` by default.
    ///   - seed: the scratch-card seed; `store.json`'s `seed` when nil.
    ///   - now: the virtual clock's start as ISO-8601; `store.json`'s `now` when nil.
    public convenience init(
        fixtures source: FixtureSource = .bundled, seed: UInt64? = nil, now: String? = nil, limits: RequestLimits = RequestLimits()
    ) throws(SimulatorError) {
        let fixtures: Fixtures
        do {
            fixtures = try Fixtures.load(source)
        } catch {
            throw SimulatorError(code: .invalidFixtures, message: error.description)
        }
        try self.init(loaded: fixtures, seed: seed, now: now, limits: limits)
    }

    /// Starts a simulator from fixtures loaded before, so many simulators can share one load.
    public convenience init(loaded fixtures: Fixtures, seed: UInt64? = nil, now: String? = nil, limits: RequestLimits = RequestLimits()) throws(SimulatorError) {
        try self.init(loaded: fixtures, seed: seed, now: now, limits: limits, cartNamespace: "")
    }

    /// A simulator whose Storefront carts are drawn in `cartNamespace` (a sandbox's name).
    init(loaded fixtures: Fixtures, seed: UInt64?, now: String?, limits: RequestLimits, cartNamespace: String) throws(SimulatorError) {
        var start = fixtures.store.now
        if let now {
            guard let parsed = Instant(iso8601: now) else {
                throw SimulatorError(
                    code: .invalidOption,
                    message: "--now: expected an ISO-8601 time like \"2026-03-01T10:00:00Z\" \(Instant.rangeDescription), found \"\(now)\"")
            }
            start = parsed
        }
        switch ShopSchema.schema(for: fixtures.collections) {
        case .success(let built): schema = built
        case .failure(let error): throw SimulatorError(code: .invalidSchema, message: error.message)
        }
        self.limits = limits
        self.fixtures = fixtures
        startSeed = seed ?? fixtures.store.seed
        startClock = start
        let shop = Shop(
            store: fixtures.store, catalog: fixtures.catalog, offers: fixtures.offers, scratchTable: fixtures.scratchCards,
            testCards: fixtures.testCards, seed: startSeed, now: start, cartNamespace: cartNamespace, customers: fixtures.customers)
        state = ShopState.guarded(shop: shop, content: fixtures.collections)
    }

    /// Executes one request for `session`, serialised with every other request.
    public func execute(_ request: GraphQLRequest, session: String = "default") -> GraphQLResponse {
        execute(request, session: session, caching: .reuse, note: .library)
    }

    /// Executes one request in `dialect`: `.storefront` answers Shopify's Storefront API
    /// (docs/storefront.md) over the same shop, with the schema of `apiVersion` (the newest
    /// bundled one unless given).
    public func execute(
        _ request: GraphQLRequest, session: String = "default", dialect: Dialect, apiVersion: StorefrontVersion = .newest
    ) -> GraphQLResponse {
        var note = JournalNote.library
        note.dialect = dialect
        note.apiVersion = apiVersion
        return execute(request, session: session, caching: .reuse, note: note)
    }

    /// Whether a request may reuse a document parsed and validated before.
    package enum DocumentCaching: Sendable {
        /// Look the query text up in the document cache (what every transport does).
        case reuse
        /// Parse and validate as a cold request would, and keep nothing (`bench --no-cache`).
        case bypass
    }

    /// Executes one request, serialised with every other request, and journals it as `note` says
    /// (docs/journal.md): the one path every transport and the library take.
    ///
    /// The document is `prepared` when the caller has it already (a GET reads its operation's
    /// kind first), else looked up in the document cache (`.reuse`) or parsed and validated as a
    /// cold request would be (`.bypass`, benchmarks). `maxResponseBytes` and `maxCost` lower the
    /// response limit and the cost budget for this request (a batch shares one of each among its
    /// operations); `cancelled` stops it at its next field once its client has gone.
    package func execute(
        _ request: GraphQLRequest, session: String = "default", caching: DocumentCaching = .reuse, prepared: PreparedDocument? = nil,
        note: JournalNote, maxResponseBytes: Int? = nil, maxCost: Int? = nil, cancelled: CancellationCheck? = nil
    ) -> GraphQLResponse {
        let dialect = note.dialect
        // Refused before the document is parsed: a name too long wastes no work.
        if let refusal = Self.refusal(ofSession: session) { return refusal }
        let schema: Schema
        switch dialect {
        case .native: schema = self.schema
        case .storefront:
            switch StorefrontSchema.built(note.apiVersion) {
            case .success(let built): schema = built
            case .failure(let error): return GraphQLResponse(errors: [GraphQLError("The Storefront schema cannot be built: \(error)", code: .internalServerError)])
            }
        case .customerAccount:
            switch CustomerAccountSchema.built() {
            case .success(let built): schema = built
            case .failure(let error): return GraphQLResponse(errors: [GraphQLError("The Customer Account schema cannot be built: \(error)", code: .internalServerError)])
            }
        }
        let prepared = prepared
            ?? (caching == .reuse ? prepare(request.query, dialect: dialect, version: note.apiVersion) : GraphQLEngine.prepare(request.query, schema: schema, limits: limits))
        var settings = StorefrontSettings()
        settings.content = fixtures.storefront
        if let origin = note.storefrontOrigin { settings.origin = origin }
        var limits = limits
        if let maxResponseBytes { limits.maxResponseBytes = min(limits.maxResponseBytes, max(0, maxResponseBytes)) }
        if let maxCost { limits.maxCost = min(limits.maxCost, max(0, maxCost)) }
        if note.tokenless, dialect == .storefront {
            limits.maxComplexity = min(limits.maxComplexity ?? .max, StorefrontComplexity.tokenlessLimit)
        }
        var unmodeled: [String] = []
        var secrets: [CustomerSecret] = []
        let (response, clock, place) = state.withLock { state -> (GraphQLResponse, Instant, Journal.Place) in
            let response: GraphQLResponse
            var settings = settings
            // A Customer Account API request runs for the customer its access token names, or not at all.
            let accountCustomer = dialect == .customerAccount ? note.accountToken.flatMap { state.shop.customer(accessToken: $0) } : nil
            settings.accountCustomer = accountCustomer?.number
            if dialect == .customerAccount, accountCustomer == nil {
                response = GraphQLResponse(errors: [GraphQLError(
                    "Invalid or expired access token: send the customer's access token in the Authorization header.", code: .unauthorized)])
            } else if state.shop.touchSession(session) {
                // A customer token the transport carried signs the session in (docs/customers.md#native).
                if let token = note.customerToken { state.shop.signIn(session: session, token: token) }
                let context: AnyObject
                switch dialect {
                case .native: context = RequestContext(state: state, sessionName: session)
                case .storefront, .customerAccount: context = StorefrontContext(holder: state, settings: settings, session: session, schema: schema)
                }
                response = GraphQLEngine.execute(
                    prepared, variables: request.variables, operationName: request.operationName, schema: schema, context: context,
                    limits: limits, cancelled: cancelled)
                if let storefront = context as? StorefrontContext {
                    unmodeled = storefront.unmodeled
                    secrets = storefront.secrets
                } else if let native = context as? RequestContext {
                    secrets = native.secrets
                }
            } else {
                response = GraphQLResponse(errors: [GraphQLError(
                    "The simulator already holds \(state.shop.maxSessions) sessions, the most it keeps; reuse a session name or reset it.",
                    code: .tooManySessions)])
            }
            // The journal place is taken under the state lock, so entries come in the order
            // requests ran, at the clock they saw; what fills it is worked out after the lock.
            return (response, state.shop.clock, journal.withLock { $0.reserve() })
        }
        appendToJournal(
            request, prepared: prepared, session: session, note: note, at: clock, place: place, status: note.status(response),
            errorCodes: response.errorCodes, fault: note.fault, response: response.compactBytes(), dialect: dialect, unmodeled: unmodeled,
            secrets: secrets)
        return response
    }

    /// The answer to a request naming `session`, when the name is refused (too long).
    package static func refusal(ofSession session: String) -> GraphQLResponse? {
        guard session.utf8.count > maxSessionName else { return nil }
        return GraphQLResponse(errors: [GraphQLError(
            "A session name is at most \(maxSessionName) bytes; this one has \(session.utf8.count).", code: .badRequest)])
    }

    /// The longest session name, in UTF-8 bytes: names are kept, so they are capped like every
    /// text a client sends (docs/limits.md#shop-bounds).
    public static let maxSessionName = 256

    /// The most sessions this simulator keeps (10,000 by default; docs/limits.md#shop-bounds); a request naming
    /// a new session past it gets `TOO_MANY_SESSIONS` (HTTP 429).
    public var maxSessions: Int {
        get { state.withLock { $0.shop.maxSessions } }
        set { state.withLock { $0.shop.maxSessions = max(1, newValue) } }
    }

    /// The cached document for `query`, or a new one parsed and validated outside every lock.
    /// A Storefront document is prepared against `version`'s schema.
    package func prepare(_ query: String, dialect: Dialect = .native, version: StorefrontVersion = .newest) -> PreparedDocument {
        let cache = switch dialect {
        case .native: documents
        case .storefront: storefrontDocuments[version.ordinal]
        case .customerAccount: accountDocuments
        }
        if let known = cache.withLock({ $0.lookup(query) }) { return known }
        // A schema that failed to build is reported by `execute`; nothing runs against it.
        let schema = switch dialect {
        case .native: self.schema
        case .storefront: (try? StorefrontSchema.built(version).get()) ?? self.schema
        case .customerAccount: (try? CustomerAccountSchema.built().get()) ?? self.schema
        }
        let prepared = GraphQLEngine.prepare(query, schema: schema, limits: limits)
        cache.withLock { $0.insert(prepared, for: query) }
        return prepared
    }

    /// How many prepared documents the cache holds (transports prepare each text once).
    package var preparedDocumentCount: Int {
        documents.withLock { $0.count }
    }

    /// Runs `body` on the simulator's state under its lock.
    func withState<Result>(_ body: (ShopState) -> Result) -> Result {
        state.withLock { body($0) }
    }

    /// Restores the state the simulator started in: stock, added products, clock and sessions.
    public func reset() {
        state.withLock { state in
            state.reset()
            journal.withLock { $0.clear(restart: true) }
        }
    }

    /// Moves the virtual clock forward and returns the new time.
    @discardableResult
    public func advance(seconds: Int64) -> Instant {
        state.withLock { state in
            state.shop.clock = state.shop.clock.adding(seconds: max(0, seconds))
            return state.shop.clock
        }
    }

    /// The virtual clock's current time.
    public var now: Instant {
        state.withLock { $0.shop.clock }
    }

    /// A new simulator as this one started: the same fixtures (shared, not copied), seed, clock,
    /// limits and recording operations; nothing of this one's state. Its Storefront carts are
    /// drawn in `cartNamespace` (a sandbox's name), so their ids are its own.
    package func freshCopy(cartNamespace: String = "") -> Simulator? {
        guard let copy = try? Simulator(loaded: fixtures, seed: startSeed, now: startClock.iso8601, limits: limits, cartNamespace: cartNamespace) else {
            return nil
        }
        copy.recordingOperations.withLock { $0 = recordingOperations.withLock { $0 } }
        copy.persistedQueries.use(persistedQueries.currentManifest)
        return copy
    }

    /// How many sessions the simulator holds now.
    package var sessionCount: Int {
        state.withLock { $0.shop.sessionCount }
    }

    /// How many products the catalog holds now, fixtures and additions.
    package var productCount: Int {
        state.withLock { $0.shop.catalog.products.count }
    }

    /// The shop content the Storefront dialect and the pages show (`storefront/content.json`).
    package var storefrontContent: StorefrontContent { fixtures.storefront }

    /// The schema as SDL.
    public var sdl: String { SDLPrinter.print(schema) }

    /// The GraphQL dialect a request speaks: the shop's own schema, Shopify's Storefront API over
    /// the same shop (docs/storefront.md), or its Customer Account API.
    public enum Dialect: String, Sendable, CaseIterable {
        case native, storefront
        /// Shopify's Customer Account API, for the customer an access token names (docs/customers.md#customer-accounts).
        case customerAccount = "customer-account"
    }
}

extension ShopState: StorefrontShopHolder {}
