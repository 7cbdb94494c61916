/// The parts the server's pages share, each one file in `Pages/` written into a page where its
/// marker stands: the presenter panel (`<!--__PRESENTER__-->`: levers, aimed faults, the live
/// journal and the export; the playground's Demo tab and the demo shop's side panel) and the
/// shop client (`<!--__SHOP_CLIENT__-->`: how the checkout and the demo shop send an operation,
/// say that the shop could not answer, and build their DOM), and Checkout Sheet Kit's bridge
/// (`<!--__KIT_BRIDGE__-->`, the checkout's).
enum PageFragments {
    private static let fragments: [(marker: String, text: String)] = [
        ("<!--__PRESENTER__-->", file("Pages/presenter.html")),
        ("<!--__SHOP_CLIENT__-->", file("Pages/shop-client.html")),
        ("<!--__KIT_BRIDGE__-->", file("Pages/kit-bridge.html")),
    ]

    private static func file(_ path: String) -> String {
        EmbeddedResources.files.first { $0.path == path }?.text ?? ""
    }

    /// `page` with each fragment in place of its marker (a page without a marker is unchanged).
    static func into(_ page: String) -> String {
        fragments.reduce(page) { page, fragment in page.replacingOccurrences(of: fragment.marker, with: fragment.text) }
    }
}
