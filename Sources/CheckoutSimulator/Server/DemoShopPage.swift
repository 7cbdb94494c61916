import CheckoutSimSupport

/// The demo storefront (docs/demo-shop.md): `Pages/shop.html`, compiled into the binary, with the
/// store's name and the presenter panel written in. It reads nothing of a shop's state itself
/// (its script asks `graphql` for everything), so one page serves every sandbox.
enum DemoShopPage {
    /// The page for a store named `name`.
    static func page(storeName name: String) -> HTTPAnswer {
        let html = template.replacingOccurrences(of: "__SHOP_NAME__", with: HTMLText.escaped(name))
        return HTTPAnswer(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")], body: Array(html.utf8))
    }

    /// The page with its shared fragments written in once; only the name is written per request.
    private static let template = PageFragments.into(EmbeddedResources.files.first { $0.path == "Pages/shop.html" }?.text ?? "")
}
