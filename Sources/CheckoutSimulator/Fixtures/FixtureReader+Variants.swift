import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A product's `options` and `variants` (docs/fixtures.md#variants).
extension FixtureReader {
    /// The most options a product has, and values an option, and variants a product (Shopify's limits).
    static let maxOptions = Product.maxOptions
    static let maxOptionValues = Product.maxOptionValues
    static let maxVariants = Product.maxVariants

    private static let optionKeys = FixtureKeys(required: ["name", "values"], optional: [])
    private static let variantKeys = FixtureKeys(
        required: ["id", "options", "stock"], optional: ["price", "compareAtPrice", "sku", "imageURL"])

    /// The product's options and variants, or nil (a problem recorded) when they are wrong; both
    /// absent is a product with its one default variant. `product` gives each variant's defaults.
    mutating func variants(
        options optionsJSON: JSON?, variants variantsJSON: JSON?, at path: String,
        product: (id: String, price: Int64, compareAtPrice: Int64?, stock: Int, imageURL: String?)
    ) -> (options: [ProductOptionDefinition], variants: [ProductVariant]?)? {
        guard optionsJSON != nil || variantsJSON != nil else { return ([], nil) }
        guard case .array(let optionItems)? = optionsJSON, !optionItems.isEmpty, optionItems.count <= Self.maxOptions else {
            problem(Self.join(path, "options"), "expected 1 to \(Self.maxOptions) options ({\"name\", \"values\"}) beside \"variants\"")
            return nil
        }
        var options: [ProductOptionDefinition] = []
        for (index, item) in optionItems.enumerated() {
            let place = Self.join(path, "options") + "[\(index)]"
            guard let member = members(of: item, at: place, keys: Self.optionKeys), let name = string(member[0], "name", at: place) else { return nil }
            guard case .array(let valueItems)? = member[1], !valueItems.isEmpty, valueItems.count <= Self.maxOptionValues else {
                problem(Self.join(place, "values"), "expected 1 to \(Self.maxOptionValues) values")
                return nil
            }
            var values: [String] = []
            for (valueIndex, value) in valueItems.enumerated() {
                guard let text = string(value, "values[\(valueIndex)]", at: place) else { return nil }
                guard !values.contains(text) else {
                    problem(Self.join(place, "values[\(valueIndex)]"), "\"\(text)\" is listed twice")
                    return nil
                }
                values.append(text)
            }
            guard !options.contains(where: { $0.name == name }) else {
                problem(Self.join(place, "name"), "option \"\(name)\" is listed twice")
                return nil
            }
            options.append(ProductOptionDefinition(name: name, values: values))
        }
        guard case .array(let variantItems)? = variantsJSON, !variantItems.isEmpty, variantItems.count <= Self.maxVariants else {
            problem(Self.join(path, "variants"), "expected 1 to \(Self.maxVariants) variants beside \"options\"")
            return nil
        }
        var variants: [ProductVariant] = []
        for (index, item) in variantItems.enumerated() {
            let place = Self.join(path, "variants") + "[\(index)]"
            guard let member = members(of: item, at: place, keys: Self.variantKeys), let id = self.id(member[0], "id", at: place),
                  let stock = int(member[2], "stock", at: place, range: 0...1_000_000_000)
            else { return nil }
            guard case .array(let chosen)? = member[1], chosen.count == options.count else {
                problem(Self.join(place, "options"), "expected \(options.count) option values, one per option in order")
                return nil
            }
            var values: [String] = []
            for (optionIndex, value) in chosen.enumerated() {
                guard let text = string(value, "options[\(optionIndex)]", at: place) else { return nil }
                guard options[optionIndex].values.contains(text) else {
                    problem(Self.join(place, "options[\(optionIndex)]"), "\"\(text)\" is not a value of option \"\(options[optionIndex].name)\"")
                    return nil
                }
                values.append(text)
            }
            if variants.contains(where: { $0.id == id }) {
                problem(Self.join(place, "id"), "variant \"\(id)\" is listed twice")
                return nil
            }
            if variants.contains(where: { $0.optionValues == values }) {
                problem(Self.join(place, "options"), "another variant has the same option values")
                return nil
            }
            let price = member[3] == nil ? product.price : decimal(member[3], "price", at: place)
            let compareAt = member[4] == nil ? product.compareAtPrice : decimal(member[4], "compareAtPrice", at: place)
            let sku = member[5] == nil ? "\(product.id)-\(id)" : string(member[5], "sku", at: place)
            let imageURL = member[6] == nil ? product.imageURL : webAddress(member[6], "imageURL", at: place)
            guard let price, member[4] == nil || compareAt != nil, let sku, member[6] == nil || imageURL != nil else { return nil }
            variants.append(ProductVariant(
                id: id, title: values.joined(separator: " / "), optionValues: values, price: price, compareAtPrice: compareAt,
                initialStock: stock, sku: sku, imageURL: imageURL))
        }
        let total = variants.reduce(0) { $0 + $1.initialStock }
        guard total == product.stock else {
            problem(Self.join(path, "stock"), "expected \(total), the sum of the variants' stock, found \(product.stock)")
            return nil
        }
        return (options, variants)
    }
}
