import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// `search`, `predictiveSearch`, `productRecommendations`, `productTypes` and `productTags`
/// (docs/storefront.md#search).
/// `search`'s arguments.
struct SearchArguments: StorefrontArguments {
    private static let query = ArgumentKey<String>("query", .nonNull(.string))
    private static let types = ArgumentKey<[String]?>("types", .list(.nonNull(.text("SearchType"))))
    private static let prefix = ArgumentKey<String?>("prefix", .text("SearchPrefixQueryType"))
    private static let productFilters = ArgumentKey<JSON?>("productFilters", .data("[ProductFilter!]"))
    private static let unavailableProducts = ArgumentKey<String?>("unavailableProducts", .text("SearchUnavailableProductsType"))
    private static let sortKey = ArgumentKey<String?>("sortKey", .text("SearchSortKeys"))
    static let arguments = PagingArguments.arguments + [
        query.declaration, types.declaration, prefix.declaration, unavailableProducts.declaration, sortKey.declaration, productFilters.declaration,
    ]
    static let argumentsIfDeclared = PagingArguments.argumentsIfDeclared

    let paging: PagingArguments
    let query: String
    let types: [String]?
    let prefix: String?
    let productFilters: JSON?
    let unavailableProducts: String?
    let sortKey: String?

    init(_ call: borrowing FieldCall) throws(FieldError) {
        paging = try PagingArguments(call)
        let values = ArgumentValues.of(call)
        query = try values[Self.query]
        types = try values[Self.types]
        prefix = try values[Self.prefix]
        productFilters = try values[Self.productFilters]
        unavailableProducts = try values[Self.unavailableProducts]
        sortKey = try values[Self.sortKey]
    }
}

/// `predictiveSearch`'s arguments.
struct PredictiveSearchArguments: StorefrontArguments {
    private static let query = ArgumentKey<String>("query", .nonNull(.string))
    private static let limit = ArgumentKey<Int?>("limit", .int)
    private static let types = ArgumentKey<[String]?>("types", .list(.nonNull(.text("PredictiveSearchType"))))
    static let arguments = [query.declaration, limit.declaration, types.declaration]

    let query: String
    let limit: Int?
    let types: [String]?

    init(_ call: borrowing FieldCall) throws(FieldError) {
        let values = ArgumentValues.of(call)
        query = try values[Self.query]
        limit = try values[Self.limit]
        types = try values[Self.types]
    }
}

/// `productRecommendations`'s arguments.
struct RecommendationArguments: StorefrontArguments {
    private static let productId = ArgumentKey<String?>("productId", .id)
    private static let productHandle = ArgumentKey<String?>("productHandle", .string)
    private static let intent = ArgumentKey<String?>("intent", .text("ProductRecommendationIntent"))
    static let arguments = [productId.declaration, productHandle.declaration, intent.declaration]

    let productId: String?
    let productHandle: String?
    let intent: String?

    init(_ call: borrowing FieldCall) throws(FieldError) {
        let values = ArgumentValues.of(call)
        productId = try values[Self.productId]
        productHandle = try values[Self.productHandle]
        intent = try values[Self.intent]
    }
}

extension StorefrontBinding {
    static func searchFields(_ fields: inout ModeledFields) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("search", SearchArguments.self) { _, arguments, context in
                let paging = arguments.paging
                guard (arguments.types ?? ["PRODUCT"]).contains("PRODUCT") else {
                    return ConnectionPage(nodes: [], cursor: { _ in "" }, hasNextPage: false, hasPreviousPage: false, totalCount: 0)
                }
                var text = arguments.query
                // `prefix: LAST` (Shopify's default for search-as-you-type) reads the last word as a prefix.
                if arguments.prefix == "LAST", let last = text.last, last.isLetter || last.isNumber { text += "*" }
                var base = ProductFilter()
                let query = SearchQuery(text)
                if query.root != nil { base.positions = query.mask(context) }
                let filters = ProductFilterInput.list(arguments.productFilters, currency: context.currency)
                var filter = base
                var mask = context.mask(base: base, filters: filters)
                if arguments.unavailableProducts == "HIDE" {
                    for position in mask.indices where context.inventory.stock(at: position) <= 0 { mask[position] = false }
                }
                filter.positions = mask
                let (order, reversed) = arguments.sortKey == "PRICE" ? (ProductOrder.priceAscending, paging.reverse) : (.featured, paging.reverse)
                // A search lists `SearchResultItem`s: each names its type.
                let page = try context.productPage(paging, order: order, reversed: reversed, filter: filter, list: "search", asMembers: true)
                page.facets = { context.facets(base: base, filters: filters) }
                return page
            }
            root.field("predictiveSearch", PredictiveSearchArguments.self) { _, arguments, context in
                let limit = min(max(arguments.limit ?? 10, 1), 10)
                // Read as `search` reads its query: the first 4,096 bytes, the rest ignored. Each
                // product's title words are compared with each typed word, so the work is bounded by
                // the catalog times these bytes (a word of 100,000 combining accents took seconds).
                let text = SearchQuery.readable(arguments.query).lowercased()
                let types = arguments.types ?? ["PRODUCT", "COLLECTION", "QUERY", "PAGE", "ARTICLE"]
                return PredictiveResult(context.predictive(text, limit: limit, types: types))
            }
            root.field("productRecommendations", RecommendationArguments.self) { _, arguments, context in
                let position = arguments.productId.flatMap(context.productPosition(id:))
                    ?? arguments.productHandle.flatMap { context.shop.catalog.position(of: $0) }
                guard let position else { return [ProductRef]?.none }
                return context.recommendations(for: position, complementary: arguments.intent == "COMPLEMENTARY").map { ProductRef($0) }
            }
            root.field("productTypes", PagingArguments.self) { _, paging, context in
                try paging.page(of: context.categories.map(Resolved.string), keys: context.categories, list: "product-types")
            }
            root.field("productTags", PagingArguments.self) { _, paging, context in
                let tags = Set(context.shop.catalog.products.flatMap { [$0.model] + ($0.attribute.map { [$0] } ?? []) })
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                return try paging.page(of: tags.map(Resolved.string), keys: tags, list: "product-tags")
            }
        }
        fields.object("PredictiveSearchResult", as: PredictiveResult.self) { result in
            result.field("products") { result, _ in result.value.products.map { ProductRef($0) } }
            result.field("collections") { result, _ in result.value.collections }
            result.field("queries") { result, _ in result.value.queries }
        }
        fields.object("SearchQuerySuggestion", as: QuerySuggestion.self) { suggestion in
            suggestion.text("text") { suggestion, _ in suggestion.text }
            suggestion.text("styledText") { suggestion, _ in suggestion.styledText }
        }
    }
}

/// What a predictive search found.
struct PredictiveResult: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "PredictiveSearchResult" }

    let value: (products: [Int], collections: [CollectionRef], queries: [QuerySuggestion])

    init(_ value: (products: [Int], collections: [CollectionRef], queries: [QuerySuggestion])) {
        self.value = value
    }
}

/// A query a predictive search suggests: the text, and the text with what was typed marked.
struct QuerySuggestion: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "SearchQuerySuggestion" }

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
