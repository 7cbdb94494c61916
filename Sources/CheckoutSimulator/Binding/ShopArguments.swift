import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Reading and checking the arguments every listing shares (docs/schema.md#pagination).
enum ListingArguments {
    /// The largest `offset` accepted.
    static let maximumOffset = 1_000_000
    /// `after`, which every product listing takes.
    static let after = ArgumentKey<String?>("after", .string, "The endCursor of the previous page.")

    /// `first`, checked against 1…100.
    static func pageSize(_ first: Int) throws(FieldError) -> Int {
        guard (1...100).contains(first) else {
            throw FieldError("Argument \"first\" must be between 1 and 100, got \(first).", code: .badUserInput)
        }
        return first
    }

    /// `after` decoded for `endpoint` and `order`; nil when absent.
    static func cursor(_ text: String?, endpoint: String, order: ProductOrder) throws(FieldError) -> Cursor? {
        guard let text else { return nil }
        guard let cursor = Cursor(encoded: text) else {
            throw FieldError("Argument \"after\" is not a valid cursor: \(JSON.string(text).serialized()).", code: .badUserInput)
        }
        guard cursor.endpoint == endpoint, cursor.order == order else {
            throw FieldError(
                "Argument \"after\" is a cursor for \(cursor.endpoint) sorted by \(cursor.order.rawValue), not for \(endpoint) sorted by \(order.rawValue).",
                code: .badUserInput)
        }
        return cursor
    }

    /// `offset` (0 when absent), refused beside `after` or outside 0…1,000,000.
    static func offset(_ offset: Int?, with after: Cursor?) throws(FieldError) -> Int {
        guard let offset else { return 0 }
        guard after == nil else {
            throw FieldError("Arguments \"offset\" and \"after\" cannot be used together: page by number or by cursor.", code: .badUserInput)
        }
        guard (0...maximumOffset).contains(offset) else {
            throw FieldError("Argument \"offset\" must be between 0 and \(maximumOffset), got \(offset).", code: .badUserInput)
        }
        return offset
    }
}

/// The `ProductFilter` input as given; prices become minor units in the store's currency.
struct ProductFilterInput {
    /// The `filter` argument of the listings.
    static let filter = ArgumentKey<ArgumentValues?>("filter", ShopTypes.productFilter, "Which products to include.")

    /// `ProductFilter`'s fields.
    enum Field {
        static let search = ArgumentKey<String?>("search", .string, "Words that must all appear in the name, brand, model or category.")
        static let brandIds = ArgumentKey<[String]?>("brandIds", .list(.nonNull(.id)), "Only these brands (any of them).")
        static let models = ArgumentKey<[String]?>("models", .list(.nonNull(.string)), "Only these models (any of them).")
        static let categories = ArgumentKey<[String]?>("categories", .list(.nonNull(.string)), "Only these categories (any of them).")
        static let minPrice = ArgumentKey<String?>("minPrice", .string, "Lowest price, inclusive, as a decimal string.")
        static let maxPrice = ArgumentKey<String?>("maxPrice", .string, "Highest price, inclusive, as a decimal string.")
        static let inStockOnly = ArgumentKey<Bool>("inStockOnly", .boolean, default: false, "Only products with stock left.")
        static let searchMode = ArgumentKey<SearchMode>("searchMode", ShopTypes.searchMode, default: .contains, "How `search` matches the products.")
        static let declarations = [
            search.declaration, brandIds.declaration, models.declaration, categories.declaration, minPrice.declaration,
            maxPrice.declaration, inStockOnly.declaration, searchMode.declaration,
        ]
    }

    private var filter = ProductFilter()
    private var minPrice: String?
    private var maxPrice: String?

    /// No filter: every product.
    init() {}

    /// The filter `input` gives, or none.
    init(_ input: ArgumentValues?) throws {
        guard let input else { return }
        let search = try input[Field.search]
        if let search { try Self.checkLimits(search) }
        filter.setSearch(search, mode: try input[Field.searchMode])
        filter.brandIds = try input[Field.brandIds] ?? []
        filter.models = try input[Field.models] ?? []
        filter.categories = try input[Field.categories] ?? []
        filter.inStockOnly = try input[Field.inStockOnly]
        minPrice = try input[Field.minPrice]
        maxPrice = try input[Field.maxPrice]
    }

    /// A search within the search limits, or `BAD_USER_INPUT` saying which one it is past
    /// (never truncated: a shortened search would answer another question).
    private static func checkLimits(_ search: String) throws(FieldError) {
        guard !search.isLonger(thanCharacters: ProductFilter.maxSearchCharacters) else {
            throw FieldError(
                "filter.search is longer than \(ProductFilter.maxSearchCharacters) characters; search for fewer words.", code: .badUserInput)
        }
        let words = ProductFilter.searchWords(in: search)
        guard words <= ProductFilter.maxSearchWords else {
            throw FieldError(
                "filter.search has \(words) words, more than \(ProductFilter.maxSearchWords); search for fewer words.", code: .badUserInput)
        }
    }

    /// The Commerce filter, with the prices checked against `currency`.
    func productFilter(currency: Currency) throws(FieldError) -> ProductFilter {
        var result = filter
        result.minPrice = try Self.minorUnits(minPrice, key: "minPrice", currency: currency)
        result.maxPrice = try Self.minorUnits(maxPrice, key: "maxPrice", currency: currency)
        return result
    }

    private static func minorUnits(_ text: String?, key: String, currency: Currency) throws(FieldError) -> Int64? {
        guard let text else { return nil }
        guard let minor = currency.minorUnits(fromDecimal: text), minor >= 0 else {
            throw FieldError(
                "filter.\(key) must be a decimal amount like \"12.50\" with at most \(currency.fractionDigits) decimals, got \(JSON.string(text).serialized()).",
                code: .badUserInput)
        }
        return minor
    }
}
