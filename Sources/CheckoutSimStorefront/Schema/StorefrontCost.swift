import CheckoutSimGraphQL

/// The Storefront dialect's cost rule (docs/limits.md#the-cost-rule), in the shop's unit: catalog
/// entries looked at, or objects written. The engine multiplies each field's selections by its
/// `times` through every level, so page sizes multiply down nested connections.
///
/// - Every object (or list of objects) costs 1 of its own; a connection or list is written
///   `first` (or `last`) times (its `nodes` and `edges` once more: they are that page),
///   `nodes(ids:)` and `metafields(identifiers:)` once per id, any other list of objects up to
///   `listBound` times.
/// - A field that scans costs what it scans, whatever it prints, weighted by what looking at an
///   entry costs: `products` and `search` with a query or filters, the catalog ×
///   (`searchWeight` + the words and filters × `searchWordWeight`) (a page without either reads a
///   kept order: 1); `predictiveSearch`, the same for its typed words, and the collections; a collection's
///   `products` with `filters`, the catalog × (1 + the filters) × `filterWeight` (a collection
///   holds at most the catalog); facets (`ProductConnection.filters`), the catalog × 4 ×
///   `facetWeight` + `facetCall`; `collections` (the root's, a product's), `productRecommendations`,
///   `productTypes` and `productTags`, the collections or the catalog.
///
/// A request over `RequestLimits.maxCost` is refused before it runs (`QUERY_TOO_COMPLEX`); the
/// measurements behind the limit are in docs/limits.md. Shopify's own complexity, for requests
/// without a token, is `StorefrontComplexity`'s.
enum StorefrontCost {
    /// How many times a list of objects without a page size is counted: Shopify's own lists of
    /// that kind (options, selected options, discount allocations) hold a few.
    static let listBound = 10

    /// What looking at one catalog entry costs each kind of scan, in the native shop's unit (an
    /// entry of its scans, some 12 ns), measured on 100,000 products: a text search reads each
    /// product's kept words (`SearchQuery.ProductText`), some 30–90 ns a product and 25–45 ns
    /// more a term when the terms rule nothing out (16 alternatives of a prefix no word has);
    /// the first search after the catalog changes makes the kept words, some 2 µs a product,
    /// once. A facet count costs some 7 native entries, a filter some 2. Weighted so, the
    /// costliest admitted request ran inside 0.25 s there (docs/limits.md).
    static let searchWeight = 20
    static let searchWordWeight = 4
    static let facetWeight = 8
    /// What one facet count costs besides its entries (its groups and labels): some 24 µs a call
    /// on the bundled catalog, where the entries are few (found by the `cost` fuzz target).
    static let facetCall = 2_000
    static let filterWeight = 2

    static func price(type: String, field: String, arguments: JSONObject, returnsList: Bool, context: AnyObject?) -> FieldPrice {
        // The executor refuses a context of another class before anything is priced (the schema
        // is built with `contextType: StorefrontContext.self`), so no runtime cast is needed.
        guard let given = context else { return FieldPrice() }
        let context = unsafeDowncast(given, to: StorefrontContext.self)
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
            // Without a query or filters a page is read from a kept order, not scanned.
            let terms = words(arguments["query"]) + filters(arguments["productFilters"])
            own = terms > 0 ? textScan(catalog, terms) : 1
        case ("QueryRoot", "predictiveSearch"):
            let (sum, overflow) = textScan(catalog, words(arguments["query"])).addingReportingOverflow(context.collections.count)
            own = overflow ? .max : sum
            times = min(max(arguments["limit"]?.intValue ?? 10, 1), 10)
        case ("Collection", "products"):
            let filtering = filters(arguments["filters"])
            own = filtering > 0 ? scan(catalog, filtering, weight: filterWeight) : 1
        case ("ProductConnection", "filters"), ("SearchResultItemConnection", "productFilters"):
            let (sum, overflow) = scan(catalog, 3, weight: facetWeight).addingReportingOverflow(facetCall)
            own = overflow ? .max : sum
        case ("QueryRoot", "collections"), ("Product", "collections"):
            own = context.collections.count
        case ("QueryRoot", "productRecommendations"), ("QueryRoot", "productTypes"), ("QueryRoot", "productTags"):
            own = catalog
        default:
            break
        }
        return FieldPrice(own: own, times: times)
    }

    /// A text search over `entries`: `entries × (searchWeight + terms × searchWordWeight)`, saturating.
    static func textScan(_ entries: Int, _ terms: Int) -> Int {
        let (perEntry, overflowed) = terms.multipliedReportingOverflow(by: searchWordWeight)
        let (product, overflow) = entries.multipliedReportingOverflow(by: searchWeight &+ min(perEntry, Int.max / 2))
        return overflow || overflowed ? .max : product
    }

    /// `entries × (1 + passes) × weight`, saturating.
    static func scan(_ entries: Int, _ passes: Int, weight: Int) -> Int {
        let (perEntry, overflowed) = (1 + passes).multipliedReportingOverflow(by: weight)
        let (product, overflow) = entries.multipliedReportingOverflow(by: perEntry)
        return overflow || overflowed ? .max : product
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
