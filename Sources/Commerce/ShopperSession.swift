/// What one shopper's session holds: cart, favorites, scratch cards, orders, payments,
/// idempotency records and recent searches.
public struct ShopperSession: Sendable, Equatable {
    public let name: String
    public var recentSearches = RecentSearches()
    public internal(set) var cart = Cart()
    /// Product ids, newest first.
    public internal(set) var favorites: [String] = []
    public internal(set) var scratchCards: [ScratchCard] = []
    /// Oldest first.
    public internal(set) var orders: [Order] = []
    public internal(set) var payments: [Payment] = []
    var idempotency: [(key: String, input: CheckoutInput, outcome: CheckoutOutcome)] = []

    public init(name: String) {
        self.name = name
    }

    public static func == (lhs: ShopperSession, rhs: ShopperSession) -> Bool {
        lhs.name == rhs.name && lhs.recentSearches == rhs.recentSearches && lhs.cart == rhs.cart
            && lhs.favorites == rhs.favorites && lhs.scratchCards == rhs.scratchCards && lhs.orders == rhs.orders
            && lhs.payments == rhs.payments && lhs.idempotency.map(\.key) == rhs.idempotency.map(\.key)
    }

    public func scratchCard(id: String) -> ScratchCard? {
        scratchCards.first { $0.id == id }
    }

    /// How many of this session's paid orders used `code`.
    public func uses(ofOffer code: String) -> Int {
        orders.filter { order in order.discounts.contains { $0.source == .offer && $0.code == code } }.count
    }
}
