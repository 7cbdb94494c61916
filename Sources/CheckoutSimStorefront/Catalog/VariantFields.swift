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

    /// The variant `choice` names (`variantBySelectedOptions` and its kin).
    func variant(ofProductAt position: Int, _ choice: VariantChoice) -> VariantRef? {
        variant(
            ofProductAt: position, matching: choice.selectedOptions, caseInsensitive: choice.caseInsensitive, ignoreUnknown: choice.ignoreUnknown)
    }
}

/// The arguments `variantBySelectedOptions`, `selectedOrFirstAvailableVariant` and
/// `adjacentVariants` choose a variant by.
struct VariantChoice: StorefrontArguments {
    private static let selected = ArgumentKey<JSON?>("selectedOptions", .data("[SelectedOptionInput!]"))
    private static let caseInsensitiveMatch = ArgumentKey<Bool?>("caseInsensitiveMatch", .boolean)
    private static let ignoreUnknownOptions = ArgumentKey<Bool?>("ignoreUnknownOptions", .boolean)
    static let arguments = [selected.declaration]
    static let argumentsIfDeclared = [caseInsensitiveMatch.declaration, ignoreUnknownOptions.declaration]

    let selectedOptions: [JSON]
    let caseInsensitive: Bool
    let ignoreUnknown: Bool

    init(_ call: borrowing FieldCall) throws(FieldError) {
        let values = ArgumentValues.of(call)
        selectedOptions = try values[Self.selected]?.arrayValue ?? []
        caseInsensitive = try values[Self.caseInsensitiveMatch] ?? false
        ignoreUnknown = try values[Self.ignoreUnknownOptions] ?? false
    }
}

extension StorefrontContext {
    /// The variant a reference names, or a field error.
    func variant(_ ref: VariantRef) throws(FieldError) -> ProductVariant {
        try product(of: ref).variants[ref.index]
    }

    /// The product of the variant a reference names, checked to have it, or a field error.
    func product(of ref: VariantRef) throws(FieldError) -> Product {
        let product = try product(ref.product)
        guard product.variants.indices.contains(ref.index) else { throw FieldError("No variant \(ref.index) of \"\(product.id)\".") }
        return product
    }
}

extension StorefrontBinding {
    static func variantFields(_ fields: inout ModeledFields) {
        fields.object("ProductVariant", as: VariantRef.self) { variant in
            // A variant's fields read the variant in place in its product (`product(of:)`), where
            // a copied `ProductVariant` retained and released each of its texts for every field
            // (Benchmarks/NOTES.md, issue 41).
            variant.boolean("availableForSale") { ref, context in context.stock(of: ref) > 0 }
            variant.field("price") { ref, context in MoneyValue(amount: try context.product(of: ref).variants[ref.index].price) }
            variant.field("compareAtPrice") { ref, context in
                try context.product(of: ref).variants[ref.index].compareAtPrice.map { MoneyValue(amount: $0) }
            }
            variant.boolean("currentlyNotInStock") { _, _ in false }
            variant.field("quantityAvailable") { ref, context in
                _ = try context.product(of: ref)
                return Resolved.int(context.stock(of: ref))
            }
            variant.boolean("requiresShipping") { _, _ in true }
            variant.boolean("taxable") { _, _ in true }
            variant.field("product") { ref, context in
                _ = try context.product(of: ref)
                return ProductRef(ref.product)
            }
            variant.field("image") { ref, context in
                let product = try context.product(of: ref)
                return product.variants[ref.index].imageURL.map {
                    ImageRef.value(ImageValue(id: StorefrontID.image(product: ref.product), url: $0, altText: product.name))
                }
            }
            variant.field("selectedOptions") { ref, context in
                let product = try context.product(of: ref)
                // Kept with the product's texts (`StorefrontRows.selectedOptions`): a list of `SelectedOptionRef`s.
                return Carried(context.rows.selectedOptions(of: product, at: ref.product, variant: ref.index) {
                    .list((0..<max(1, product.options.count)).map { SelectedOptionRef(ref, option: $0).carried })
                })
            }
        }
        fields.object("Product", as: ProductRef.self) { product in
            product.field("variantBySelectedOptions", VariantChoice.self) { ref, choice, context in
                context.variant(ofProductAt: ref.position, choice)
            }
            product.field("selectedOrFirstAvailableVariant", VariantChoice.self) { ref, choice, context -> VariantRef? in
                if let chosen = context.variant(ofProductAt: ref.position, choice) { return chosen }
                let variants = context.variants(ofProductAt: ref.position)
                return variants.first { context.stock(of: $0) > 0 } ?? variants.first
            }
            product.field("adjacentVariants", VariantChoice.self) { ref, choice, context -> [VariantRef] in
                // The variants one option value away from the selected (or first available) one.
                let variants = context.variants(ofProductAt: ref.position)
                guard let base = context.variant(ofProductAt: ref.position, choice)
                    ?? variants.first(where: { context.stock(of: $0) > 0 }) ?? variants.first,
                      let baseOptions = try? context.selectedOptions(of: base)
                else { return [] }
                return variants.filter { other in
                    guard other.index != base.index, let options = try? context.selectedOptions(of: other) else { return false }
                    return zip(options, baseOptions).filter { $0.values != $1.values }.count == 1
                }
            }
        }
    }
}
