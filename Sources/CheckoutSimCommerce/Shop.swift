/// The whole simulated shop: the catalog and stock shared by every session, the offers, scratch
/// and payment tables, the virtual clock, and the sessions.
///
/// A value type: copying a `Shop` snapshots it, which is how `reset` restores the start state.
package struct Shop: Sendable {
    /// The store settings from `store.json`.
    package let store: StoreSettings
    /// Brands, products and their sort indexes.
    package internal(set) var catalog: Catalog
    /// Units in stock, shared by every session.
    package internal(set) var inventory: Inventory
    /// The offer codes, in file order.
    package internal(set) var offers: [OfferDefinition]
    /// How scratch cards are issued and what they reveal.
    package let scratchTable: ScratchCardTable
    /// The payment test cards.
    package let testCards: [TestCard]
    /// The seed of the scratch-card draws.
    package let seed: UInt64
    /// The simulated time; it moves only when told to.
    package var clock: Instant
    /// Where the clock started (what a Storefront `DateTime!` the shop does not model answers).
    package let startClock: Instant
    /// The sessions, each in its slot. A session keeps its slot until `reset` replaces the whole
    /// shop, or, for a Storefront cart's, until a new session takes it (`touchSession`).
    private var sessions: [ShopperSession] = []
    /// Each session's slot in `sessions`.
    private var sessionSlots: [String: Int] = [:]
    /// The session last looked up by name, and its slot: a listing asks for one session a few
    /// times per product, and the name compares far cheaper than it hashes (Benchmarks/NOTES.md,
    /// issue 43). Never stale: slots never move, and a slot given to another session clears it.
    private var lastLookup: (name: String, slot: Int)?
    /// The most sessions the shop keeps (docs/limits.md#shop-bounds). A new one past it takes the
    /// slot of the least recently used Storefront cart; with no cart to drop it is refused, never
    /// made by evicting a shopper's data. `reset` forgets them all.
    package var maxSessions = 10_000
    var addedProducts = 0
    /// How many carts `createCart` has made (their tokens are numbered).
    var cartsCreated = 0
    /// What sets this shop's carts apart from another's drawn from the same seed: a sandbox's
    /// name, `""` for the root shop (docs/storefront.md#carts).
    let cartNamespace: String
    /// The levers pulled and not yet used up (docs/control.md#levers).
    package internal(set) var pending = PendingLevers()
    /// The customers and their live tokens (docs/customers.md).
    package internal(set) var customers: CustomerBook
    /// The mail the shop sent (docs/customers.md#the-outbox).
    package internal(set) var outbox = Outbox()

    /// A shop with no sessions yet, its clock at `now`.
    package init(
        store: StoreSettings, catalog: Catalog, offers: [OfferDefinition], scratchTable: ScratchCardTable, testCards: [TestCard],
        seed: UInt64, now: Instant, cartNamespace: String = "", customers fixtures: [CustomerFixture] = []
    ) {
        self.cartNamespace = cartNamespace
        customers = CustomerBook(seed: seed, scope: cartNamespace)
        self.store = store
        self.catalog = catalog
        inventory = Inventory(catalog: catalog)
        self.offers = offers
        self.scratchTable = scratchTable
        self.testCards = testCards
        self.seed = seed
        clock = now
        startClock = now
        for fixture in fixtures { enroll(fixture) }
    }

    /// How the store writes money.
    package var currency: Currency { store.currency }

    /// The named session, as it is now (an unused session reads as new, without its cards yet).
    package func shopper(named name: String) -> ShopperSession {
        sessionSlots[name].map { sessions[$0] } ?? ShopperSession(name: name)
    }

    /// Whether `session` has `productId` among its favorites, without copying the session.
    ///
    /// These three per-product reads are `mutating` only to reach the session in place: a copy
    /// of the session retains and releases each of its buffers, for every product of a listing
    /// (Benchmarks/NOTES.md, issue 43). They change nothing, but a shop whose sessions share
    /// storage with a copy (a kept snapshot) takes its own storage on the first of them, as the
    /// next change to a session would.
    package mutating func isFavorite(_ productId: String, session name: String) -> Bool {
        inSession(name) { $0.favorites.contains(productId) } ?? false
    }

    /// When the session first added `productId` to its favorites; nil when it is not one.
    package mutating func favoritedAt(_ productId: String, session name: String) -> Instant? {
        inSession(name) { $0.favoritedAt[productId] } ?? nil
    }

    /// How many units of `productId` the session's cart holds, without copying the session.
    package mutating func quantityInCart(_ productId: String, session name: String) -> Int {
        inSession(name) { $0.cart.quantity(of: productId) } ?? 0
    }

    /// `body` on the session called `name` where it lies; nil when there is none.
    private mutating func inSession<Result>(_ name: String, _ body: (inout ShopperSession) -> Result) -> Result? {
        guard let slot = slot(of: name) else { return nil }
        return body(&sessions[slot])
    }

    /// The slot of the session called `name`; nil when there is none.
    private mutating func slot(of name: String) -> Int? {
        if let last = lastLookup, last.name == name { return last.slot }
        guard let slot = sessionSlots[name] else { return nil }
        lastLookup = (name, slot)
        return slot
    }

    /// How many sessions the shop holds.
    package var sessionCount: Int { sessions.count }

    /// Creates the session on first use, issuing its scratch cards at the clock's time. When the
    /// shop holds `maxSessions`, the least recently used Storefront cart is dropped for it
    /// (docs/storefront.md#carts), so making carts never locks a new shopper out.
    ///
    /// Returns false, changing nothing, when the session is new, the shop already holds
    /// `maxSessions` and none of them is a Storefront cart.
    @discardableResult
    package mutating func touchSession(_ name: String) -> Bool {
        guard sessionSlots[name] == nil else { return true }
        var session = ShopperSession(name: name)
        for _ in 0..<scratchTable.issuedPerSession { issueCard(to: &session) }
        guard sessions.count >= maxSessions else {
            add(session)
            return true
        }
        guard let slot = leastRecentlyUsedCart() else { return false }
        sessionSlots.removeValue(forKey: sessions[slot].name)
        lastLookup = nil
        sessions[slot] = session
        sessionSlots[name] = slot
        return true
    }

    /// The slot of the Storefront cart changed longest ago (the first made, between equals); nil
    /// when no session is one. A scan of the table, made only when it is full.
    private func leastRecentlyUsedCart() -> Int? {
        var found: (slot: Int, used: Instant)?
        for (slot, session) in sessions.enumerated() {
            guard let used = session.cartLastUsed else { continue }
            if let oldest = found, oldest.used <= used { continue }
            found = (slot, used)
        }
        return found?.slot
    }

    /// Puts `session` in the next slot; returns the slot.
    @discardableResult
    private mutating func add(_ session: ShopperSession) -> Int {
        sessionSlots[session.name] = sessions.count
        sessions.append(session)
        return sessions.count - 1
    }

    /// Runs `change` on the session, creating it first.
    ///
    /// Every operation checks everything before it changes anything, so a thrown error leaves
    /// the session and the shop as they were (the property tests check this).
    mutating func withSession<T, Failure: Error>(
        _ name: String, _ change: (inout ShopperSession, inout Shop) throws(Failure) -> T
    ) throws(Failure) -> T {
        touchSession(name)
        // Past `maxSessions` the session is kept all the same, as a change must land somewhere.
        let place = slot(of: name) ?? add(ShopperSession(name: name))
        // Moved out of its slot, so the change owns the session's buffers (no copy on write) and
        // may change the rest of the shop alongside.
        var session = sessions[place]
        sessions[place] = ShopperSession(name: name)
        defer { sessions[place] = session }
        return try change(&session, &self)
    }

    /// Remembers a non-blank search in the session's recent searches.
    package mutating func recordSearch(_ search: String, session name: String) {
        touchSession(name)
        if let slot = slot(of: name) { sessions[slot].recentSearches.record(search) }
    }

    /// Forgets one of the session's recent searches (case-insensitively); absent is a no-op.
    package mutating func removeRecentSearch(_ term: String, session name: String) {
        touchSession(name)
        if let slot = slot(of: name) { sessions[slot].recentSearches.remove(term) }
    }

    /// Forgets all of the session's recent searches.
    package mutating func clearRecentSearches(session name: String) {
        touchSession(name)
        if let slot = slot(of: name) { sessions[slot].recentSearches.removeAll() }
    }

    func issueCard(to session: inout ShopperSession) {
        let id = "card-\(session.scratchCards.count + 1)"
        let expires = clock.adding(seconds: Int64(scratchTable.validForDays) * 86_400)
        session.scratchCards.append(ScratchCard(id: id, issuedAt: clock, expiresAt: expires, state: .unrevealed, rewardIndex: nil))
    }

    /// The product with `id` and its position, or `PRODUCT_NOT_FOUND`.
    package func product(_ id: String) throws(CommerceError) -> (position: Int, product: Product) {
        guard let position = catalog.position(of: id) else {
            throw CommerceError(.productNotFound, "No product has the id \"\(id)\".", field: ["productId"])
        }
        return (position, catalog.products[position])
    }
}
