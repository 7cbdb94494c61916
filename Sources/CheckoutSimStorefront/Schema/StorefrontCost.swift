import CheckoutSimGraphQL

/// The Storefront dialect's cost rule (docs/limits.md#the-cost-rule), in the shop's unit: catalog
/// entries looked at, or objects written. The engine multiplies each field's selections by its
/// `times` through every level, so page sizes multiply down nested connections.
///
/// - Every object (or list of objects) costs 1 of its own; a connection or list is written
///   `first` (or `last`) times (its `nodes` and `edges` once more: they are that page),
///   `nodes(ids:)` and `metafields(identifiers:)` once per id, any other list of objects up to
///   `listBound` times.
/// - A field that scans costs what it scans, whatever it prints: `products` and `search`, the
///   catalog × (1 + the query's words + the filters); `predictiveSearch`, the catalog × (1 + the
///   typed words) and the collections; a collection's `products` with `filters`, the catalog ×
///   (1 + the filters) (a collection holds at most the catalog); facets (`ProductConnection.filters`),
///   the catalog × 4; `collections` (the root's, a product's), `productRecommendations`,
///   `productTypes` and `productTags`, the collections or the catalog.
///
/// A request over `RequestLimits.maxCost` is refused before it runs; the measurements behind
/// the limit are in docs/limits.md.
enum StorefrontCost {
    /// How many times a list of objects without a page size is counted: Shopify's own lists of
    /// that kind (options, selected options, discount allocations) hold a few.
    static let listBound = 10

    static func price(type: String, field: String, arguments: JSONObject, returnsList: Bool, context: AnyObject?) -> FieldPrice {
        guard let context = context as? StorefrontContext else { return FieldPrice() }
        let catalog = context.shop.catalog.products.count
        var times = 1
        if let first = arguments["first"]?.intValue ?? arguments["last"]?.intValue {
            times = max(0, first)
        } else if let ids = arguments["ids"]?.arrayValue ?? arguments["identifiers"]?.arrayValue {
            times = ids.count
        } else if returnsList, !type.hasSuffix("Connection") {
            // A connection's `nodes` and `edges` are its page, counted by the connection's `first`.
            times = listBound
        }
        var own = 1
        switch (type, field) {
        case ("QueryRoot", "products"), ("QueryRoot", "search"):
            own = scan(catalog, words(arguments["query"]) + filters(arguments["productFilters"]))
        case ("QueryRoot", "predictiveSearch"):
            own = scan(catalog, words(arguments["query"])) &+ context.collections.count
            times = min(max(arguments["limit"]?.intValue ?? 10, 1), 10)
        case ("Collection", "products"):
            let filtering = filters(arguments["filters"])
            own = filtering > 0 ? scan(catalog, filtering) : 1
        case ("ProductConnection", "filters"), ("SearchResultItemConnection", "productFilters"):
            own = scan(catalog, 3)
        case ("QueryRoot", "collections"), ("Product", "collections"):
            own = context.collections.count
        case ("QueryRoot", "productRecommendations"), ("QueryRoot", "productTypes"), ("QueryRoot", "productTags"):
            own = catalog
        default:
            break
        }
        return FieldPrice(own: own, times: times)
    }

    /// `entries × (1 + passes)`, saturating.
    static func scan(_ entries: Int, _ passes: Int) -> Int {
        let (product, overflow) = entries.multipliedReportingOverflow(by: 1 + passes)
        return overflow ? .max : product
    }

    /// The words of a search text, as far as a query is read (`SearchQuery.maxBytes`).
    static func words(_ value: JSON?) -> Int {
        guard let text = value?.stringValue else { return 0 }
        return SearchQuery.words(of: SearchQuery.readable(text)).count
    }

    static func filters(_ value: JSON?) -> Int {
        value?.arrayValue?.count ?? 0
    }
}
