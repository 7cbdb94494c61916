/// The catalog's filterable dimensions (brand, model, category) as small integers per product.
///
/// Models and categories are interned in first-seen order; `values` of each lists them. Brand
/// numbers are positions in brand order, `-1` for a brand the catalog does not know.
package struct CatalogDimensions: Sendable {
    /// Each product's brand position, by product position; -1 for none.
    package private(set) var brands: [Int32] = []
    /// Each product's model number, by product position.
    package private(set) var models: [Int32] = []
    /// Each product's category number, by product position.
    package private(set) var categories: [Int32] = []
    /// The distinct models, by number.
    package private(set) var modelValues: [String] = []
    /// The distinct categories, by number.
    package private(set) var categoryValues: [String] = []
    /// How many brands there are.
    package let brandCount: Int
    /// How many products carry each brand, by brand position; kept as products are appended.
    package private(set) var productCountsByBrand: [Int]
    private var modelNumbers: [String: Int32] = [:]
    private var categoryNumbers: [String: Int32] = [:]

    init(brandCount: Int) {
        self.brandCount = brandCount
        productCountsByBrand = Array(repeating: 0, count: brandCount)
    }

    mutating func reserveCapacity(_ count: Int) {
        brands.reserveCapacity(count)
        models.reserveCapacity(count)
        categories.reserveCapacity(count)
    }

    mutating func append(brand: Int?, model: String, category: String) {
        brands.append(brand.map(Int32.init) ?? -1)
        if let brand, productCountsByBrand.indices.contains(brand) { productCountsByBrand[brand] += 1 }
        models.append(Self.number(of: model, in: &modelNumbers, values: &modelValues))
        categories.append(Self.number(of: category, in: &categoryNumbers, values: &categoryValues))
    }

    private static func number(of value: String, in numbers: inout [String: Int32], values: inout [String]) -> Int32 {
        if let number = numbers[value] { return number }
        let number = Int32(values.count)
        numbers[value] = number
        values.append(value)
        return number
    }

    /// The model number of `value`, if any product has it.
    package func modelNumber(_ value: String) -> Int32? { modelNumbers[value] }

    /// The category number of `value`, if any product has it.
    package func categoryNumber(_ value: String) -> Int32? { categoryNumbers[value] }
}
