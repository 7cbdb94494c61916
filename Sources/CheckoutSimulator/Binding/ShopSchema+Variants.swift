import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// `ProductVariant`, `ProductOption` and `SelectedOption` (docs/schema.md#variants): rows kept
    /// with their product's (`Binding/VariantRows.swift`), their texts written as they were kept.
    static func addVariantTypes(_ builder: inout TypedSchemaBuilder<RequestContext>) {
        builder.object(
            Types.productVariant, "One variant of a product: its option values, price and stock.", keptRow: { variant, context in try context.state.variantRow(variant) }
        ) { fields in
            fields.field(
                "id", type: .nonNull(.id), "The variant's id, unique within its product (the product's id for its one default variant).",
                leaf: VariantRow.Slot.id)
            fields.field("title", type: .nonNull(.string), "Its option values joined by \" / \", or \"Default Title\".", leaf: VariantRow.Slot.title)
            fields.field("options", type: .nonNull(.list(.nonNull(Types.selectedOption))), "Its value of each of the product's options.") { variant, _ in
                variant.row.options.indices.map { OptionSource(owner: variant.parent.integer, index: $0) }
            }
            fields.field("sku", type: .nonNull(.string), "The stock-keeping unit.", leaf: VariantRow.Slot.sku)
            fields.field("price", type: .nonNull(Types.money), "The price of one unit.") { variant, _ in Amount(variant.row.variant.price) }
            fields.field("compareAtPrice", type: Types.money, "The price before a reduction, when there is one.") { variant, _ in
                variant.row.variant.compareAtPrice.map(Amount.init)
            }
            fields.field("stock", type: .nonNull(.int), "Units of this variant in stock now, shared by all sessions.") { variant, context in
                context.state.shop.inventory.stock(at: variant.parent.position.index, variant: variant.parent.index)
            }
            fields.field("inStock", type: .nonNull(.boolean), "Whether any units of this variant are in stock.") { variant, context in
                context.state.shop.inventory.stock(at: variant.parent.position.index, variant: variant.parent.index) > 0
            }
            fields.field("imageURL", type: .string, "A picture of the variant.", leaf: VariantRow.Slot.imageURL)
        }
        builder.object(
            Types.productOption, "An option a product's variants choose among, like a colour.", keptRow: { option, context in try context.state.productOptionRow(option) }
        ) { fields in
            fields.field("name", type: .nonNull(.string), "The option's name, like \"Colour\".", leaf: OptionTextRow.Slot.name)
            fields.field("values", type: .nonNull(.list(.nonNull(.string))), "Its values, in order.") { option, _ in option.row.values }
        }
        builder.object(
            Types.selectedOption, "An option and the value a variant has.", keptRow: { option, context in try context.state.selectedOptionRow(option) }
        ) { fields in
            fields.field("name", type: .nonNull(.string), "The option's name.", leaf: OptionTextRow.Slot.name)
            fields.field("value", type: .nonNull(.string), "The value.", leaf: OptionTextRow.Slot.value)
        }
    }

    /// `Product.options` and `Product.variants`.
    static func addProductVariantFields(_ fields: inout Fields<RowParent<RequestContext, ProductPosition, ProductRow>>) {
        fields.field("options", type: .nonNull(.list(.nonNull(Types.productOption))), "The options its variants choose among; empty for a product without options.") {
            product, _ in product.row.options.indices.map { OptionSource(owner: product.parent.index, index: $0) }
        }
        fields.field("variants", type: .nonNull(.list(.nonNull(Types.productVariant))), "Its variants, at least one.") { product, _ in
            product.row.variants.indices.map { VariantSource(position: product.parent, index: $0) }
        }
    }
}
