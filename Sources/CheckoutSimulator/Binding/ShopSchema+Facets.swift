import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// `ProductFacets` and its parts; the counting lives in Commerce (`ProductFacets`).
    static func addFacetTypes(to builder: inout Builder) {
        builder.object(Types.productFacets, "What a filter screen lists: each dimension's values with counts.") { fields in
            fields.list("brands", Types.brandFacet, "Brands in brand order, counted under every part of the filter except `brandIds`.") {
                facets, _ in facets.brands
            }
            fields.list("models", Types.valueFacet, "Models by value, counted under every part of the filter except `models`.") {
                facets, _ in facets.models
            }
            fields.list("categories", Types.valueFacet, "Categories by value, counted under every part of the filter except `categories`.") {
                facets, _ in facets.categories
            }
            fields.optionalObject("priceRange", Types.priceRange, "The lowest and highest price under the whole filter; null when nothing matches.") {
                facets, _ in facets.priceRange
            }
            fields.int("totalCount", "Int!", "How many products the whole filter keeps.") { facets, _ in facets.totalCount }
        }
        builder.object(Types.brandFacet, "A brand and how many products ticking it would show.") { fields in
            fields.object("brand", Types.brand, "The brand.") { facet, _ in BrandPosition(index: facet.position) }
            fields.int("count", "Int!", "Matching products of this brand.") { facet, _ in facet.count }
        }
        builder.object(Types.valueFacet, "A model or category and how many products ticking it would show.") { fields in
            fields.string("value", "String!", "The model or category, as filters take it.") { facet, _ in facet.value }
            fields.int("count", "Int!", "Matching products with this value.") { facet, _ in facet.count }
        }
        builder.object(Types.priceRange, "The lowest and highest price of a set of products.") { fields in
            fields.object("min", Types.money, "The lowest price.") { range, _ in Amount(range.min) }
            fields.object("max", Types.money, "The highest price.") { range, _ in Amount(range.max) }
        }
        builder.object(Types.recentSearchesPayload, "The recent searches after a change.") { fields in
            fields.strings("recentSearches", "[String!]!", "The session's recent searches, newest first.") { _, context in
                context.shopper.recentSearches.entries
            }
            fields.list("errors", Types.userError, "Always empty: removing a search that is not there is a no-op.") { _, _ in [] }
        }
    }
}
