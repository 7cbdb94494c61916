import CheckoutSimSupport

/// The demo storefront (docs/demo-shop.md): `Pages/shop.html`, compiled into the binary, with the
/// store's name (its `shop-name` places), the bundled operations it sends and the presenter panel
/// written in (`PageTemplate`). It reads nothing of a shop's state itself (its script asks
/// `graphql` for everything), so one page serves every sandbox.
enum DemoShopPage {
    /// The bundled operations the page sends, by name (the presenter panel aims faults at them).
    static let operationNames = [
        "Brands", "Offers", "BrandSections", "Products", "ProductDetail", "Cart", "ScratchCards", "AddToCart", "UpdateCartLine",
        "RemoveFromCart", "ApplyOffer", "RemoveOffer", "RevealScratchCard", "ApplyScratchCard", "RemoveScratchCard", "Me", "SignIn", "SignOut",
    ]

    /// The page for a store named `name`; the operations are the bundled ones, the same for every shop.
    static func page(storeName name: String, simulator: Simulator) -> HTTPAnswer {
        if let kept = written.withLock({ $0 }), kept.name == name { return kept.answer }
        let answer = HTTPAnswer(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
            body: template.written([
                ("shop-name", PageValue.text(name)), ("shop-operations", PageValue.json(PageOperations.json(operationNames, simulator: simulator))),
            ]))
        written.withLock { $0 = (name, answer) }
        return answer
    }

    /// The page last written and its store's name: every sandbox of a server has the same, so
    /// the page is written once, not for each request (a client pipelining `GET /shop` had it
    /// written for every one).
    private static let written = Locked<(name: String, answer: HTTPAnswer)?>(nil)

    /// The page with its shared parts written in once; only the name is written per request.
    static let template = PageTemplate("Pages/shop.html")
}
