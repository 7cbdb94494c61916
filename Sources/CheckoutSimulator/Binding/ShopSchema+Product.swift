import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// The `Product` fields: each reads the product its object looked up once (the row).
    static func addProductFields(_ fields: inout Fields<RowParent<RequestContext, ProductPosition, ProductRow>>) {
        fields.field("id", type: .nonNull(.id), "The product's id.", leaf: ProductRow.Slot.id)
        fields.field("name", type: .nonNull(.string), "The product's name.", leaf: ProductRow.Slot.name)
        fields.field("brand", type: .nonNull(Types.brand), "The product's brand.") { product, context in
            try context.state.brandPosition(ofProductAt: product.parent).orNoValue()
        }
        fields.field("model", type: .nonNull(.string), "The model family, like \"iPhone 15\".", leaf: ProductRow.Slot.model)
        fields.field("category", type: .nonNull(.string), "The product's category.", leaf: ProductRow.Slot.category)
        fields.field("description", type: .nonNull(.string), "A short description.", leaf: ProductRow.Slot.description)
        fields.field("imageURL", type: .string, "A picture of the product.", leaf: ProductRow.Slot.imageURL)
        fields.field("price", type: .nonNull(Types.money), "The price of one unit.") { product, _ in Amount(product.row.product.price) }
        fields.field("compareAtPrice", type: Types.money, "The price before a reduction, when there is one.") { product, _ in
            product.row.product.compareAtPrice.map(Amount.init)
        }
        fields.field("stock", type: .nonNull(.int), "Units in stock now, shared by all sessions.") { product, context in context.state.stock(product.parent) }
        fields.field("inStock", type: .nonNull(.boolean), "Whether any units are in stock.") { product, context in context.state.stock(product.parent) > 0 }
        fields.field("maxPerOrder", type: .nonNull(.int), "The most units one cart may hold.") { product, _ in product.row.product.maxPerOrder }
        fields.field("createdAt", type: .nonNull(.string(writtenBy: TimeText.self)), "When the product was added, ISO-8601 UTC.", leaf: ProductRow.Slot.createdAt)
        fields.field("isFavorite", type: .nonNull(.boolean), "Whether this session has the product among its favorites.") { product, context in
            context.state.isFavorite(product.row.product.id, session: context.sessionName)
        }
        fields.field("quantityInCart", type: .nonNull(.int), "How many units this session's cart holds.") { product, context in
            context.state.quantityInCart(product.row.product.id, session: context.sessionName)
        }
        fields.field(
            "favoritedAt", type: .string(writtenBy: TimeText.self),
            "When this session first added the product to its favorites, ISO-8601 UTC; null when it is not one."
        ) { product, context in
            context.state.favoritedAt(product.row.product.id, session: context.sessionName).map(TimeText.init)
        }
        fields.field("thumbnailURL", type: .string, "A small picture for list cells.", leaf: ProductRow.Slot.thumbnailURL)
        fields.field("shortDescription", type: .string, "A one-line description for product cards.", leaf: ProductRow.Slot.shortDescription)
        fields.field("attribute", type: .string, "A short size or variant label for product cards, like \"500 ml\".", leaf: ProductRow.Slot.attribute)
        fields.field(
            "taxRate", type: .nonNull(.string), "The sales-tax rate in percent, like \"8.25\"; informational, totals are tax-exclusive.",
            leaf: ProductRow.Slot.taxRate)
        fields.field("priceIncludingTax", type: .nonNull(Types.money), "The price of one unit plus tax at `taxRate`, rounded half to even.") { product, _ in
            guard let total = product.row.product.taxRate.priceIncludingTax(product.row.product.price) else {
                throw FieldError("The price including tax of \"\(product.row.product.id)\" does not fit in 64 bits.")
            }
            return Amount(total)
        }
    }
}
