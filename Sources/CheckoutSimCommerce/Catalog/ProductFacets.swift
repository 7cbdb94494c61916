import CheckoutSimSupport

/// What a filter screen lists, with counts (docs/schema.md#ordering-search-and-filters): brands, models and categories, each
/// counted **disjunctively**, and the price range and count of the whole filter.
package struct ProductFacets: Sendable, Equatable {
    /// A value of one dimension and how many products it would show.
    package struct Count: Sendable, Equatable {
        package let value: String
        package let count: Int
    }

    /// A brand, by its position in brand order, and how many products ticking it would show.
    package struct BrandCount: Sendable, Equatable {
        package let position: Int
        package let count: Int
    }

    /// The lowest and highest price of the products a filter keeps, in minor units.
    package struct PriceRange: Sendable, Equatable {
        package let min: Int64
        package let max: Int64
    }

    /// Brands in brand order, with counts; zero counts left out.
    package let brands: [BrandCount]
    /// Models by value (bytewise), zero counts left out.
    package let models: [Count]
    /// Categories by value (bytewise), zero counts left out.
    package let categories: [Count]
    /// The lowest and highest price among the products the whole filter keeps; nil when none.
    package let priceRange: PriceRange?
    /// How many products the whole filter keeps.
    package let totalCount: Int

    /// Counts every dimension of `catalog` under `filter`.
    ///
    /// A dimension's counts apply every part of the filter except that dimension's own list, so
    /// ticking a second brand never hides the first; `priceRange` and `totalCount` apply it all.
    ///
    /// - Complexity: O(n) — one pass over the search/price/stock mask and the interned dimensions;
    ///   sorting the distinct models and categories is O(k log k) on top.
    package init(_ catalog: Catalog, inventory: Inventory, filter: ProductFilter) {
        let base = filter.baseMask(catalog, inventory: inventory)
        let allowed = filter.allowedDimensions(catalog)
        let dimensions = catalog.dimensions
        var brandCounts = [Int](repeating: 0, count: dimensions.brandCount)
        var modelCounts = [Int](repeating: 0, count: dimensions.modelValues.count)
        var categoryCounts = [Int](repeating: 0, count: dimensions.categoryValues.count)
        var total = 0
        var lowest = Int64.max
        var highest = Int64.min
        for position in base.indices where base[position] {
            let brand = allowed.brand(position, dimensions)
            let model = allowed.model(position, dimensions)
            let category = allowed.category(position, dimensions)
            let brandNumber = Int(dimensions.brands[position])
            if model && category && brandNumber >= 0 { brandCounts[brandNumber] += 1 }
            if brand && category { modelCounts[Int(dimensions.models[position])] += 1 }
            if brand && model { categoryCounts[Int(dimensions.categories[position])] += 1 }
            if brand && model && category {
                total += 1
                let price = catalog.prices[position]
                lowest = min(lowest, price)
                highest = max(highest, price)
            }
        }
        func counted(_ counts: [Int], _ values: [String]) -> [Count] {
            counts.indices.filter { counts[$0] > 0 }.map { Count(value: values[$0], count: counts[$0]) }
                .sorted { $0.value.precedesBytewise($1.value) }
        }
        brands = brandCounts.indices.filter { brandCounts[$0] > 0 }.map { BrandCount(position: $0, count: brandCounts[$0]) }
        models = counted(modelCounts, dimensions.modelValues)
        categories = counted(categoryCounts, dimensions.categoryValues)
        priceRange = total > 0 ? PriceRange(min: lowest, max: highest) : nil
        totalCount = total
    }
}
