/// What one shopper's session holds. Grows with the cart, favorites, cards and orders.
public struct ShopperSession: Sendable, Equatable {
    public let name: String
    public var recentSearches = RecentSearches()

    public init(name: String) {
        self.name = name
    }
}
