import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontContext {
    /// The variants of the product at `position`.
    func variants(ofProductAt position: Int) -> [VariantRef] {
        (product(at: position)?.variants.indices).map { $0.map { VariantRef(product: position, index: $0) } } ?? []
    }

    /// The options a product's variants choose among: `Title` with `Default Title` for a product
    /// without options, as Shopify lists it.
    func options(ofProductAt position: Int) -> [OptionValue] {
        guard let product = product(at: position), !product.options.isEmpty else {
            return [OptionValue(name: "Title", values: [ProductVariant.defaultTitle], product: position, option: 0)]
        }
        return product.options.enumerated().map { OptionValue(name: $1.name, values: $1.values, product: position, option: $0) }
    }

    /// A variant's option values by name (`Title: Default Title` for a product without options).
    func selectedOptions(of variant: VariantRef) throws(FieldError) -> [OptionValue] {
        let product = try product(variant.product)
        guard !product.options.isEmpty else { return [OptionValue(name: "Title", values: [ProductVariant.defaultTitle])] }
        return zip(product.options, product.variants[variant.index].optionValues).map { OptionValue(name: $0.name, values: [$1]) }
    }

    /// Units of a variant in stock.
    func stock(of variant: VariantRef) -> Int {
        inventory.stock(at: variant.product, variant: variant.index)
    }

    /// The variant whose options are `selected` (`[{name, value}]`), if any. Names and values
    /// compare exactly unless `caseInsensitive`; with `ignoreUnknown`, options the product does
    /// not have are left out first (Shopify's `caseInsensitiveMatch` and `ignoreUnknownOptions`).
    func variant(ofProductAt position: Int, matching selected: [JSON], caseInsensitive: Bool = false, ignoreUnknown: Bool = false) -> VariantRef? {
        func same(_ a: String, _ b: String) -> Bool { caseInsensitive ? a.lowercased() == b.lowercased() : a == b }
        let known = options(ofProductAt: position).map(\.name)
        let wanted = selected.compactMap { item -> (String, String)? in
            guard let name = item["name"]?.stringValue, let value = item["value"]?.stringValue else { return nil }
            return (name, value)
        }.filter { name, _ in !ignoreUnknown || known.contains { same($0, name) } }
        guard !wanted.isEmpty else { return nil }
        return variants(ofProductAt: position).first { variant in
            guard let options = try? selectedOptions(of: variant) else { return false }
            return wanted.allSatisfy { name, value in options.contains { same($0.name, name) && same($0.values.first ?? "", value) } }
        }
    }

    /// `variantBySelectedOptions` and its kin read their three arguments so.
    func variant(ofProductAt position: Int, arguments: JSONObject) -> VariantRef? {
        variant(
            ofProductAt: position, matching: arguments["selectedOptions"]?.arrayValue ?? [],
            caseInsensitive: arguments["caseInsensitiveMatch"]?.boolValue ?? false,
            ignoreUnknown: arguments["ignoreUnknownOptions"]?.boolValue ?? false)
    }
}

extension StorefrontContext {
    /// The variant a reference names, or a field error.
    func variant(_ ref: VariantRef) throws(FieldError) -> ProductVariant {
        let product = try product(ref.product)
        guard product.variants.indices.contains(ref.index) else { throw FieldError("No variant \(ref.index) of \"\(product.id)\".") }
        return product.variants[ref.index]
    }
}

extension StorefrontBinding {
    static func variantFields(_ fields: inout ModeledFields) {
        // A variant field's read gets the variant's product, checked to have it: the variant is
        // read in place (`product.variants[ref.index].price`), where a copied `ProductVariant`
        // retained and released each of its texts for every field (Benchmarks/NOTES.md, issue 41).
        func variant(_ field: String, _ read: @escaping @Sendable (VariantRef, Product, StorefrontContext) throws -> Resolved) {
            fields.add("ProductVariant", field) { call, context in
                let ref = VariantRef(call)
                let product = try context.product(ref.product)
                guard product.variants.indices.contains(ref.index) else { throw FieldError("No variant \(ref.index) of \"\(product.id)\".") }
                return try read(ref, product, context)
            }
        }
        fields.boolean("ProductVariant", "availableForSale") { call, context in context.stock(of: VariantRef(call)) > 0 }
        variant("price") { ref, product, _ in MoneyValue(amount: product.variants[ref.index].price).resolved }
        variant("compareAtPrice") { ref, product, _ in product.variants[ref.index].compareAtPrice.map { MoneyValue(amount: $0).resolved } ?? .null }
        variant("currentlyNotInStock") { _, _, _ in .bool(false) }
        variant("quantityAvailable") { ref, _, context in .int(context.stock(of: ref)) }
        variant("requiresShipping") { _, _, _ in .bool(true) }
        variant("taxable") { _, _, _ in .bool(true) }
        variant("product") { ref, _, _ in .integer(ref.product) }
        variant("image") { ref, product, _ in
            product.variants[ref.index].imageURL.map {
                .object(ImageValue(id: StorefrontID.image(product: ref.product), url: $0, altText: product.name))
            } ?? .null
        }
        variant("selectedOptions") { ref, product, context in
            // Kept with the product's texts (`StorefrontRows.selectedOptions`).
            context.rows.selectedOptions(of: product, at: ref.product, variant: ref.index) {
                .list((0..<max(1, product.options.count)).map { ref.selectedOption($0) })
            }
        }
        fields.add("Product", "variantBySelectedOptions") { call, context in
            context.variant(ofProductAt: call.parentInteger, arguments: call.argumentValues)?.resolved ?? .null
        }
        fields.add("Product", "selectedOrFirstAvailableVariant") { call, context in
            if let chosen = context.variant(ofProductAt: call.parentInteger, arguments: call.argumentValues) { return chosen.resolved }
            let variants = context.variants(ofProductAt: call.parentInteger)
            return (variants.first { context.stock(of: $0) > 0 } ?? variants.first)?.resolved ?? .null
        }
        fields.add("Product", "adjacentVariants") { call, context in
            // The variants one option value away from the selected (or first available) one.
            let variants = context.variants(ofProductAt: call.parentInteger)
            guard let base = context.variant(ofProductAt: call.parentInteger, arguments: call.argumentValues)
                ?? variants.first(where: { context.stock(of: $0) > 0 }) ?? variants.first,
                  let baseOptions = try? context.selectedOptions(of: base)
            else { return .list([]) }
            return .list(variants.filter { other in
                guard other.index != base.index, let options = try? context.selectedOptions(of: other) else { return false }
                return zip(options, baseOptions).filter { $0.values != $1.values }.count == 1
            }.map(\.resolved))
        }
    }
}
