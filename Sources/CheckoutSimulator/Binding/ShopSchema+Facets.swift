import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// `ProductFacets` and its parts; the counting lives in Commerce (`ProductFacets`).
    static func addFacetTypes(to builder: inout SchemaBuilder) {
        builder.object("ProductFacets", "What a filter screen lists: each dimension's values with counts.", [
            F("brands", "[BrandFacet!]!", "Brands in brand order, counted under every part of the filter except `brandIds`.") { call in
                .list(try call.parent(ProductFacets.self).brands.map { .object($0) })
            },
            F("models", "[ValueFacet!]!", "Models by value, counted under every part of the filter except `models`.") { call in
                .list(try call.parent(ProductFacets.self).models.map { .object($0) })
            },
            F("categories", "[ValueFacet!]!", "Categories by value, counted under every part of the filter except `categories`.") { call in
                .list(try call.parent(ProductFacets.self).categories.map { .object($0) })
            },
            F("priceRange", "PriceRange", "The lowest and highest price under the whole filter; null when nothing matches.") { call in
                (try call.parent(ProductFacets.self).priceRange).map { .object($0) } ?? .null
            },
            F("totalCount", "Int!", "How many products the whole filter keeps.", int: { call in
                try call.parent(ProductFacets.self).totalCount
            }),
        ])
        builder.object("BrandFacet", "A brand and how many products ticking it would show.", [
            F("brand", "Brand!", "The brand.") { call in .index(try call.parent(ProductFacets.BrandCount.self).position) },
            F("count", "Int!", "Matching products of this brand.", int: { call in try call.parent(ProductFacets.BrandCount.self).count }),
        ])
        builder.object("ValueFacet", "A model or category and how many products ticking it would show.", [
            F("value", "String!", "The model or category, as filters take it.", string: { call in
                try call.parent(ProductFacets.Count.self).value
            }),
            F("count", "Int!", "Matching products with this value.", int: { call in try call.parent(ProductFacets.Count.self).count }),
        ])
        builder.object("PriceRange", "The lowest and highest price of a set of products.", [
            F("min", "Money!", "The lowest price.") { call in money(try call.parent(ProductFacets.PriceRange.self).min) },
            F("max", "Money!", "The highest price.") { call in money(try call.parent(ProductFacets.PriceRange.self).max) },
        ])
        builder.object("RecentSearchesPayload", "The recent searches after a change.", [
            F("recentSearches", "[String!]!", "The session's recent searches, newest first.") { call in
                .list(try call.shop().session.recentSearches.entries.map { .string($0) })
            },
            F("errors", "[UserError!]!", "Always empty: removing a search that is not there is a no-op.") { _ in .list([]) },
        ])
    }
}
