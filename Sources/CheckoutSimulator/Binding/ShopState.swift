import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimSupport

/// The mutable state of one simulator, touched only while its lock is held.
///
/// `shop` skips the runtime's exclusivity checks in release builds: the lock admits one request
/// at a time, and no access to it is held across a call that reaches it again. Every product field
/// reads it, and the check is a runtime call per read (Benchmarks/NOTES.md). Debug builds, which
/// the tests run, keep the checks, so a breach traps there. It has no observer: an observed
/// property is read through a getter that copies the whole `Shop`, where a plain one is read in place.
///
/// Debug builds also check the lock itself: `shop`, the rows and the readers count trap when the
/// calling thread is not inside the simulator's lock (`guardian`, `Locked.assertHeld`), and a row
/// handed out unretained traps when no request context reads the shop (`readers`).
final class ShopState {
    let initial: Shop
    #if DEBUG
    private var checkedShop: Shop
    var shop: Shop {
        _read {
            assertLocked()
            yield checkedShop
        }
        _modify {
            assertLocked()
            yield &checkedShop
        }
    }
    /// The lock that guards this state (set by the simulator that owns it; a snapshot shares it).
    /// Unowned, checked: the lock owns the state, and a state read after its lock is gone traps.
    unowned var guardian: Locked<ShopState>?
    #else
    @exclusivity(unchecked) var shop: Shop
    #endif

    /// Traps, in debug builds, unless the calling thread holds the simulator's lock.
    @inline(__always) func assertLocked(file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        guard let guardian else { preconditionFailure("a ShopState used before its simulator's lock guards it", file: file, line: line) }
        guardian.assertHeld("the simulator's state was touched", file: file, line: line)
        #endif
    }
    /// The content collections (read-only, so never part of a reset or a snapshot's changes).
    let content: ContentCollections
    /// The Storefront dialect's kept texts; a copy starts its own.
    let storefrontRows: StorefrontRows

    private init(shop: Shop, content: ContentCollections) {
        initial = shop
        #if DEBUG
        checkedShop = shop
        #else
        self.shop = shop
        #endif
        self.content = content
        currency = shop.store.currency
        rows = ShopRows(catalog: shop.catalog, currency: currency)
        storefrontRows = StorefrontRows(currency: currency)
    }

    /// A new state behind the lock that guards it (and that debug builds check it is touched under).
    static func guarded(shop: Shop, content: ContentCollections) -> Locked<ShopState> {
        let state = Locked(ShopState(shop: shop, content: content))
        #if DEBUG
        state.withLock { $0.guardian = state }
        #endif
        return state
    }

    /// A copy that shares every buffer with `other` until one of them changes: O(1).
    private init(copying other: ShopState) {
        initial = other.initial
        #if DEBUG
        checkedShop = other.shop
        guardian = other.guardian
        #else
        shop = other.shop
        #endif
        content = other.content
        currency = other.currency
        rows = other.rows
        storefrontRows = StorefrontRows(currency: currency)
    }

    /// The brand of the product at `position`, or nil when it has none the catalog knows.
    func brandPosition(ofProductAt position: ProductPosition) -> BrandPosition? {
        inPlace { shop in
            let brands = shop.catalog.dimensions.brands
            guard brands.indices.contains(position.index), brands[position.index] >= 0 else { return nil }
            return BrandPosition(index: Int(brands[position.index]))
        }
    }

    /// Back to the state the simulator started in.
    func reset() {
        assertLocked()
        shop = initial
        snapshots.removeAll()
    }

    // MARK: Idempotent replays

    /// How many checkouts' snapshots are kept, oldest dropped first. A snapshot shares storage
    /// with the live shop until one of them changes; the worst case, stock changing after every
    /// checkout of the 100k-product benchmark catalog, keeps about 0.8 MB per snapshot.
    static let snapshotLimit = 64

    private struct SnapshotKey: Hashable { let session: String; let idempotencyKey: String }
    /// The shop as each recorded checkout's payload first saw it, in the order they were taken.
    private var snapshots: [(key: SnapshotKey, state: ShopState)] = []

    /// Keeps the shop as it is now, so replays of this checkout resolve exactly as it did.
    func keepSnapshot(session: String, idempotencyKey: String) {
        if snapshots.count == Self.snapshotLimit { snapshots.removeFirst() }
        snapshots.append((SnapshotKey(session: session, idempotencyKey: idempotencyKey), ShopState(copying: self)))
    }

    /// The shop as the first request with this key saw it, when it is still kept.
    func snapshot(session: String, idempotencyKey: String) -> ShopState? {
        let key = SnapshotKey(session: session, idempotencyKey: idempotencyKey)
        return snapshots.last { $0.key == key }?.state
    }

    // Reads used by every product field, in place.

    func product(_ position: ProductPosition) throws(FieldError) -> Product {
        guard let product = inPlace({ shop in
            shop.catalog.products.indices.contains(position.index) ? shop.catalog.products[position.index] : nil
        }) else { throw FieldError("No product at position \(position.index).") }
        return product
    }

    /// The rows that `Product`, `Money` and `Brand` objects read (`Binding/LeafRows.swift`);
    /// unchecked in release builds for the reason `shop` is.
    #if DEBUG
    private var rows: ShopRows
    #else
    @exclusivity(unchecked) private var rows: ShopRows
    #endif

    /// The product's row, unretained: the rows keep it while any request reads the shop
    /// (`ShopRows`). The product is read where it lies (copied out, it was a retain and a release
    /// for every product written).
    func productRow(_ position: ProductPosition) throws(FieldError) -> Unmanaged<ProductRow> {
        assertReading()
        if let row = inPlace({ shop in rows.keptProduct(at: position.index, of: shop.catalog.products) }) { return row }
        guard let row = inPlace({ shop in rows.product(at: position.index, of: shop.catalog.products) }) else {
            throw FieldError("No product at position \(position.index).")
        }
        return row
    }

    /// The amount's row, unretained as `productRow`'s is.
    func amountRow(_ amount: Amount) -> Unmanaged<AmountRow> {
        assertReading()
        return rows.amount(amount.minorUnits)
    }

    /// The brand's row, unretained as `productRow`'s is.
    func brandRow(_ position: BrandPosition) throws(FieldError) -> Unmanaged<BrandRow> {
        assertReading()
        if let row = rows.keptBrand(at: position.index) { return row }
        guard let row = inPlace({ shop in rows.brand(at: position.index, of: shop.catalog.brands) }) else {
            throw FieldError("No brand at position \(position.index).")
        }
        return row
    }

    /// How many request contexts read the shop now (`RequestContext`, `StorefrontContext`); rows
    /// retired while any does are freed when the last one ends.
    private var readers = 0

    func beginReading() {
        assertLocked()
        readers += 1
    }

    func endReading() {
        assertLocked()
        assert(readers > 0, "a request context ended reading the shop more often than it began")
        readers -= 1
        if readers == 0 {
            rows.freeRetired()
            storefrontRows.freeRetired()
        }
    }

    /// Traps, in debug builds, unless a row handed out unretained now is kept alive: the lock is
    /// held and a request context reads the shop, so no row it drops is freed before the context
    /// ends (`ShopRows`).
    @inline(__always) private func assertReading(file: StaticString = #fileID, line: UInt = #line) {
        assertLocked(file: file, line: line)
        assert(readers > 0, "a row handed out unretained while no request context reads the shop", file: file, line: line)
    }

    /// How many retired rows wait for the last reader (tests).
    var retiredRowCount: Int { rows.retiredCount }

    func stock(_ position: ProductPosition) -> Int {
        inPlace { $0.inventory.stock(at: position.index) }
    }

    /// The store's currency, fixed at start-up (every money field formats with it).
    let currency: Currency

    /// The brand with `id`, or nil when there is none.
    func brandPosition(id: String) -> BrandPosition? {
        shop.catalog.brandPosition(id: id).map(BrandPosition.init)
    }

    func isFavorite(_ productId: String, session: String) -> Bool {
        inPlace { $0.isFavorite(productId, session: session) }
    }

    func favoritedAt(_ productId: String, session: String) -> Instant? {
        inPlace { $0.favoritedAt(productId, session: session) }
    }

    func quantityInCart(_ productId: String, session: String) -> Int {
        inPlace { $0.quantityInCart(productId, session: session) }
    }

    /// `body` run on the shop where it lies. A method called on `shop` as a property runs on a
    /// copy, which retains and releases every buffer the shop holds, dozens of them, for each
    /// field of each product that asks (Benchmarks/NOTES.md, issue 43).
    @inline(__always) func inPlace<Result>(_ body: (inout Shop) throws -> Result) rethrows -> Result {
        try body(&shop)
    }
}

/// The per-request context resolvers receive: the shop and the session the request belongs to.
final class RequestContext {
    let state: ShopState
    let sessionName: String

    /// Reads `state` until the context is released: the rows its objects read unretained are
    /// not freed before then (`ShopState.beginReading`). Made and released under the
    /// simulator's lock, as every request's context is.
    init(state: ShopState, sessionName: String) {
        self.state = state
        self.sessionName = sessionName
        state.beginReading()
    }

    deinit {
        state.endReading()
    }

    /// The product pages whose edges this request has listed: an edge travels as its page's
    /// place here and its own place in the page, one integer, not a boxed value with the page's
    /// cursors (Benchmarks/NOTES.md, issue 43). Unchecked in release builds for the reason
    /// `ShopState.shop` is: each edge field reads it, and the check is a runtime call per read.
    #if DEBUG
    private(set) var pages: [ProductPage] = []
    #else
    @exclusivity(unchecked) private(set) var pages: [ProductPage] = []
    #endif

    /// Keeps `page` for its edges; returns where it is kept.
    func keep(_ page: ProductPage) -> Int {
        pages.append(page)
        return pages.count - 1
    }

    var shopper: ShopperSession { state.shop.shopper(named: sessionName) }
    /// The passwords and tokens the request sent or its answer gave, for the journal to redact
    /// (docs/journal.md#secrets).
    private(set) var secrets: [CustomerSecret] = []

    /// Notes a password or token the request sent or its answer gives.
    func noteSecret(_ kind: CustomerSecret.Kind, _ value: String) {
        guard !value.isEmpty, !secrets.contains(where: { $0.value == value }) else { return }
        secrets.append(CustomerSecret(kind, value))
    }
    var currency: Currency { state.currency }
}
