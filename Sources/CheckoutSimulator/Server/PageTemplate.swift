import CheckoutSimGraphQL
import CheckoutSimSupport

/// A page compiled into the binary, with the places the server writes into. Every page marks
/// them one way, `<!--sim:NAME-->` (docs/http.md#pages): an HTML comment, so a page read as it is
/// shows nothing there. A shared part (a file of `Pages/`) is written in when the template is
/// made; what is left is cut once, so a request writes its values between the cut pieces instead
/// of searching the page again.
///
/// The shared parts: the presenter panel (`presenter`: levers, aimed faults, the live journal and
/// the export; the playground's Demo tab and the demo shop's side panel), the shop client
/// (`shop-client`: how the checkout and the demo shop send a bundled operation, say that the shop
/// could not answer, and build their DOM) and Checkout Sheet Kit's bridge (`kit-bridge`, the
/// checkout's).
struct PageTemplate {
    /// The literal bytes around the places: one more than `places`.
    private let pieces: [[UInt8]]
    /// The name at each place, in page order.
    let places: [String]

    private static let sharedParts = ["presenter": "Pages/presenter.html", "shop-client": "Pages/shop-client.html", "kit-bridge": "Pages/kit-bridge.html"]

    /// The embedded page at `path`, its shared parts written in.
    init(_ path: String) {
        self.init(text: Self.file(path))
    }

    init(text: String) {
        var pieces: [[UInt8]] = []
        var places: [String] = []
        var current: [UInt8] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<!--sim:"), let close = rest[open.upperBound...].range(of: "-->") {
            current += Array(rest[..<open.lowerBound].utf8)
            let name = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            if let part = Self.sharedParts[name] {
                // A shared part's own places (none today) would be written as literal text.
                current += Array(Self.file(part).utf8)
            } else {
                pieces.append(current)
                places.append(name)
                current = []
            }
        }
        pieces.append(current + Array(rest.utf8))
        self.pieces = pieces
        self.places = places
    }

    /// The page with `values` at their places (a place without a value is left empty).
    func written(_ values: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var page = pieces[0]
        for (index, name) in places.enumerated() {
            if let value = values.first(where: { $0.name == name }) { page += value.bytes }
            page += pieces[index + 1]
        }
        return page
    }

    private static func file(_ path: String) -> String {
        EmbeddedResources.files.first { $0.path == path }?.text ?? ""
    }
}

/// The one way a value is written into a page: text as HTML text, data as JSON whose every `<`
/// is written `\u003c` (the same string to JSON and to JavaScript), so nothing a shop, a URL or a
/// cart carries can close a `<script>` element or open a comment (`<!--`) that changes how the
/// page is parsed.
enum PageValue {
    /// `text` escaped for HTML text or an attribute.
    static func text(_ text: String) -> [UInt8] {
        Array(HTMLText.escaped(text).utf8)
    }

    /// `value` as JSON for a `<script>` (a `type="application/json"` block or a script's expression).
    static func json(_ value: JSON) -> [UInt8] {
        Array(jsonText(value).utf8)
    }

    /// `json` as a string, for a script written in Swift.
    static func jsonText(_ value: JSON) -> String {
        value.serialized().replacingOccurrences(of: "<", with: "\\u003c")
    }
}
