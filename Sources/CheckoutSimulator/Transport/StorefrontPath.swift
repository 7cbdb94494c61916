import CheckoutSimStorefront

/// The Storefront endpoint's paths, recognised one way by every transport (docs/storefront.md#the-endpoint):
/// `/api/VERSION/graphql.json` and `/api/VERSION/graphql` (Shopify answers both; the Buy SDK posts
/// to the second), and `/api/VERSION/schema.graphql`. They are route patterns: the server's table
/// adds these (`SimulatorServer.addStorefrontRoutes`), and `parse` matches the same ones.
package enum StorefrontPath {
    /// What a Storefront path asks for.
    package enum Resource: Sendable {
        case graphQL, schema
    }

    /// The patterns, what each asks for, and the check of their `{version}`: one
    /// `StorefrontAPIVersion(answering:)` answers.
    static let patterns: [(pattern: String, resource: Resource)] = [
        ("/api/{version}/graphql.json", .graphQL), ("/api/{version}/graphql", .graphQL), ("/api/{version}/schema.graphql", .schema),
    ]
    static let accepts: [String: @Sendable (Substring) -> Bool] = ["version": { StorefrontAPIVersion(answering: $0) != nil }]

    private static let table: RouteTable<Resource> = {
        var table = RouteTable<Resource>()
        for (pattern, resource) in patterns { table.add(pattern, accepts: accepts, resource) }
        return table
    }()

    /// The version a Storefront route's match names.
    static func version(of match: RouteTable<some Sendable>.Match) -> StorefrontAPIVersion {
        match.value("version").flatMap { StorefrontAPIVersion(answering: $0) } ?? .newest
    }

    /// The field naming the version that answered, on every Storefront answer (as Shopify sends it).
    package static func versionField(_ version: StorefrontAPIVersion) -> (String, String) {
        ("X-Shopify-API-Version", version.rawValue)
    }

    /// The version answering `path` and what it asks for, when `path` is exactly a Storefront path
    /// (the server's, a sandbox's prefix taken off).
    package static func parse(_ path: String) -> (StorefrontAPIVersion, Resource)? {
        guard let match = table.match(path) else { return nil }
        return (version(of: match), match.route)
    }

    /// The same for a path that ends with a Storefront path (a URL under a base the app chose:
    /// `https://shop.test/api/2025-01/graphql`): its last three segments.
    package static func parse(endOf path: String) -> (StorefrontAPIVersion, Resource)? {
        let last = path.split(separator: "/", omittingEmptySubsequences: false).suffix(3)
        guard last.count == 3 else { return nil }
        return parse("/" + last.joined(separator: "/"))
    }
}
