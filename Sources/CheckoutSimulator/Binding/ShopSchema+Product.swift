import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// The `Product` fields: each reads the product its object looked up once (the row).
    static func addProductFields(_ fields: inout Fields<RowParent<RequestContext, ProductPosition, Product>>) {
        fields.field("id", type: .nonNull(.id), "The product's id.") { product, _ in product.row.id }
        fields.field("name", type: .nonNull(.string), "The product's name.") { product, _ in product.row.name }
        fields.field("brand", type: .nonNull(Types.brand), "The product's brand.") { product, context in
            try context.state.brandPosition(ofProductAt: product.parent).orNoValue()
        }
        fields.field("model", type: .nonNull(.string), "The model family, like \"iPhone 15\".") { product, _ in product.row.model }
        fields.field("category", type: .nonNull(.string), "The product's category.") { product, _ in product.row.category }
        fields.field("description", type: .nonNull(.string), "A short description.") { product, _ in product.row.description }
        fields.field("imageURL", type: .string, "A picture of the product.") { product, _ in product.row.imageURL }
        fields.field("price", type: .nonNull(Types.money), "The price of one unit.") { product, _ in Amount(product.row.price) }
        fields.field("compareAtPrice", type: Types.money, "The price before a reduction, when there is one.") { product, _ in
            product.row.compareAtPrice.map(Amount.init)
        }
        fields.field("stock", type: .nonNull(.int), "Units in stock now, shared by all sessions.") { product, context in context.state.stock(product.parent) }
        fields.field("inStock", type: .nonNull(.boolean), "Whether any units are in stock.") { product, context in context.state.stock(product.parent) > 0 }
        fields.field("maxPerOrder", type: .nonNull(.int), "The most units one cart may hold.") { product, _ in product.row.maxPerOrder }
        fields.field("createdAt", type: .nonNull(.string(writtenBy: TimeText.self)), "When the product was added, ISO-8601 UTC.") { product, _ in
            TimeText(product.row.createdAt)
        }
        fields.field("isFavorite", type: .nonNull(.boolean), "Whether this session has the product among its favorites.") { product, context in
            context.state.isFavorite(product.row.id, session: context.sessionName)
        }
        fields.field("quantityInCart", type: .nonNull(.int), "How many units this session's cart holds.") { product, context in
            context.state.quantityInCart(product.row.id, session: context.sessionName)
        }
        fields.field(
            "favoritedAt", type: .string(writtenBy: TimeText.self),
            "When this session first added the product to its favorites, ISO-8601 UTC; null when it is not one."
        ) { product, context in
            context.state.favoritedAt(product.row.id, session: context.sessionName).map(TimeText.init)
        }
        fields.field("thumbnailURL", type: .string, "A small picture for list cells.") { product, _ in product.row.thumbnailURL }
        fields.field("shortDescription", type: .string, "A one-line description for product cards.") { product, _ in product.row.shortDescription }
        fields.field("attribute", type: .string, "A short size or variant label for product cards, like \"500 ml\".") { product, _ in
            product.row.attribute
        }
        fields.field("taxRate", type: .nonNull(.string), "The sales-tax rate in percent, like \"8.25\"; informational, totals are tax-exclusive.") {
            product, _ in product.row.taxRate.text
        }
        fields.field("priceIncludingTax", type: .nonNull(Types.money), "The price of one unit plus tax at `taxRate`, rounded half to even.") { product, _ in
            guard let total = product.row.taxRate.priceIncludingTax(product.row.price) else {
                throw FieldError("The price including tax of \"\(product.row.id)\" does not fit in 64 bits.")
            }
            return Amount(total)
        }
    }
}
