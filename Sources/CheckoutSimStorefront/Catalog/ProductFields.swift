import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// A product variant as the dialect carries it: the product's catalog position and the variant's
/// index, travelling as one integer (position × 1000 + index: no box, no cast).
struct VariantRef {
    let product: Int
    let index: Int

    init(product: Int, index: Int) {
        self.product = product
        self.index = index
    }

    /// The variant a field's parent is.
    init(_ call: FieldCall) {
        product = call.parentInteger / 1000
        index = call.parentInteger % 1000
    }

    var resolved: Resolved { .integer(product * 1000 + index) }

    /// The carrier of this variant's option number `option` as a `SelectedOption` (a product
    /// has at most three options, as on Shopify).
    func selectedOption(_ option: Int) -> Resolved { .integer((product * 1000 + index) * Self.optionsPerVariant + option) }

    /// How many selected options a variant's carrier leaves room for.
    static let optionsPerVariant = 8

    /// The variant and option a `SelectedOption` carrier names.
    static func selectedOption(_ carrier: Int) -> (variant: VariantRef, option: Int) {
        let variant = carrier / optionsPerVariant
        return (VariantRef(product: variant / 1000, index: variant % 1000), carrier % optionsPerVariant)
    }
}

/// A `MoneyV2`: an amount in the shop's minor units, travelling as that integer.
struct MoneyValue {
    let amount: Int64

    var resolved: Resolved { .integer(Int(amount)) }
}

/// An `Image` (and a `MediaImage`'s image): its URL, alternative text and id.
struct ImageValue {
    let id: String
    let url: String
    let altText: String?
}

/// `name`/`value` pairs: `SelectedOption`s, `ProductOption`s and their values; a product's
/// options and option values also know the product's position and the option's index.
struct OptionValue {
    let name: String
    let values: [String]
    var product = -1
    var option = -1
}

extension StorefrontContext {
    /// The product at a catalog position, or a field error naming it.
    func product(_ position: Int) throws(FieldError) -> Product {
        guard let product = product(at: position) else { throw FieldError("No product at position \(position).") }
        return product
    }
}

extension StorefrontBinding {
    static func productFields(_ fields: inout ModeledFields) {
        fields.text("Product", "onlineStoreUrl") { call, context in
            "https://\(context.settings.domain)/products/\(try context.product(call.parentInteger).id)"
        }
        fields.add("Product", "description") { call, context in
            let product = try context.product(call.parentInteger)
            guard let limit = call.argumentValues["truncateAt"]?.intValue, limit >= 0 else { return .string(product.description) }
            return .string(String(String.UnicodeScalarView(product.description.unicodeScalars.prefix(limit))))
        }
        fields.add("Product", "tags") { call, context in
            let product = try context.product(call.parentInteger)
            return .list(([product.model] + (product.attribute.map { [$0] } ?? [])).map(Resolved.string))
        }
        fields.boolean("Product", "availableForSale") { call, context in context.inventory.stock(at: call.parentInteger) > 0 }
        fields.add("Product", "totalInventory") { call, context in .int(context.inventory.stock(at: call.parentInteger)) }
        // A product's image travels as the product's position (`Image` fields read the product).
        fields.add("Product", "featuredImage") { call, context in
            try context.product(call.parentInteger).imageURL == nil ? .null : .integer(call.parentInteger)
        }
        fields.add("Product", "images") { call, context in
            let position = call.parentInteger
            let images: [Resolved] = try context.product(position).imageURL == nil ? [] : [.integer(position)]
            return .object(try PagingArguments(call).page(of: images, key: { _ in StorefrontID.image(product: position) }, list: "images"))
        }
        fields.add("Product", "media") { call, context in
            let position = call.parentInteger
            let type = try call.executedSchema.typeIndex["MediaImage"].orNoValue()
            let media: [Resolved] = try context.product(position).imageURL == nil ? [] : [.typed(type: type, .integer(position))]
            return .object(try PagingArguments(call).page(of: media, key: { _ in StorefrontID.media(product: position) }, list: "media"))
        }
        fields.add("Product", "priceRange") { call, _ in PriceRange(product: call.parentInteger, compareAt: false).resolved }
        fields.add("Product", "compareAtPriceRange") { call, _ in PriceRange(product: call.parentInteger, compareAt: true).resolved }
        fields.add("Product", "options") { call, context in
            .list(context.options(ofProductAt: call.parentInteger).map { .object($0) })
        }
        fields.add("Product", "variants") { call, context in
            let position = call.parentInteger
            func page(of count: Int) throws(FieldError) -> Resolved {
                .object(try PagingArguments(call).page(
                    of: (0..<count).map { VariantRef(product: position, index: $0).resolved },
                    key: { StorefrontID.variant(product: position, index: $0) }, list: "variants"))
            }
            guard let product = context.product(at: position) else { return try page(of: 0) }
            // Kept with the product's texts: the same arguments get the same page (`StorefrontRows.variants`),
            // and are read only when the page is made.
            return try context.rows.variants(of: product, at: position, arguments: call.argumentValues) { () throws(FieldError) in
                try page(of: product.variants.count)
            }
        }
        fields.add("Product", "seo") { call, _ in .object(SEOValue(product: call.parentInteger)) }
        fields.add("ProductPriceRange", "minVariantPrice") { call, context in
            MoneyValue(amount: PriceRange(call).bounds(in: context).low).resolved
        }
        fields.add("ProductPriceRange", "maxVariantPrice") { call, context in
            MoneyValue(amount: PriceRange(call).bounds(in: context).high).resolved
        }
        fields.add("ProductOption", "id") { call, _ in
            let option = try call.parent(OptionValue.self)
            return .string("gid://shopify/ProductOption/\((StorefrontID.productBase + option.product) * 10 + option.option + 1)")
        }
        fields.add("ProductOption", "name") { call, _ in .string(try call.parent(OptionValue.self).name) }
        fields.add("ProductOption", "values") { call, _ in .list(try call.parent(OptionValue.self).values.map(Resolved.string)) }
        fields.add("ProductOption", "optionValues") { call, _ in
            let option = try call.parent(OptionValue.self)
            return .list(option.values.enumerated().map { index, value in
                .object(OptionValue(name: value, values: [String(index)], product: option.product, option: option.option))
            })
        }
        fields.add("ProductOptionValue", "id") { call, _ in
            let value = try call.parent(OptionValue.self)
            let index = Int(value.values.first ?? "0") ?? 0
            return .string("gid://shopify/ProductOptionValue/\((StorefrontID.productBase + value.product) * 10_000 + value.option * 1000 + index + 1)")
        }
        fields.add("ProductOptionValue", "name") { call, _ in .string(try call.parent(OptionValue.self).name) }
        fields.add("ProductOptionValue", "firstSelectableVariant") { call, context in
            // The first variant with this value (every variant, for a product without options).
            let value = try call.parent(OptionValue.self)
            let product = try context.product(value.product)
            let index = product.options.isEmpty ? 0 : product.variants.firstIndex { $0.optionValues[value.option] == value.name }
            return index.map { VariantRef(product: value.product, index: $0).resolved } ?? .null
        }
    }
}

/// A product's range of variant prices (or compare-at prices), travelling as one integer: the
/// product's position times two, plus one for compare-at prices (no box, no cast).
struct PriceRange {
    let product: Int
    let compareAt: Bool

    init(product: Int, compareAt: Bool) {
        self.product = product
        self.compareAt = compareAt
    }

    /// The range a field's parent is.
    init(_ call: FieldCall) {
        product = call.parentInteger / 2
        compareAt = call.parentInteger % 2 == 1
    }

    var resolved: Resolved { .integer(product * 2 + (compareAt ? 1 : 0)) }

    /// The lowest and highest price (a missing compare-at price counts as 0); 0 and 0 for a
    /// product without variants.
    func bounds(in context: StorefrontContext) -> (low: Int64, high: Int64) {
        guard let variants = context.product(at: product)?.variants, !variants.isEmpty else { return (0, 0) }
        // Each price is read in place: a variant copied out retained and released its texts.
        var low = Int64.max
        var high = Int64.min
        for index in variants.indices {
            let price = compareAt ? variants[index].compareAtPrice ?? 0 : variants[index].price
            low = min(low, price)
            high = max(high, price)
        }
        return (low, high)
    }
}

/// A product's `seo`.
struct SEOValue {
    let product: Int
}
