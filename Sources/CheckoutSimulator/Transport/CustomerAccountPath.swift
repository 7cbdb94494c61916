import CheckoutSimGraphQL
import CheckoutSimSupport

/// The Customer Account API's endpoint paths, recognised one way by every transport
/// (docs/customers.md#customer-accounts): `/account/customer/api/VERSION/graphql`, and the same
/// under a shop id as Shopify's own URLs have it (`/SHOP_ID/account/customer/api/VERSION/graphql`,
/// what the redirecting URL protocol forwards `https://shopify.com/SHOP_ID/…` to). Every version
/// (`YYYY-MM` or `unstable`) is answered by the bundled schema.
enum CustomerAccountPath {
    static let patterns = ["/account/customer/api/{version}/graphql", "/{shop}/account/customer/api/{version}/graphql"]
    static let accepts: [String: @Sendable (Substring) -> Bool] = ["version": isVersion]

    private static let table: RouteTable<Bool> = {
        var table = RouteTable<Bool>()
        for pattern in patterns { table.add(pattern, accepts: accepts, true) }
        return table
    }()

    /// `YYYY-MM` or `unstable`.
    static func isVersion(_ text: Substring) -> Bool {
        if text == "unstable" { return true }
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[4] == UInt8(ascii: "-") && bytes.indices.allSatisfy { $0 == 4 || (0x30...0x39).contains(bytes[$0]) }
    }

    /// Whether `path` ends with a Customer Account API endpoint (a URL under any base).
    static func matches(endOf path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for count in [5, 6] where parts.count > count {
            if table.match("/" + parts.suffix(count).joined(separator: "/")) != nil { return true }
        }
        return false
    }

    /// The access token an `Authorization` field carries: the field itself, `Bearer ` taken off
    /// when given (Shopify takes both); nil for none or an empty one.
    static func accessToken(fromAuthorization field: String?) -> String? {
        guard var token = field?.trimmingCharacters(in: .whitespaces), !token.isEmpty else { return nil }
        if token.lowercased().hasPrefix("bearer ") { token = String(token.dropFirst(7)).trimmingCharacters(in: .whitespaces) }
        return token.isEmpty ? nil : token
    }
}

extension GraphQLError.Code {
    /// A Customer Account API request without a live access token (HTTP 401).
    static let unauthorized = GraphQLError.Code(rawValue: "UNAUTHORIZED")
}
