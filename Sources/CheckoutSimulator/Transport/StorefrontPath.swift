import CheckoutSimStorefront

/// The Storefront endpoint's paths, recognised one way by every transport (docs/storefront.md#the-endpoint):
/// `/api/VERSION/graphql.json` and `/api/VERSION/graphql` (Shopify answers both; the Buy SDK posts
/// to the second), and `/api/VERSION/schema.graphql`.
package enum StorefrontPath {
    /// What a Storefront path asks for.
    package enum Resource: Sendable {
        case graphQL, schema
    }

    /// The field naming the version that answered, on every Storefront answer (as Shopify sends it).
    package static func versionField(_ version: StorefrontAPIVersion) -> (String, String) {
        ("X-Shopify-API-Version", version.rawValue)
    }

    /// The version answering `path` and what it asks for, when `path` is exactly a Storefront path
    /// (the server's, a sandbox's prefix taken off).
    package static func parse(_ path: String) -> (StorefrontAPIVersion, Resource)? {
        guard path.hasPrefix("/") else { return nil }
        return parse(components: path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst())
    }

    /// The same for a path that ends with a Storefront path (a URL under a base the app chose:
    /// `https://shop.test/api/2025-01/graphql`).
    package static func parse(endOf path: String) -> (StorefrontAPIVersion, Resource)? {
        parse(components: path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).suffix(3))
    }

    private static func parse(components: ArraySlice<Substring.UTF8View>) -> (StorefrontAPIVersion, Resource)? {
        guard components.count == 3 else { return nil }
        let parts = components.map { Substring($0) }
        guard parts[0] == "api", let version = StorefrontAPIVersion(answering: parts[1]) else { return nil }
        switch parts[2] {
        case "graphql.json", "graphql": return (version, .graphQL)
        case "schema.graphql": return (version, .schema)
        default: return nil
        }
    }
}
