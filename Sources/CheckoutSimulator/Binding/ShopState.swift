import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The mutable state of one simulator, touched only while its lock is held.
///
/// Its stored `var`s skip the runtime's exclusivity checks: the lock admits one request at a
/// time, and no access to a property is held across a call that reaches it again. Every product
/// field reads one of them, and the check is a runtime call per read (Benchmarks/NOTES.md).
final class ShopState {
    let initial: Shop
    @exclusivity(unchecked) var shop: Shop {
        didSet {
            // Every change to the catalog moves its version; a reset refreshes on its own.
            if shop.catalog.version != catalogVersion { catalogChanged() }
        }
    }
    /// The catalog version `products`, `brands` and `brandIndexes` were read from.
    private var catalogVersion: Int
    /// The catalog's products, kept beside `shop`: every product field reads one, and reaching it
    /// through `shop.catalog` from a class copies the whole catalog struct first.
    @exclusivity(unchecked) private(set) var products: [Product]
    /// The content collections (read-only, so never part of a reset or a snapshot's changes).
    let content: ContentCollections

    init(shop: Shop, content: ContentCollections) {
        initial = shop
        self.shop = shop
        self.content = content
        products = shop.catalog.products
        currency = shop.store.currency
        brands = shop.catalog.brands
        brandIndexes = shop.catalog.dimensions.brands
        catalogVersion = shop.catalog.version
    }

    /// A copy that shares every buffer with `other` until one of them changes: O(1).
    private init(copying other: ShopState) {
        initial = other.initial
        shop = other.shop
        content = other.content
        products = other.products
        currency = other.currency
        brands = other.brands
        brandIndexes = other.brandIndexes
        catalogVersion = other.catalogVersion
    }

    private func catalogChanged() {
        products = shop.catalog.products
        brands = shop.catalog.brands
        brandIndexes = shop.catalog.dimensions.brands
        catalogVersion = shop.catalog.version
    }

    /// The brand of the product at `position`, or nil when it has none the catalog knows.
    func brandPosition(ofProductAt position: ProductPosition) -> BrandPosition? {
        guard brandIndexes.indices.contains(position.index), brandIndexes[position.index] >= 0 else { return nil }
        return BrandPosition(index: Int(brandIndexes[position.index]))
    }

    /// Back to the state the simulator started in.
    func reset() {
        // The catalog only changes by `add`, which moves its version past the initial one, so
        // `shop`'s observer refreshes the copies whenever they differ.
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

    // Reads used by every product field. As methods of the class they reach the catalog in place;
    // reading `state.shop.catalog` from outside copies the whole `Shop` first.

    func product(_ position: ProductPosition) throws(FieldError) -> Product {
        guard products.indices.contains(position.index) else { throw FieldError("No product at position \(position.index).") }
        return products[position.index]
    }

    func stock(_ position: ProductPosition) -> Int {
        shop.inventory.stock(at: position.index)
    }

    /// The store's currency, fixed at start-up (every money field formats with it).
    let currency: Currency
    /// The catalog's brands; a `Brand` object is a position in it.
    @exclusivity(unchecked) private(set) var brands: [Brand]
    /// Each product's brand as an index into `brands` (-1 for none), by product position: the
    /// catalog's own interned numbers, shared, not recomputed.
    @exclusivity(unchecked) private var brandIndexes: [Int32] = []

    /// The brand with `id`, or nil when there is none.
    func brandPosition(id: String) -> BrandPosition? {
        shop.catalog.brandPosition(id: id).map(BrandPosition.init)
    }

    func brand(_ position: BrandPosition) throws(FieldError) -> Brand {
        guard brands.indices.contains(position.index) else { throw FieldError("No brand at position \(position.index).") }
        return brands[position.index]
    }

    func isFavorite(_ productId: String, session: String) -> Bool {
        shop.isFavorite(productId, session: session)
    }

    func favoritedAt(_ productId: String, session: String) -> Instant? {
        shop.favoritedAt(productId, session: session)
    }

    func quantityInCart(_ productId: String, session: String) -> Int {
        shop.quantityInCart(productId, session: session)
    }
}

/// The per-request context resolvers receive: the shop and the session the request belongs to.
final class RequestContext {
    let state: ShopState
    let sessionName: String

    init(state: ShopState, sessionName: String) {
        self.state = state
        self.sessionName = sessionName
    }

    var shopper: ShopperSession { state.shop.shopper(named: sessionName) }
    var currency: Currency { state.currency }
}
