import CheckoutSimCommerce
import CheckoutSimGraphQL

/// What holds the shop the dialect reads and changes: the simulator's state, touched only under
/// its lock (the simulator's `ShopState` conforms).
package protocol StorefrontShopHolder: AnyObject {
    /// The shop: catalog, stock, carts, clock.
    var shop: Shop { get set }
    /// The kept texts of the shop's Storefront objects, one for the holder's lifetime.
    var storefrontRows: StorefrontRows { get }
    /// A request reads the shop until it ends reading it: rows replaced meanwhile are freed only
    /// when no request reads (`CatalogRows`).
    func beginReading()
    func endReading()
}

/// Where the dialect's answers point: the shop's domain and the server's own pages.
package struct StorefrontSettings: Sendable {
    /// The shop's `myshopify.com` domain, as `shop.primaryDomain` and `URL!` defaults give it.
    package var domain = "checkout-sim.myshopify.com"
    /// The origin checkout URLs start with (`http://127.0.0.1:4000`, or the sandbox's prefix
    /// added); the library answers with the shop's domain.
    package var origin = "https://checkout-sim.myshopify.com"
    /// The shop's pages, menus, blog and curated collections.
    package var content = StorefrontContent.empty
    /// The customer a Customer Account API request's access token names (its transport found
    /// them); nil for the Storefront API.
    package var accountCustomer: Int?

    package init() {}
}

/// The context every Storefront field receives: the shop, the settings and what the request
/// read that the mock does not model (docs/storefront.md#unmodeled-fields).
package final class StorefrontContext {
    private let holder: any StorefrontShopHolder
    /// The shop this request reads, taken from the holder once (a copy shares its storage) and
    /// again after each change: read in place, never copied whole per field.
    private(set) var shop: Shop
    /// The holder's kept texts.
    let rows: StorefrontRows
    /// The pieces of `shop` every listing field reads, kept beside it and renewed with it.
    /// Reading `shop.catalog.…` or `shop.currency` through this class copies the whole shop out
    /// first (each of its references retained and released: 9 % of a Storefront listing's
    /// instructions, Benchmarks/NOTES.md); reading one of these is a retain.
    private(set) var products: [Product] = []
    private(set) var inventory: Inventory
    let currency: Currency
    /// The brands, and each product's brand position (-1 for none), for a product's vendor.
    private(set) var brands: [Brand] = []
    private(set) var productBrands: [Int32] = []
    /// Every product type (category), bytewise, sorted when a collection field first asks.
    private var sortedCategories: [String]?
    package let settings: StorefrontSettings
    /// The schema of the API version the request names: the types of the members of abstract
    /// types a connection lists (`member(_:_:)`).
    let schema: Schema
    /// The session the request belongs to (native sessions and Storefront carts share the shop).
    package let session: String
    /// `Type.field` of each unmodeled field the request touched, in the order first touched.
    package private(set) var unmodeled: [String] = []
    private var seen: Set<String> = []
    /// The passwords and tokens the request sent or its answer gave, for the journal to redact
    /// (docs/journal.md#secrets).
    package private(set) var secrets: [CustomerSecret] = []

    package init(holder: any StorefrontShopHolder, settings: StorefrontSettings, session: String, schema: Schema) {
        self.holder = holder
        self.schema = schema
        self.settings = settings
        self.session = session
        shop = holder.shop
        rows = holder.storefrontRows
        inventory = shop.inventory
        currency = shop.currency
        renewPieces()
        holder.beginReading()
    }

    deinit {
        holder.endReading()
    }

    private func renewPieces() {
        products = shop.catalog.products
        inventory = shop.inventory
        brands = shop.catalog.brands
        productBrands = shop.catalog.dimensions.brands
        sortedCategories = nil
    }

    /// Every product type (category), bytewise: the order of their collections' ids.
    var categories: [String] {
        if let sortedCategories { return sortedCategories }
        let sorted = shop.catalog.dimensions.categoryValues.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        sortedCategories = sorted
        return sorted
    }

    /// The product at a catalog position, if there is one.
    func product(at position: Int) -> Product? {
        products.indices.contains(position) ? products[position] : nil
    }

    /// The name of the product's brand (its vendor); "" for none.
    func vendor(ofProductAt position: Int) -> String {
        guard productBrands.indices.contains(position) else { return "" }
        let brand = Int(productBrands[position])
        return brands.indices.contains(brand) ? brands[brand].name : ""
    }

    /// Changes the shop. The holder lets go of its copy while `body` runs, so the change is made
    /// in place (no storage shared, nothing copied), then takes the changed shop back.
    func change<Result, Failure: Error>(_ body: (inout Shop) throws(Failure) -> Result) throws(Failure) -> Result {
        holder.shop = Self.placeholder(like: shop)
        defer {
            holder.shop = shop
            renewPieces()
        }
        return try body(&shop)
    }

    /// Puts `snapshot` back, whole: how a change with user errors is undone.
    func restore(_ snapshot: Shop) {
        shop = snapshot
        holder.shop = snapshot
        renewPieces()
    }

    /// An empty shop the holder keeps while a change runs (nothing reads it).
    private static func placeholder(like shop: Shop) -> Shop {
        Shop(
            store: shop.store, catalog: Catalog(brands: [], products: []), offers: [], scratchTable: shop.scratchTable, testCards: [],
            seed: shop.seed, now: shop.clock)
    }

    /// `object` as a member of an interface or union whose possible type `type` it is.
    func member<Object: StorefrontObject>(_ type: String, _ object: Object) throws(FieldError) -> Resolved {
        try Member(type, object).answer(in: schema)
    }

    /// `objects`, each a member of type `type` (the type looked up once for the list).
    func members<Object: StorefrontObject>(_ type: String, _ objects: [Object]) throws(FieldError) -> [Resolved] {
        let index = try Member<Object>.index(of: type, in: schema)
        return objects.map { .typed(type: index, $0.carried) }
    }

    /// Notes a password or token the request sent or its answer gives.
    func noteSecret(_ kind: CustomerSecret.Kind, _ value: String) {
        guard !value.isEmpty, !secrets.contains(where: { $0.value == value }) else { return }
        secrets.append(CustomerSecret(kind, value))
    }

    /// Notes that the request read `field`, which answers its default.
    func touch(_ field: String) {
        if seen.insert(field).inserted { unmodeled.append(field) }
    }
}
