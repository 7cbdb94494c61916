import CheckoutSimGraphQL

/// The playground page `GET /` serves: one self-contained HTML file, `Playground/index.html`,
/// compiled into the binary (no CDN, fonts or scripts from elsewhere).
enum Playground {
    static let template = PageTemplate("Playground/index.html")

    /// The page with the bundled operations at its `bundled-operations` place, so its examples
    /// arrive with it in one request, and the presenter panel in its Demo tab.
    static let page: [UInt8] = template.written([("bundled-operations", PageValue.json(examples))])

    /// `[{"file": "Cart.graphql", "text": "…"}, …]` in path order.
    private static var examples: JSON {
        .array(BundledOperations.files.map { file -> JSON in
            var object = JSONObject()
            object["file"] = .string(String(file.path.split(separator: "/").last ?? ""))
            object["text"] = .string(file.text)
            return .object(object)
        })
    }
}
