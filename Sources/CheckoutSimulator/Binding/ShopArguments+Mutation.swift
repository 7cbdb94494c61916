import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `Mutation.addToCart`.
struct AddToCartArguments: FieldArguments {
    static let productId = ArgumentKey<String>("productId", .nonNull(.id), "The product to add.")
    static let quantity = ArgumentKey<Int>("quantity", .int, default: 1, "How many units to add.")
    static let variantId = ArgumentKey<String?>("variantId", .id, "The product's variant; without it, its first variant in stock.")
    static var arguments: [ArgumentDeclaration] { [productId.declaration, quantity.declaration, variantId.declaration] }

    let productId: String
    let quantity: Int
    let variantId: String?

    init(_ values: ArgumentValues) throws {
        productId = try values[Self.productId]
        quantity = try values[Self.quantity]
        variantId = try values[Self.variantId]
    }
}

/// `Mutation.updateCartLine`.
struct UpdateCartLineArguments: FieldArguments {
    static let productId = ArgumentKey<String>("productId", .nonNull(.id), "The line's product.")
    static let quantity = ArgumentKey<Int>("quantity", .nonNull(.int), "The new quantity, 0 or more.")
    static let variantId = ArgumentKey<String?>("variantId", .id, "The line's variant; without it, the product's first line.")
    static var arguments: [ArgumentDeclaration] { [productId.declaration, quantity.declaration, variantId.declaration] }

    let productId: String
    let quantity: Int
    let variantId: String?

    init(_ values: ArgumentValues) throws {
        productId = try values[Self.productId]
        quantity = try values[Self.quantity]
        variantId = try values[Self.variantId]
    }
}

/// `Mutation.removeFromCart`.
struct CartLineArguments: FieldArguments {
    static let productId = ArgumentKey<String>("productId", .nonNull(.id), "The line's product.")
    static let variantId = ArgumentKey<String?>("variantId", .id, "The line's variant; without it, the product's first line.")
    static var arguments: [ArgumentDeclaration] { [productId.declaration, variantId.declaration] }

    let productId: String
    let variantId: String?

    init(_ values: ArgumentValues) throws {
        productId = try values[Self.productId]
        variantId = try values[Self.variantId]
    }
}

/// `Mutation.addFavorite` and `removeFavorite`.
struct FavoriteArguments: FieldArguments {
    static let productId = ArgumentKey<String>("productId", .nonNull(.id), "The product.")
    static var arguments: [ArgumentDeclaration] { [productId.declaration] }

    let productId: String

    init(_ values: ArgumentValues) throws {
        productId = try values[Self.productId]
    }
}

/// `Mutation.applyOffer`.
struct OfferCodeArguments: FieldArguments {
    static let code = ArgumentKey<String>("code", .nonNull(.string), "The offer code, in any case.")
    static var arguments: [ArgumentDeclaration] { [code.declaration] }

    let code: String

    init(_ values: ArgumentValues) throws {
        code = try values[Self.code]
    }
}

/// `Mutation.revealScratchCard` and `applyScratchCard`.
struct ScratchCardArguments: FieldArguments {
    static let id = ArgumentKey<String>("id", .nonNull(.id), "The card's id.")
    static var arguments: [ArgumentDeclaration] { [id.declaration] }

    let id: String

    init(_ values: ArgumentValues) throws {
        id = try values[Self.id]
    }
}

/// `Mutation.removeRecentSearch`.
struct RecentSearchArguments: FieldArguments {
    static let term = ArgumentKey<String>("term", .nonNull(.string), "The search to forget, as `recentSearches` lists it (any case).")
    static var arguments: [ArgumentDeclaration] { [term.declaration] }

    let term: String

    init(_ values: ArgumentValues) throws {
        term = try values[Self.term]
    }
}

/// `Mutation.checkout`: the `CheckoutInput` and its `CardInput`.
struct CheckoutArguments: FieldArguments {
    static let input = ArgumentKey<ArgumentValues>("input", .nonNull(ShopTypes.checkoutInput), "The card and options.")
    static var arguments: [ArgumentDeclaration] { [input.declaration] }

    /// `CardInput`'s fields.
    enum Card {
        static let number = ArgumentKey<String>("number", .nonNull(.string), "The card number; spaces and dashes are ignored.")
        static let expMonth = ArgumentKey<Int>("expMonth", .nonNull(.int), "Expiry month, 1 to 12.")
        static let expYear = ArgumentKey<Int>("expYear", .nonNull(.int), "Expiry year, like 2030 (two digits mean 20YY).")
        static let cvc = ArgumentKey<String>("cvc", .nonNull(.string), "The security code: 3 digits, 4 for American Express.")
        static let fields = [number.declaration, expMonth.declaration, expYear.declaration, cvc.declaration]
    }

    /// `CheckoutInput`'s fields.
    enum Input {
        static let card = ArgumentKey<ArgumentValues>("card", .nonNull(ShopTypes.cardInput), "The card to charge.")
        static let idempotencyKey = ArgumentKey<String?>(
            "idempotencyKey", .string, "Retrying with the same key and input returns the first result and charges nothing.")
        static let email = ArgumentKey<String?>("email", .string, "Where to send the receipt.")
        static let fields = [card.declaration, idempotencyKey.declaration, email.declaration]
    }

    let input: CheckoutInput

    init(_ values: ArgumentValues) throws {
        let input = try values[Self.input]
        let card = try input[Input.card]
        self.input = CheckoutInput(
            cardNumber: try card[Card.number], expMonth: try card[Card.expMonth], expYear: try card[Card.expYear],
            cvc: try card[Card.cvc], idempotencyKey: try input[Input.idempotencyKey], email: try input[Input.email])
    }
}

/// `Mutation.addProduct`: the `NewProductInput`.
struct AddProductArguments: FieldArguments {
    static let input = ArgumentKey<ArgumentValues>("input", .nonNull(ShopTypes.newProductInput), "The new product.")
    static var arguments: [ArgumentDeclaration] { [input.declaration] }

    /// `NewProductInput`'s fields.
    enum Input {
        static let name = ArgumentKey<String>("name", .nonNull(.string), "1 to 120 characters.")
        static let brandId = ArgumentKey<String?>(
            "brandId", .id, "An existing brand's id; the store's defaultBrandId when absent (required when the store has none).")
        static let category = ArgumentKey<String>("category", .nonNull(.string), "A non-blank category.")
        static let price = ArgumentKey<String>("price", .nonNull(.string), "A positive decimal string, like \"12.50\".")
        static let description = ArgumentKey<String?>("description", .string, "A short description.")
        static let imageURL = ArgumentKey<String?>("imageURL", .string, "A picture of the product: an absolute http or https URL.")
        static let stock = ArgumentKey<Int>("stock", .int, default: 0, "Units in stock, 0 or more.")
        static let model = ArgumentKey<String?>("model", .string, "The model family; the name when absent.")
        static let taxRate = ArgumentKey<String?>(
            "taxRate", .string,
            "The sales-tax rate in percent, 0 to 100 with at most 2 decimals, like \"8.25\"; the store's default when absent.")
        static let thumbnailURL = ArgumentKey<String?>("thumbnailURL", .string, "A small picture for list cells: an absolute http or https URL.")
        static let shortDescription = ArgumentKey<String?>("shortDescription", .string, "A one-line description for product cards.")
        static let attribute = ArgumentKey<String?>("attribute", .string, "A short size or variant label, like \"500 ml\".")
        static let fields = [
            name.declaration, brandId.declaration, category.declaration, price.declaration, description.declaration,
            imageURL.declaration, stock.declaration, model.declaration, taxRate.declaration, thumbnailURL.declaration,
            shortDescription.declaration, attribute.declaration,
        ]
    }

    let product: Shop.NewProduct

    init(_ values: ArgumentValues) throws {
        let input = try values[Self.input]
        product = Shop.NewProduct(
            name: try input[Input.name], brandId: try input[Input.brandId], category: try input[Input.category],
            price: try input[Input.price], description: try input[Input.description], imageURL: try input[Input.imageURL],
            stock: try input[Input.stock], model: try input[Input.model], taxRate: try input[Input.taxRate],
            thumbnailURL: try input[Input.thumbnailURL], shortDescription: try input[Input.shortDescription],
            attribute: try input[Input.attribute])
    }
}
