import CheckoutSimGraphQL

/// Shopify's calculated complexity of a Storefront request, as its published rules count it
/// (docs/storefront.md#cost), held to `tokenlessLimit` when the request has no access token.
/// Unlike `StorefrontCost`, it does not depend on the catalog: the same document has the same
/// complexity on every shop.
///
/// - A scalar or enum field costs nothing (the engine does not ask).
/// - An object costs 1; a mutation's root field 10.
/// - A connection (a field taking `first`/`last`) costs 2, plus its page size × what one item
///   selects; its `nodes` and `edges` count 1 an item.
/// - A list of objects costs 1 an object, and its selections once an object: `ids`/`identifiers`
///   given, else `StorefrontCost.listBound`.
package enum StorefrontComplexity {
    /// Shopify's limit for a request without an access token.
    package static let tokenlessLimit = 1_000

    static func price(type: String, field: String, arguments: JSONObject, returnsList: Bool, context: AnyObject?) -> FieldPrice {
        if let first = arguments["first"]?.intValue ?? arguments["last"]?.intValue {
            return FieldPrice(own: 2, times: max(0, first))
        }
        if type == "Mutation" { return FieldPrice(own: 10, times: 1) }
        guard returnsList else { return FieldPrice(own: 1, times: 1) }
        // A connection's items: its `first` already multiplies them.
        if type.hasSuffix("Connection"), field == "nodes" || field == "edges" { return FieldPrice(own: 1, times: 1) }
        let count = (arguments["ids"]?.arrayValue ?? arguments["identifiers"]?.arrayValue)?.count ?? StorefrontCost.listBound
        return FieldPrice(own: count, times: count)
    }
}
