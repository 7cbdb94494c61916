import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The mutable state of one simulator, touched only while its lock is held.
final class ShopState {
    let initial: Shop
    var shop: Shop {
        didSet {
            // The catalog only changes by products added (or a reset dropping them).
            if shop.catalog.products.count != products.count { catalogChanged() }
        }
    }
    /// The catalog's products, kept beside `shop`: every product field reads one, and reaching it
    /// through `shop.catalog` from a class copies the whole catalog struct first.
    private(set) var products: [Product]

    init(shop: Shop) {
        initial = shop
        self.shop = shop
        products = shop.catalog.products
        currency = shop.store.currency
        brands = shop.catalog.brands
        brandIndexById = Dictionary(brands.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { _, last in last })
        brandIndexes = shop.catalog.dimensions.brands
    }

    /// A copy that shares every buffer with `other` until one of them changes: O(1).
    private init(copying other: ShopState) {
        initial = other.initial
        shop = other.shop
        products = other.products
        currency = other.currency
        brands = other.brands
        brandIndexById = other.brandIndexById
        brandIndexes = other.brandIndexes
    }

    private func catalogChanged() {
        products = shop.catalog.products
        brandIndexes = shop.catalog.dimensions.brands
    }

    /// The `Brand` object of the product at `position`, or null when it has none.
    func brandNode(ofProductAt position: Int) -> Resolved {
        guard brandIndexes.indices.contains(position), brandIndexes[position] >= 0 else { return .null }
        return .index(Int(brandIndexes[position]))
    }

    /// Back to the state the simulator started in.
    func reset() {
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

    func product(at position: Int) -> Product? {
        products.indices.contains(position) ? products[position] : nil
    }

    func stock(at position: Int) -> Int {
        shop.inventory.stock(at: position)
    }

    /// The store's currency, fixed at start-up (every money field formats with it).
    let currency: Currency
    /// The catalog's brands (fixed at start-up); a `Brand` object resolves as `.index` into it.
    let brands: [Brand]
    private let brandIndexById: [String: Int]
    /// Each product's brand as an index into `brands` (-1 for none), by product position: the
    /// catalog's own interned numbers, shared, not recomputed.
    private var brandIndexes: [Int32] = []

    /// The `Brand` object for the brand with `id`, or null when there is none.
    func brandNode(id: String) -> Resolved {
        brandIndexById[id].map { .index($0) } ?? .null
    }

    func brand(at index: Int) -> Brand? {
        brands.indices.contains(index) ? brands[index] : nil
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

    var session: ShopperSession { state.shop.session(sessionName) }
    var currency: Currency { state.currency }
}

/// Parent values handed between resolvers.
struct CategoryNode { let name: String; let productCount: Int }
struct EdgeNode { let position: Int; let cursor: String }
struct ConnectionNode { let page: ProductPage }
struct SectionNode { let brand: Brand; let positions: [Int] }
struct SectionPageNode { let sections: [SectionNode]; let page: ProductPage }
struct PageInfoNode { let page: ProductPage }

extension FieldCall {
    /// The parent `Brand` object's brand.
    func brand() throws(FieldError) -> Brand {
        guard let brand = try shop().state.brand(at: index) else { throw FieldError("No brand at position \(index).") }
        return brand
    }

    /// The request context; every resolver of the shop schema runs with one.
    func shop() throws(FieldError) -> RequestContext {
        guard let context = context as? RequestContext else { throw FieldError("The shop context is missing.") }
        return context
    }

    func parent<Node>(_ type: Node.Type) throws(FieldError) -> Node {
        guard let node = parent as? Node else { throw FieldError("Unexpected parent value for \(Node.self).") }
        return node
    }
}
