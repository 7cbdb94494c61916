import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// A product as the dialect carries it: its catalog position, travelling as that integer.
struct ProductRef: IntegerObject {
    static func carries(_ name: String) -> Bool { name == "Product" }

    let position: Int

    init(_ position: Int) {
        self.position = position
    }

    init(integer: Int) { position = integer }
    var integer: Int { position }
}

/// A product variant as the dialect carries it: the product's catalog position and the variant's
/// index, as one integer (`ChildPosition`, the native schema's encoding too).
typealias VariantRef = ChildPosition<VariantKind>

/// A variant's option number `option` as a `SelectedOption` (a product has at most three
/// options, as on Shopify), as one integer: the variant's integer is its owner.
typealias SelectedOptionRef = ChildPosition<OptionKind>

extension ChildPosition where Kind == OptionKind {
    init(_ variant: VariantRef, option: Int) {
        self.init(owner: variant.integer, index: option)
    }

    var variant: VariantRef { VariantRef(integer: owner) }
    var option: Int { index }
}

/// The Storefront type each kind of child is.
protocol StorefrontChildKind: ChildKind {
    static var typeName: String { get }
}

extension VariantKind: StorefrontChildKind {
    static var typeName: String { "ProductVariant" }
}

extension OptionKind: StorefrontChildKind {
    static var typeName: String { "SelectedOption" }
}

extension ChildPosition: SharedMetatype, FieldAnswer, StorefrontObject, IntegerObject where Kind: StorefrontChildKind {
    static func carries(_ name: String) -> Bool { name == Kind.typeName }
}

/// A `MoneyV2`: an amount in the shop's minor units, travelling as that integer.
struct MoneyValue: IntegerObject {
    static func carries(_ name: String) -> Bool { name == "MoneyV2" }

    let amount: Int64

    init(amount: Int64) {
        self.amount = amount
    }

    init(integer: Int) { amount = Int64(integer) }
    var integer: Int { Int(amount) }
}

/// An `Image` (and a `MediaImage`'s image): its URL, alternative text and id.
struct ImageValue {
    let id: String
    let url: String
    let altText: String?
}

/// An `Image` or a `MediaImage`: a product's own, travelling as the product's position, or
/// another (a variant's, an article's, the shop's logo) travelling boxed.
enum ImageRef: StorefrontObject {
    case product(Int)
    case value(ImageValue)

    static func carries(_ name: String) -> Bool { name == "Image" || name == "MediaImage" }

    static func parent(of call: borrowing FieldCall) throws(FieldError) -> ImageRef {
        if call.parentInteger >= 0 { return .product(call.parentInteger) }
        guard let image = call.parentValue as? ImageValue else { throw FieldError("Unexpected parent \(type(of: call.parentValue)).") }
        return .value(image)
    }

    var carried: Resolved {
        switch self {
        case .product(let position): .integer(position)
        case .value(let image): .object(image)
        }
    }
}

/// `name`/`value` pairs: `ProductOption`s and their values, which also know the product's
/// position and the option's index.
struct OptionValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "ProductOption" || name == "ProductOptionValue" }

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
        fields.object("Product", as: ProductRef.self) { product in
            product.text("onlineStoreUrl") { ref, context in
                "https://\(context.settings.domain)/products/\(try context.product(ref.position).id)"
            }
            product.field("description", ArgumentKey<Int?>("truncateAt", .int)) { ref, limit, context in
                let product = try context.product(ref.position)
                guard let limit, limit >= 0 else { return Resolved.string(product.description) }
                return .string(String(String.UnicodeScalarView(product.description.unicodeScalars.prefix(limit))))
            }
            product.field("tags") { ref, context in
                let product = try context.product(ref.position)
                return ([product.model] + (product.attribute.map { [$0] } ?? [])).map(Resolved.string)
            }
            product.boolean("availableForSale") { ref, context in context.inventory.stock(at: ref.position) > 0 }
            product.field("totalInventory") { ref, context in Resolved.int(context.inventory.stock(at: ref.position)) }
            product.field("featuredImage") { ref, context in
                try context.product(ref.position).imageURL == nil ? nil : ImageRef.product(ref.position)
            }
            product.field("images", PagingArguments.self) { ref, paging, context in
                let images: [Resolved] = try context.product(ref.position).imageURL == nil ? [] : [.integer(ref.position)]
                return try paging.page(of: images, key: { _ in StorefrontID.image(product: ref.position) }, list: "images")
            }
            product.field("media", PagingArguments.self) { ref, paging, context in
                // Each media node names its type: `Media` is an interface.
                let media = try context.product(ref.position).imageURL == nil ? [] : [try context.member("MediaImage", ImageRef.product(ref.position))]
                return try paging.page(of: media, key: { _ in StorefrontID.media(product: ref.position) }, list: "media")
            }
            product.field("priceRange") { ref, _ in PriceRange(product: ref.position, compareAt: false) }
            product.field("compareAtPriceRange") { ref, _ in PriceRange(product: ref.position, compareAt: true) }
            product.field("options") { ref, context in context.options(ofProductAt: ref.position) }
            product.field("variants", GivenPaging.self) { ref, paging, context in
                let position = ref.position
                func page(of count: Int) throws(FieldError) -> ConnectionPage {
                    try paging.read().page(
                        of: (0..<count).map { VariantRef(product: position, index: $0).carried },
                        key: { StorefrontID.variant(product: position, index: $0) }, list: "variants")
                }
                guard let product = context.product(at: position) else { return try page(of: 0) }
                // Kept with the product's texts: the same arguments get the same page (`StorefrontRows.variants`).
                return try context.rows.variants(of: product, at: position, arguments: paging.given) { () throws(FieldError) in
                    try page(of: product.variants.count)
                }
            }
            product.field("seo") { ref, _ in SEORef.product(ref.position) }
        }
        fields.object("ProductPriceRange", as: PriceRange.self) { range in
            range.field("minVariantPrice") { range, context in MoneyValue(amount: range.bounds(in: context).low) }
            range.field("maxVariantPrice") { range, context in MoneyValue(amount: range.bounds(in: context).high) }
        }
        fields.object("ProductOption", as: OptionValue.self) { option in
            option.text("id") { option, _ in
                "gid://shopify/ProductOption/\((StorefrontID.productBase + option.product) * 10 + option.option + 1)"
            }
            option.text("name") { option, _ in option.name }
            option.field("values") { option, _ in option.values.map(Resolved.string) }
            option.field("optionValues") { option, _ in
                option.values.enumerated().map { index, value in
                    OptionValue(name: value, values: [String(index)], product: option.product, option: option.option)
                }
            }
        }
        fields.object("ProductOptionValue", as: OptionValue.self) { value in
            value.text("id") { value, _ in
                let index = Int(value.values.first ?? "0") ?? 0
                return "gid://shopify/ProductOptionValue/\((StorefrontID.productBase + value.product) * 10_000 + value.option * 1000 + index + 1)"
            }
            value.text("name") { value, _ in value.name }
            value.field("firstSelectableVariant") { value, context in
                // The first variant with this value (every variant, for a product without options).
                let product = try context.product(value.product)
                let index = product.options.isEmpty ? 0 : product.variants.firstIndex { $0.optionValues[value.option] == value.name }
                return index.map { VariantRef(product: value.product, index: $0) }
            }
        }
    }
}

/// A product's range of variant prices (or compare-at prices), travelling as one integer: the
/// product's position times two, plus one for compare-at prices (no box, no cast).
struct PriceRange: IntegerObject {
    static func carries(_ name: String) -> Bool { name == "ProductPriceRange" }

    let product: Int
    let compareAt: Bool

    init(product: Int, compareAt: Bool) {
        self.product = product
        self.compareAt = compareAt
    }

    init(integer: Int) {
        product = integer / 2
        compareAt = integer % 2 == 1
    }

    var integer: Int { product * 2 + (compareAt ? 1 : 0) }

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

/// An `SEO`: a product's (its position) or a collection's.
enum SEORef: BoxedObject {
    case product(Int)
    case collection(CollectionSEO)

    static func carries(_ name: String) -> Bool { name == "SEO" }
}
