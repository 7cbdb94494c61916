import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontContext {
    /// The variants of the product at `position`.
    func variants(ofProductAt position: Int) -> [VariantRef] {
        [VariantRef(product: position, index: 0)]
    }

    /// The options a product's variants choose among: `Title` with `Default Title` for a product
    /// without options, as Shopify lists it.
    func options(ofProductAt position: Int) -> [OptionValue] {
        [OptionValue(name: "Title", values: ["Default Title"])]
    }

    func variantPrices(_ position: Int) -> [Int64] {
        shop.catalog.product(at: position).map { [$0.price] } ?? []
    }

    func variantCompareAtPrices(_ position: Int) -> [Int64] {
        shop.catalog.product(at: position).map { [$0.compareAtPrice ?? 0] } ?? []
    }

    /// Units of a variant in stock.
    func stock(of variant: VariantRef) -> Int {
        shop.inventory.stock(at: variant.product)
    }
}

extension StorefrontBinding {
    static func variantFields(_ fields: inout ModeledFields) {
        func variant(_ field: String, _ read: @escaping @Sendable (VariantRef, Product, StorefrontContext) throws -> Resolved) {
            fields.add("ProductVariant", field) { call, context in
                let variant = try call.parent(VariantRef.self)
                return try read(variant, try context.product(variant.product), context)
            }
        }
        variant("id") { variant, _, _ in .string(StorefrontID.variant(product: variant.product, index: variant.index)) }
        variant("title") { _, _, _ in .string("Default Title") }
        variant("sku") { _, product, _ in .string(product.id) }
        variant("price") { _, product, _ in .object(MoneyValue(amount: product.price)) }
        variant("compareAtPrice") { _, product, _ in product.compareAtPrice.map { .object(MoneyValue(amount: $0)) } ?? .null }
        variant("availableForSale") { variant, _, context in .bool(context.stock(of: variant) > 0) }
        variant("currentlyNotInStock") { _, _, _ in .bool(false) }
        variant("quantityAvailable") { variant, _, context in .int(context.stock(of: variant)) }
        variant("requiresShipping") { _, _, _ in .bool(true) }
        variant("taxable") { _, _, _ in .bool(true) }
        variant("product") { variant, _, _ in .integer(variant.product) }
        variant("image") { variant, _, context in try context.image(ofProductAt: variant.product).map { .object($0) } ?? .null }
        variant("selectedOptions") { _, _, _ in .list([.object(OptionValue(name: "Title", values: ["Default Title"]))]) }
    }
}
