import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A variant as the native schema carries it: its product's position and its index.
struct VariantSource: Sendable {
    let position: ProductPosition
    let index: Int
}

/// One option value a variant has: the option's name and the value.
struct SelectedOptionValue: Sendable {
    let name: String
    let value: String
}

extension ShopSchema {
    /// `ProductVariant`, `ProductOption` and `SelectedOption` (docs/schema.md#variants).
    static func addVariantTypes(_ builder: inout TypedSchemaBuilder<RequestContext>) {
        builder.object(Types.productVariant, "One variant of a product: its option values, price and stock.") { fields in
            fields.field("id", type: .nonNull(.id), "The variant's id, unique within its product (the product's id for its one default variant).") {
                variant, context in try context.state.variant(variant).id
            }
            fields.field("title", type: .nonNull(.string), "Its option values joined by \" / \", or \"Default Title\".") { variant, context in
                try context.state.variant(variant).title
            }
            fields.field("options", type: .nonNull(.list(.nonNull(Types.selectedOption))), "Its value of each of the product's options.") {
                variant, context in
                let product = try context.state.product(variant.position)
                return zip(product.options, product.variants[variant.index].optionValues).map { SelectedOptionValue(name: $0.name, value: $1) }
            }
            fields.field("sku", type: .nonNull(.string), "The stock-keeping unit.") { variant, context in try context.state.variant(variant).sku }
            fields.field("price", type: .nonNull(Types.money), "The price of one unit.") { variant, context in
                Amount(try context.state.variant(variant).price)
            }
            fields.field("compareAtPrice", type: Types.money, "The price before a reduction, when there is one.") { variant, context in
                try context.state.variant(variant).compareAtPrice.map(Amount.init)
            }
            fields.field("stock", type: .nonNull(.int), "Units of this variant in stock now, shared by all sessions.") { variant, context in
                context.state.shop.inventory.stock(at: variant.position.index, variant: variant.index)
            }
            fields.field("inStock", type: .nonNull(.boolean), "Whether any units of this variant are in stock.") { variant, context in
                context.state.shop.inventory.stock(at: variant.position.index, variant: variant.index) > 0
            }
            fields.field("imageURL", type: .string, "A picture of the variant.") { variant, context in try context.state.variant(variant).imageURL }
        }
        builder.object(Types.productOption, "An option a product's variants choose among, like a colour.") { fields in
            fields.field("name", type: .nonNull(.string), "The option's name, like \"Colour\".") { option, _ in option.name }
            fields.field("values", type: .nonNull(.list(.nonNull(.string))), "Its values, in order.") { option, _ in option.values }
        }
        builder.object(Types.selectedOption, "An option and the value a variant has.") { fields in
            fields.field("name", type: .nonNull(.string), "The option's name.") { option, _ in option.name }
            fields.field("value", type: .nonNull(.string), "The value.") { option, _ in option.value }
        }
    }

    /// `Product.options` and `Product.variants`.
    static func addProductVariantFields(_ fields: inout Fields<RowParent<RequestContext, ProductPosition, ProductRow>>) {
        fields.field("options", type: .nonNull(.list(.nonNull(Types.productOption))), "The options its variants choose among; empty for a product without options.") {
            product, _ in product.row.product.options
        }
        fields.field("variants", type: .nonNull(.list(.nonNull(Types.productVariant))), "Its variants, at least one.") { product, _ in
            product.row.product.variants.indices.map { VariantSource(position: product.parent, index: $0) }
        }
    }
}

extension ShopState {
    func variant(_ source: VariantSource) throws(FieldError) -> ProductVariant {
        let product = try product(source.position)
        guard product.variants.indices.contains(source.index) else { throw FieldError("No variant \(source.index) of \"\(product.id)\".") }
        return product.variants[source.index]
    }
}
