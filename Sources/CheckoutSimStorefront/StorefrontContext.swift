import CheckoutSimCommerce

/// What holds the shop the dialect reads and changes: the simulator's state, touched only under
/// its lock (the simulator's `ShopState` conforms).
package protocol StorefrontShopHolder: AnyObject {
    /// The shop: catalog, stock, carts, clock.
    var shop: Shop { get set }
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

    package init() {}
}

/// The context every Storefront field receives: the shop, the settings and what the request
/// read that the mock does not model (docs/storefront.md#unmodeled-fields).
package final class StorefrontContext {
    package let holder: any StorefrontShopHolder
    package let settings: StorefrontSettings
    /// The session the request belongs to (native sessions and Storefront carts share the shop).
    package let session: String
    /// `Type.field` of each unmodeled field the request touched, in the order first touched.
    package private(set) var unmodeled: [String] = []
    private var seen: Set<String> = []

    package init(holder: any StorefrontShopHolder, settings: StorefrontSettings, session: String) {
        self.holder = holder
        self.settings = settings
        self.session = session
    }

    /// Notes that the request read `field`, which answers its default.
    func touch(_ field: String) {
        if seen.insert(field).inserted { unmodeled.append(field) }
    }

    /// The shop, read in place.
    var shop: Shop { holder.shop }
}
