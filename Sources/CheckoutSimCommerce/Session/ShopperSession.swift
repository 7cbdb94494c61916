/// What one shopper's session holds: cart, favorites, scratch cards, orders, payments,
/// idempotency records and recent searches.
package struct ShopperSession: Sendable, Equatable {
    /// The session's name (`X-Checkout-Session`, or `default`).
    package let name: String
    /// Its remembered searches, newest first.
    package var recentSearches = RecentSearches()
    /// Its cart.
    package internal(set) var cart = Cart()
    /// Product ids, newest first.
    package internal(set) var favorites: [String] = []
    /// When each favorite was first added (the clock then); looked up, never listed.
    package internal(set) var favoritedAt: [String: Instant] = [:]
    /// Its scratch cards, in the order they were issued.
    package internal(set) var scratchCards: [ScratchCard] = []
    /// Oldest first.
    package internal(set) var orders: [Order] = []
    /// Every payment attempt, oldest first.
    package internal(set) var payments: [Payment] = []
    var idempotency: [(key: String, input: CheckoutInput, outcome: CheckoutOutcome)] = []
    /// For a Storefront cart's session, when the cart was last made or changed (kept after it is
    /// paid): what decides which cart a full table drops. Nil for every other session.
    package internal(set) var cartLastUsed: Instant?
    /// The token of the customer signed in on this session (docs/customers.md#native): while it
    /// lives, orders paid here are theirs.
    package internal(set) var customerToken: String?

    /// A new, empty session.
    package init(name: String) {
        self.name = name
    }

    /// Equal when everything a client can see is equal (idempotency records by key).
    package static func == (lhs: ShopperSession, rhs: ShopperSession) -> Bool {
        lhs.name == rhs.name && lhs.recentSearches == rhs.recentSearches && lhs.cart == rhs.cart
            && lhs.favorites == rhs.favorites && lhs.favoritedAt == rhs.favoritedAt && lhs.scratchCards == rhs.scratchCards && lhs.orders == rhs.orders
            && lhs.payments == rhs.payments && lhs.idempotency.map(\.key) == rhs.idempotency.map(\.key)
    }

    /// The session's scratch card with `id`.
    package func scratchCard(id: String) -> ScratchCard? {
        scratchCards.first { $0.id == id }
    }

    /// How many of this session's paid orders used `code`.
    package func uses(ofOffer code: String) -> Int {
        orders.filter { order in order.discounts.contains { $0.source == .offer && $0.code == code } }.count
    }
}
