import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// The `Product` fields: each reads the product its object looked up once (the row).
    static func addProductFields(_ fields: inout Fields<RowParent<RequestContext, ProductPosition, Product>>) {
        fields.string("id", "ID!", "The product's id.") { product, _ in product.row.id }
        fields.string("name", "String!", "The product's name.") { product, _ in product.row.name }
        fields.objectOrError("brand", Types.brand, "The product's brand.") { product, context in
            context.state.brandPosition(ofProductAt: product.parent)
        }
        fields.string("model", "String!", "The model family, like \"iPhone 15\".") { product, _ in product.row.model }
        fields.string("category", "String!", "The product's category.") { product, _ in product.row.category }
        fields.string("description", "String!", "A short description.") { product, _ in product.row.description }
        fields.string("imageURL", "String", "A picture of the product.") { product, _ in product.row.imageURL }
        fields.object("price", Types.money, "The price of one unit.") { product, _ in Amount(product.row.price) }
        fields.optionalObject("compareAtPrice", Types.money, "The price before a reduction, when there is one.") { product, _ in
            product.row.compareAtPrice.map(Amount.init)
        }
        fields.int("stock", "Int!", "Units in stock now, shared by all sessions.") { product, context in context.state.stock(product.parent) }
        fields.bool("inStock", "Boolean!", "Whether any units are in stock.") { product, context in context.state.stock(product.parent) > 0 }
        fields.int("maxPerOrder", "Int!", "The most units one cart may hold.") { product, _ in product.row.maxPerOrder }
        fields.utf8("createdAt", "String!", "When the product was added, ISO-8601 UTC.") { product, _, write in
            product.row.createdAt.writeISO8601(to: write)
        }
        fields.bool("isFavorite", "Boolean!", "Whether this session has the product among its favorites.") { product, context in
            context.state.isFavorite(product.row.id, session: context.sessionName)
        }
        fields.int("quantityInCart", "Int!", "How many units this session's cart holds.") { product, context in
            context.state.quantityInCart(product.row.id, session: context.sessionName)
        }
        fields.utf8(
            "favoritedAt", "String",
            "When this session first added the product to its favorites, ISO-8601 UTC; null when it is not one."
        ) { product, context, write in
            context.state.favoritedAt(product.row.id, session: context.sessionName)?.writeISO8601(to: write)
        }
        fields.string("thumbnailURL", "String", "A small picture for list cells.") { product, _ in product.row.thumbnailURL }
        fields.string("shortDescription", "String", "A one-line description for product cards.") { product, _ in product.row.shortDescription }
        fields.string("attribute", "String", "A short size or variant label for product cards, like \"500 ml\".") { product, _ in
            product.row.attribute
        }
        fields.string("taxRate", "String!", "The sales-tax rate in percent, like \"8.25\"; informational, totals are tax-exclusive.") {
            product, _ in product.row.taxRate.text
        }
        fields.object("priceIncludingTax", Types.money, "The price of one unit plus tax at `taxRate`, rounded half to even.") { product, _ in
            guard let total = product.row.taxRate.priceIncludingTax(product.row.price) else {
                throw FieldError("The price including tax of \"\(product.row.id)\" does not fit in 64 bits.")
            }
            return Amount(total)
        }
    }
}
