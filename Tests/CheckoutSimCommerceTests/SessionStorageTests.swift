import Testing
@testable import CheckoutSimCommerce

/// Sessions live in slots found by name, the last name found remembered (`Shop.slot(of:)`):
/// reads and changes that alternate between sessions each reach their own, a snapshot keeps its
/// sessions as they were, and the session bound holds.
struct SessionStorageTests {
    @Test func alternatingSessionsEachReachTheirOwn() throws {
        var shop = TestShop.make()
        let made = (shop.touchSession("ann"), shop.touchSession("bob"))
        #expect(made == (true, true))
        try shop.addFavorite(productId: "rug", session: "ann")
        try shop.addToCart(productId: "lamp", quantity: 2, session: "bob")
        for _ in 0..<3 {
            let favorites = (shop.isFavorite("rug", session: "ann"), shop.isFavorite("rug", session: "bob"))
            let quantities = (shop.quantityInCart("lamp", session: "bob"), shop.quantityInCart("lamp", session: "ann"))
            #expect(favorites == (true, false))
            #expect(quantities == (2, 0))
        }
        // A change to one session after reads of the other lands on the one it names.
        try shop.addToCart(productId: "rug", quantity: 1, session: "ann")
        let rugs = (shop.quantityInCart("rug", session: "ann"), shop.quantityInCart("rug", session: "bob"))
        #expect(rugs == (1, 0))
        #expect(shop.shopper(named: "bob").cart.lines == [CartLine(productId: "lamp", quantity: 2)])
        // A session never touched reads as empty and is not made by reading.
        let untouched = shop.isFavorite("rug", session: "cy")
        #expect(!untouched)
        #expect(shop.sessionCount == 2)
    }

    @Test func aCopyKeepsItsSessionsAsTheyWere() throws {
        var shop = TestShop.make()
        try shop.addFavorite(productId: "rug", session: "ann")
        var kept = shop
        try shop.removeFavorite(productId: "rug", session: "ann")
        try shop.addFavorite(productId: "lamp", session: "bob")
        let now = (shop.isFavorite("rug", session: "ann"), shop.isFavorite("lamp", session: "bob"))
        let then = (kept.isFavorite("rug", session: "ann"), kept.isFavorite("lamp", session: "bob"))
        #expect(now == (false, true))
        #expect(then == (true, false))
        #expect(kept.sessionCount == 1 && shop.sessionCount == 2)
    }

    @Test func newSessionsPastTheBoundAreRefused() {
        var shop = TestShop.make()
        shop.maxSessions = 2
        let touched = [shop.touchSession("ann"), shop.touchSession("bob"), shop.touchSession("cy"), shop.touchSession("ann")]
        #expect(touched == [true, true, false, true])
        #expect(shop.sessionCount == 2)
    }
}
