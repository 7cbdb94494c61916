import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The shop's cost rule (docs/limits.md#the-cost-rule): what each field costs before any of a
/// request runs, in catalog entries looked at. Only the query type's fields scan, and nothing
/// below them is priced (the document and response limits bound the objects written).
///
/// - `products`, `brandSections`: the catalog's size × (1 + the search's words).
/// - `productFacets`: 4 × that (the total, then one pass per brand, model and category count).
/// - `suggestedProducts`: the catalog's size.
/// - a content collection's list field: its number of items.
/// - every other field: nothing (the document limits bound them).
///
/// A request's root fields add up, aliases and fragments included; over
/// `RequestLimits.maxCost` (20,000,000 by default: 200 listings of a 100,000-product catalog,
/// or 11 of them each searching 16 words) it is refused with `REQUEST_TOO_COMPLEX`. The budget
/// keeps the costliest admitted request well within 250 ms on a 100k catalog, with
/// room for a slower machine (`bench --case costliest`; the figures are in Benchmarks/NOTES.md).
enum ShopCost {
    /// The price of `type`'s field `field` with `arguments`.
    /// Nothing below a field is priced (`times` 0): only the query type's fields scan.
    static func price(type: String, field: String, arguments: JSONObject, context: RequestContext) -> FieldPrice {
        FieldPrice(own: type == ShopSchema.Types.query.name ? cost(of: field, arguments: arguments, context: context) : 0, times: 0)
    }

    /// The cost of the root field `field` with `arguments`.
    static func cost(of field: String, arguments: JSONObject, context: RequestContext) -> Int {
        let catalog = context.state.shop.catalog.products.count
        switch field {
        case "products", "brandSections":
            return catalog.multipliedClamped(by: 1 + searchWords(arguments))
        case "productFacets":
            return catalog.multipliedClamped(by: 4 * (1 + searchWords(arguments)))
        case "suggestedProducts":
            return catalog
        default:
            return context.state.content.collections.first { $0.name == field }?.items.count ?? 0
        }
    }

    /// The words of `filter.search`; past the search limits, one more than they allow (the
    /// field refuses such a search itself, so counting stops there).
    static func searchWords(_ arguments: JSONObject) -> Int {
        guard case .object(let filter)? = arguments["filter"], case .string(let search)? = filter["search"] else { return 0 }
        let over = ProductFilter.maxSearchWords + 1
        guard !search.isLonger(thanCharacters: ProductFilter.maxSearchCharacters) else { return over }
        return ProductFilter.searchWords(in: search, countingUpTo: over)
    }
}

extension Int {
    /// The product, or `Int.max` when it would overflow (costs only need to be compared).
    func multipliedClamped(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
