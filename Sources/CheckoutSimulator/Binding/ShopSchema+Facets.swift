import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// `ProductFacets` and its parts; the counting lives in Commerce (`ProductFacets`).
    static func addFacetTypes(to builder: inout Builder) {
        builder.object(Types.productFacets, "What a filter screen lists: each dimension's values with counts.") { fields in
            fields.field("brands", type: .nonNull(.list(.nonNull(Types.brandFacet))), "Brands in brand order, counted under every part of the filter except `brandIds`.") {
                facets, _ in facets.brands
            }
            fields.field("models", type: .nonNull(.list(.nonNull(Types.valueFacet))), "Models by value, counted under every part of the filter except `models`.") {
                facets, _ in facets.models
            }
            fields.field("categories", type: .nonNull(.list(.nonNull(Types.valueFacet))), "Categories by value, counted under every part of the filter except `categories`.") {
                facets, _ in facets.categories
            }
            fields.field("priceRange", type: Types.priceRange, "The lowest and highest price under the whole filter; null when nothing matches.") {
                facets, _ in facets.priceRange
            }
            fields.field("totalCount", type: .nonNull(.int), "How many products the whole filter keeps.") { facets, _ in facets.totalCount }
        }
        builder.object(Types.brandFacet, "A brand and how many products ticking it would show.") { fields in
            fields.field("brand", type: .nonNull(Types.brand), "The brand.") { facet, _ in BrandPosition(index: facet.position) }
            fields.field("count", type: .nonNull(.int), "Matching products of this brand.") { facet, _ in facet.count }
        }
        builder.object(Types.valueFacet, "A model or category and how many products ticking it would show.") { fields in
            fields.field("value", type: .nonNull(.string), "The model or category, as filters take it.") { facet, _ in facet.value }
            fields.field("count", type: .nonNull(.int), "Matching products with this value.") { facet, _ in facet.count }
        }
        builder.object(Types.priceRange, "The lowest and highest price of a set of products.") { fields in
            fields.field("min", type: .nonNull(Types.money), "The lowest price.") { range, _ in Amount(range.min) }
            fields.field("max", type: .nonNull(Types.money), "The highest price.") { range, _ in Amount(range.max) }
        }
        builder.object(Types.recentSearchesPayload, "The recent searches after a change.") { fields in
            fields.field("recentSearches", type: .nonNull(.list(.nonNull(.string))), "The session's recent searches, newest first.") { _, context in
                context.shopper.recentSearches.entries
            }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), "Always empty: removing a search that is not there is a no-op.") { _, _ in [] }
        }
    }
}
