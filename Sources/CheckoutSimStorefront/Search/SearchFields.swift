import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// `search`, `predictiveSearch`, `productRecommendations`, `productTypes` and `productTags`
/// (docs/storefront.md#search).
extension StorefrontBinding {
    static func searchFields(_ fields: inout ModeledFields) {
        fields.add("QueryRoot", "search") { call, context in
            let values = call.argumentValues
            let paging = try PagingArguments(call)
            let types = values["types"]?.arrayValue?.compactMap(\.stringValue) ?? ["PRODUCT"]
            guard types.contains("PRODUCT") else {
                return .object(ConnectionPage(nodes: [], cursor: { _ in "" }, hasNextPage: false, hasPreviousPage: false, totalCount: 0))
            }
            var text = values["query"]?.stringValue ?? ""
            // `prefix: LAST` (Shopify's default for search-as-you-type) reads the last word as a prefix.
            if values["prefix"]?.stringValue == "LAST", let last = text.last, last.isLetter || last.isNumber { text += "*" }
            var base = ProductFilter()
            let query = SearchQuery(text)
            if query.root != nil { base.positions = query.mask(context) }
            let filters = ProductFilterInput.list(values["productFilters"], currency: context.currency)
            var filter = base
            var mask = context.mask(base: base, filters: filters)
            if values["unavailableProducts"]?.stringValue == "HIDE" {
                for position in mask.indices where context.inventory.stock(at: position) <= 0 { mask[position] = false }
            }
            filter.positions = mask
            let (order, reversed) = values["sortKey"]?.stringValue == "PRICE" ? (ProductOrder.priceAscending, paging.reverse) : (.featured, paging.reverse)
            let page = try context.productPage(paging, order: order, reversed: reversed, filter: filter, list: "search")
            let product = try call.executedSchema.typeIndex["Product"].orNoValue()
            page.nodes = page.nodes.map { .typed(type: product, $0) }
            page.facets = { context.facets(base: base, filters: filters) }
            return .object(page)
        }
        fields.add("QueryRoot", "predictiveSearch") { call, context in
            let values = call.argumentValues
            let limit = min(max(values["limit"]?.intValue ?? 10, 1), 10)
            // Read as `search` reads its query: the first 4,096 bytes, the rest ignored. Each
            // product's title words are compared with each typed word, so the work is bounded by
            // the catalog times these bytes (a word of 100,000 combining accents took seconds).
            let text = SearchQuery.readable(values["query"]?.stringValue ?? "").lowercased()
            let types = values["types"]?.arrayValue?.compactMap(\.stringValue) ?? ["PRODUCT", "COLLECTION", "QUERY", "PAGE", "ARTICLE"]
            return .object(PredictiveResult(context.predictive(text, limit: limit, types: types)))
        }
        fields.add("PredictiveSearchResult", "products") { call, _ in .list(try call.parent(PredictiveResult.self).value.products.map(Resolved.integer)) }
        fields.add("PredictiveSearchResult", "collections") { call, _ in .list(try call.parent(PredictiveResult.self).value.collections.map { .object($0) }) }
        fields.add("PredictiveSearchResult", "queries") { call, _ in .list(try call.parent(PredictiveResult.self).value.queries.map { .object($0) }) }
        fields.add("SearchQuerySuggestion", "text") { call, _ in .string(try call.parent(QuerySuggestion.self).text) }
        fields.add("SearchQuerySuggestion", "styledText") { call, _ in .string(try call.parent(QuerySuggestion.self).styledText) }
        fields.add("QueryRoot", "productRecommendations") { call, context in
            let values = call.argumentValues
            let position = values["productId"]?.stringValue.flatMap(context.productPosition(id:))
                ?? values["productHandle"]?.stringValue.flatMap { context.shop.catalog.position(of: $0) }
            guard let position else { return .null }
            return .list(context.recommendations(for: position, complementary: values["intent"]?.stringValue == "COMPLEMENTARY").map(Resolved.integer))
        }
        fields.add("QueryRoot", "productTypes") { call, context in
            try stringConnection(context.categories, call: call, list: "product-types")
        }
        fields.add("QueryRoot", "productTags") { call, context in
            let tags = Set(context.shop.catalog.products.flatMap { [$0.model] + ($0.attribute.map { [$0] } ?? []) })
            return try stringConnection(tags.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, call: call, list: "product-tags")
        }
    }

    /// A `StringConnection` of `values` (`first` required and at most 250, as on Shopify).
    private static func stringConnection(_ values: [String], call: FieldCall, list: String) throws(FieldError) -> Resolved {
        .object(try PagingArguments(call).page(of: values.map(Resolved.string), keys: values, list: list))
    }
}

/// What a predictive search found.
struct PredictiveResult {
    let value: (products: [Int], collections: [CollectionRef], queries: [QuerySuggestion])

    init(_ value: (products: [Int], collections: [CollectionRef], queries: [QuerySuggestion])) {
        self.value = value
    }
}

/// A query a predictive search suggests: the text, and the text with what was typed marked.
struct QuerySuggestion {
    let text: String
    let styledText: String
}

extension StorefrontContext {
    /// Products whose title has a word starting with each typed word, in featured order; the
    /// collections whose title does; and the titles' matching words as query suggestions.
    func predictive(_ text: String, limit: Int, types: [String]) -> (products: [Int], collections: [CollectionRef], queries: [QuerySuggestion]) {
        let typedWords = SearchQuery.words(of: text)
        let typed = typedWords.map { Array($0.utf8) }
        guard let lastTyped = typedWords.last, let last = typed.last else { return ([], [], []) }
        func matches(_ words: WordList, among limit: Int = .max) -> Bool {
            typed.allSatisfy { words.contains($0, prefix: true, among: limit) }
        }
        // Products' title words are kept across requests; the pages stop at `limit` found.
        let texts = rows.searchTexts(of: shop.catalog)
        let featured = shop.catalog.indexes(for: .featured)
        let products = types.contains("PRODUCT") ? Array(featured.lazy.filter { matches(texts[$0].words, among: texts[$0].titleWordCount) }.prefix(limit)) : []
        let collections = types.contains("COLLECTION")
            ? Array(self.collections.lazy.filter { matches(WordList(self.title(of: $0).lowercased())) }.prefix(limit)) : []
        var queries: [QuerySuggestion] = []
        if types.contains("QUERY") {
            var seen: Set<String> = []
            let prefix = typedWords.dropLast().joined(separator: " ")
            for position in featured where matches(texts[position].words, among: texts[position].titleWordCount) {
                let words = texts[position].words
                for index in 0..<texts[position].titleWordCount where words[index].starts(with: last) {
                    let word = String(decoding: words[index], as: UTF8.self)
                    let suggestion = prefix.isEmpty ? word : prefix + " " + word
                    guard seen.insert(suggestion).inserted else { continue }
                    let typedText = prefix.isEmpty ? String(lastTyped) : prefix + " " + lastTyped
                    let rest = suggestion.dropFirst(typedText.count)
                    queries.append(QuerySuggestion(text: suggestion, styledText: HTMLText.escaped(typedText) + "<mark>" + HTMLText.escaped(String(rest)) + "</mark>"))
                }
                if queries.count >= limit { break }
            }
        }
        return (products, collections, Array(queries.prefix(limit)))
    }

    /// Up to ten products like the one at `position`, in featured order: for `RELATED`, its type's
    /// from other brands first, then its brand's; for `COMPLEMENTARY`, its brand's of other types.
    func recommendations(for position: Int, complementary: Bool) -> [Int] {
        let catalog = shop.catalog
        guard let product = catalog.product(at: position) else { return [] }
        let featured = catalog.indexes(for: .featured).filter { $0 != position }
        let found: [Int]
        if complementary {
            found = featured.filter { catalog.products[$0].brandId == product.brandId && catalog.products[$0].category != product.category }
        } else {
            let sameType = featured.filter { catalog.products[$0].category == product.category && catalog.products[$0].brandId != product.brandId }
            let sameBrand = featured.filter { catalog.products[$0].brandId == product.brandId && catalog.products[$0].category == product.category }
            found = sameType + sameBrand
        }
        return Array(found.prefix(10))
    }
}
