import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The shop's GraphQL schema (SPEC §5): types, descriptions and resolvers over `ShopState`.
enum ShopSchema {
    typealias F = SchemaBuilder.FieldSpec
    typealias A = SchemaBuilder.ArgumentSpec

    /// Built once per process: the schema is immutable and shared by every simulator.
    static let shared: Result<Schema, SchemaError> = Result { () throws(SchemaError) in try build() }

    static func build() throws(SchemaError) -> Schema {
        var builder = SchemaBuilder()
        builder.object("Query", "The entry points for reading the shop.", queryFields)
        builder.object("Mutation", "The entry points for changing the session's cart, favorites and the catalog.", mutationFields)
        addCatalogTypes(to: &builder)
        addCartTypes(to: &builder)
        addCheckoutTypes(to: &builder)
        return try builder.build(query: "Query", mutation: "Mutation")
    }

    /// Money and products resolve as indexes (minor units, catalog position): no boxing, no casts.
    static func money(_ minorUnits: Int64) -> Resolved { .index(Int(minorUnits)) }
    static func product(_ position: Int) -> Resolved { .index(position) }

    /// Reads `first` and checks SPEC §6.4's 1…100 range.
    static func pageSize(_ call: FieldCall) throws(FieldError) -> Int {
        let first = call.arguments["first"]?.intValue ?? 20
        guard (1...100).contains(first) else {
            throw FieldError("Argument \"first\" must be between 1 and 100, got \(first).", code: .badUserInput)
        }
        return first
    }

    /// Decodes `after` for `endpoint` and `order`; nil when absent.
    static func cursor(_ call: FieldCall, endpoint: String, order: ProductOrder) throws(FieldError) -> Cursor? {
        guard let text = call.arguments["after"]?.stringValue else { return nil }
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

    /// The `ProductFilter` input as a Commerce filter; records a non-blank search in the session
    /// unless `record` is false (facet counts are not searches).
    static func filter(_ call: FieldCall, context: RequestContext, record: Bool = true) throws(FieldError) -> ProductFilter {
        var filter = ProductFilter()
        guard let input = call.arguments["filter"]?.objectValue else { return filter }
        let search = input["search"]?.stringValue
        filter.setSearch(search, mode: input["searchMode"]?.stringValue.flatMap(SearchMode.init(rawValue:)) ?? .contains)
        if let search, record { context.state.shop.recordSearch(search, session: context.sessionName) }
        filter.brandIds = input["brandIds"]?.arrayValue?.compactMap(\.stringValue) ?? []
        filter.models = input["models"]?.arrayValue?.compactMap(\.stringValue) ?? []
        filter.categories = input["categories"]?.arrayValue?.compactMap(\.stringValue) ?? []
        filter.inStockOnly = input["inStockOnly"]?.boolValue ?? false
        let currency = context.currency
        for key in ["minPrice", "maxPrice"] {
            guard let text = input[key]?.stringValue else { continue }
            guard let minor = currency.minorUnits(fromDecimal: text), minor >= 0 else {
                throw FieldError(
                    "filter.\(key) must be a decimal amount like \"12.50\" with at most \(currency.fractionDigits) decimals, got \(JSON.string(text).serialized()).",
                    code: .badUserInput)
            }
            if key == "minPrice" { filter.minPrice = minor } else { filter.maxPrice = minor }
        }
        return filter
    }
}

extension ShopSchema {
    /// The largest `offset` accepted (SPEC §6.4).
    static let maximumOffset = 1_000_000

    /// Reads `offset` (0 when absent) and refuses it beside `after` or outside 0…1,000,000.
    static func offset(_ call: FieldCall, with after: Cursor?) throws(FieldError) -> Int {
        guard let offset = call.arguments["offset"]?.intValue else { return 0 }
        guard after == nil else {
            throw FieldError("Arguments \"offset\" and \"after\" cannot be used together: page by number or by cursor.", code: .badUserInput)
        }
        guard (0...maximumOffset).contains(offset) else {
            throw FieldError("Argument \"offset\" must be between 0 and \(maximumOffset), got \(offset).", code: .badUserInput)
        }
        return offset
    }
}
