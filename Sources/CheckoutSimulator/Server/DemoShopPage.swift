import CheckoutSimSupport

/// The demo storefront (docs/demo-shop.md): `Pages/shop.html`, compiled into the binary, with the
/// store's name and the presenter panel written in. It reads nothing of a shop's state itself
/// (its script asks `graphql` for everything), so one page serves every sandbox.
enum DemoShopPage {
    /// The page for a store named `name`.
    static func page(storeName name: String) -> HTTPAnswer {
        if let kept = written.withLock({ $0 }), kept.name == name { return kept.answer }
        let html = template.replacingOccurrences(of: "__SHOP_NAME__", with: HTMLText.escaped(name))
        let answer = HTTPAnswer(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")], body: Array(html.utf8))
        written.withLock { $0 = (name, answer) }
        return answer
    }

    /// The page last written and its store's name: every sandbox of a server has the same, so
    /// the page is written once, not for each request (a client pipelining `GET /shop` had it
    /// written for every one).
    private static let written = Locked<(name: String, answer: HTTPAnswer)?>(nil)

    /// The page with its shared fragments written in once; only the name is written per request.
    private static let template = PageFragments.into(EmbeddedResources.files.first { $0.path == "Pages/shop.html" }?.text ?? "")
}
