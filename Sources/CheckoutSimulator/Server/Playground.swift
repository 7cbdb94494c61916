import CheckoutSimGraphQL

/// The playground page `GET /` serves: one self-contained HTML file, `Playground/index.html`,
/// compiled into the binary (no CDN, fonts or scripts from elsewhere).
enum Playground {
    /// The page with the bundled operations in place of its `__BUNDLED_OPERATIONS__` marker, so
    /// its examples arrive with it in one request, and the presenter panel in its Demo tab.
    static let page: [UInt8] = {
        let template = EmbeddedResources.files.first { $0.path == "Playground/index.html" }?.text ?? ""
        return Array(PageFragments.into(template.replacingOccurrences(of: "__BUNDLED_OPERATIONS__", with: examplesJSON)).utf8)
    }()

    /// `[{"file": "Cart.graphql", "text": "…"}, …]` in path order; `</` is written `<\/` (the same
    /// string to JSON) so no operation text can close the `<script>` element it sits in.
    private static var examplesJSON: String {
        let files = BundledOperations.files.map { file -> JSON in
            var object = JSONObject()
            object["file"] = .string(String(file.path.split(separator: "/").last ?? ""))
            object["text"] = .string(file.text)
            return .object(object)
        }
        return JSON.array(files).serialized().replacingOccurrences(of: "</", with: "<\\/")
    }
}
