import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The mutable state of one simulator, touched only while its lock is held.
///
/// `shop` skips the runtime's exclusivity checks in release builds: the lock admits one request
/// at a time, and no access to it is held across a call that reaches it again. Every product field
/// reads it, and the check is a runtime call per read (Benchmarks/NOTES.md). Debug builds, which
/// the tests run, keep the checks, so a breach traps there. It has no observer: an observed
/// property is read through a getter that copies the whole `Shop`, where a plain one is read in place.
final class ShopState {
    let initial: Shop
    #if DEBUG
    var shop: Shop
    #else
    @exclusivity(unchecked) var shop: Shop
    #endif
    /// The content collections (read-only, so never part of a reset or a snapshot's changes).
    let content: ContentCollections

    init(shop: Shop, content: ContentCollections) {
        initial = shop
        self.shop = shop
        self.content = content
        currency = shop.store.currency
        productRows = shop.catalog.products.map(ProductRow.init)
        amountRows = Self.catalogAmounts(shop.catalog, in: currency)
        brandRows = shop.catalog.brands.map(BrandRow.init)
    }

    /// A copy that shares every buffer with `other` until one of them changes: O(1).
    private init(copying other: ShopState) {
        initial = other.initial
        shop = other.shop
        content = other.content
        currency = other.currency
        productRows = other.productRows
        amountRows = other.amountRows
        brandRows = other.brandRows
    }

    /// The brand of the product at `position`, or nil when it has none the catalog knows.
    func brandPosition(ofProductAt position: ProductPosition) -> BrandPosition? {
        let brands = shop.catalog.dimensions.brands
        guard brands.indices.contains(position.index), brands[position.index] >= 0 else { return nil }
        return BrandPosition(index: Int(brands[position.index]))
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

    // Reads used by every product field, in place.

    func product(_ position: ProductPosition) throws(FieldError) -> Product {
        guard let product = inPlace({ shop in
            shop.catalog.products.indices.contains(position.index) ? shop.catalog.products[position.index] : nil
        }) else { throw FieldError("No product at position \(position.index).") }
        return product
    }

    /// Each catalog product's row, by position: made for every product at load, and again for a
    /// position whose product is no longer the one its row was made from (a product added, the
    /// shop reset and another added in its place).
    private var productRows: [ProductRow]

    /// The row of the product at `position`, made now if its product changed since.
    func productRow(_ position: ProductPosition) throws(FieldError) -> ProductRow {
        let product = try product(position)
        let index = position.index
        if index < productRows.count, productRows[index].product === product { return productRows[index] }
        let row = ProductRow(product)
        if index < productRows.count {
            productRows[index] = row
        } else if index == productRows.count {
            productRows.append(row)
        }
        return row
    }

    /// The rows of every amount the catalog prices a product or variant at when it is loaded.
    /// Other amounts (totals, discounts) get a row made when they are written, and not kept,
    /// so what a session does never grows this table.
    private let amountRows: [Int64: AmountRow]

    private static func catalogAmounts(_ catalog: Catalog, in currency: Currency) -> [Int64: AmountRow] {
        var rows: [Int64: AmountRow] = [:]
        for product in catalog.products {
            let prices: [Int64?] = [product.price, product.compareAtPrice] + product.variants.flatMap { [$0.price, $0.compareAtPrice] }
            for case let price? in prices where rows[price] == nil {
                rows[price] = AmountRow(price, in: currency)
            }
        }
        return rows
    }

    /// The row of `amount`: kept when the catalog prices something at it, made now otherwise.
    func amountRow(_ amount: Amount) -> AmountRow {
        amountRows[amount.minorUnits] ?? AmountRow(amount.minorUnits, in: currency)
    }

    func stock(_ position: ProductPosition) -> Int {
        inPlace { $0.inventory.stock(at: position.index) }
    }

    /// The store's currency, fixed at start-up (every money field formats with it).
    let currency: Currency

    /// The brand with `id`, or nil when there is none.
    func brandPosition(id: String) -> BrandPosition? {
        shop.catalog.brandPosition(id: id).map(BrandPosition.init)
    }

    /// Each brand's row, by position; brands do not change after the shop is loaded.
    private let brandRows: [BrandRow]

    func brandRow(_ position: BrandPosition) throws(FieldError) -> BrandRow {
        guard brandRows.indices.contains(position.index) else { throw FieldError("No brand at position \(position.index).") }
        return brandRows[position.index]
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

    init(state: ShopState, sessionName: String) {
        self.state = state
        self.sessionName = sessionName
    }

    var shopper: ShopperSession { state.shop.shopper(named: sessionName) }
    var currency: Currency { state.currency }
}
