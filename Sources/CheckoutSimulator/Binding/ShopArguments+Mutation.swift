import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `Mutation.addToCart`.
struct AddToCartArguments: FieldArguments {
    static var arguments: [ArgumentSpec] {
        [.init("productId", "ID!", "The product to add."), .init("quantity", "Int", "How many units to add.", default: "1")]
    }

    let productId: String
    let quantity: Int

    init(_ values: ArgumentValues) throws {
        productId = try values.string("productId")
        quantity = try values.int("quantity")
    }
}

/// `Mutation.updateCartLine`.
struct UpdateCartLineArguments: FieldArguments {
    static var arguments: [ArgumentSpec] {
        [.init("productId", "ID!", "The line's product."), .init("quantity", "Int!", "The new quantity, 0 or more.")]
    }

    let productId: String
    let quantity: Int

    init(_ values: ArgumentValues) throws {
        productId = try values.string("productId")
        quantity = try values.int("quantity")
    }
}

/// `Mutation.removeFromCart`.
struct CartLineArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("productId", "ID!", "The line's product.")] }

    let productId: String

    init(_ values: ArgumentValues) throws {
        productId = try values.string("productId")
    }
}

/// `Mutation.addFavorite` and `removeFavorite`.
struct FavoriteArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("productId", "ID!", "The product.")] }

    let productId: String

    init(_ values: ArgumentValues) throws {
        productId = try values.string("productId")
    }
}

/// `Mutation.applyOffer`.
struct OfferCodeArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("code", "String!", "The offer code, in any case.")] }

    let code: String

    init(_ values: ArgumentValues) throws {
        code = try values.string("code")
    }
}

/// `Mutation.revealScratchCard` and `applyScratchCard`.
struct ScratchCardArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("id", "ID!", "The card's id.")] }

    let id: String

    init(_ values: ArgumentValues) throws {
        id = try values.string("id")
    }
}

/// `Mutation.removeRecentSearch`.
struct RecentSearchArguments: FieldArguments {
    static var arguments: [ArgumentSpec] {
        [.init("term", "String!", "The search to forget, as `recentSearches` lists it (any case).")]
    }

    let term: String

    init(_ values: ArgumentValues) throws {
        term = try values.string("term")
    }
}

/// `Mutation.checkout`: the `CheckoutInput` and its `CardInput`.
struct CheckoutArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("input", "CheckoutInput!", "The card and options.")] }

    static let cardInput: [ArgumentSpec] = [
        .init("number", "String!", "The card number; spaces and dashes are ignored."),
        .init("expMonth", "Int!", "Expiry month, 1 to 12."),
        .init("expYear", "Int!", "Expiry year, like 2030 (two digits mean 20YY)."),
        .init("cvc", "String!", "The security code: 3 digits, 4 for American Express."),
    ]
    static let checkoutInput: [ArgumentSpec] = [
        .init("card", "CardInput!", "The card to charge."),
        .init("idempotencyKey", "String", "Retrying with the same key and input returns the first result and charges nothing."),
        .init("email", "String", "Where to send the receipt."),
    ]

    let input: CheckoutInput

    init(_ values: ArgumentValues) throws {
        let input = try values.input("input")
        let card = try input.input("card")
        self.input = CheckoutInput(
            cardNumber: try card.string("number"), expMonth: try card.int("expMonth"), expYear: try card.int("expYear"),
            cvc: try card.string("cvc"), idempotencyKey: input.optionalString("idempotencyKey"), email: input.optionalString("email"))
    }
}

/// `Mutation.addProduct`: the `NewProductInput`.
struct AddProductArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("input", "NewProductInput!", "The new product.")] }

    static let newProductInput: [ArgumentSpec] = [
        .init("name", "String!", "1 to 120 characters."),
        .init("brandId", "ID", "An existing brand's id; the store's defaultBrandId when absent (required when the store has none)."),
        .init("category", "String!", "A non-blank category."),
        .init("price", "String!", "A positive decimal string, like \"12.50\"."),
        .init("description", "String", "A short description."),
        .init("imageURL", "String", "A picture of the product: an absolute http or https URL."),
        .init("stock", "Int", "Units in stock, 0 or more.", default: "0"),
        .init("model", "String", "The model family; the name when absent."),
        .init("taxRate", "String",
              "The sales-tax rate in percent, 0 to 100 with at most 2 decimals, like \"8.25\"; the store's default when absent."),
        .init("thumbnailURL", "String", "A small picture for list cells: an absolute http or https URL."),
        .init("shortDescription", "String", "A one-line description for product cards."),
        .init("attribute", "String", "A short size or variant label, like \"500 ml\"."),
    ]

    let product: Shop.NewProduct

    init(_ values: ArgumentValues) throws {
        let input = try values.input("input")
        product = Shop.NewProduct(
            name: try input.string("name"), brandId: input.optionalString("brandId"), category: try input.string("category"),
            price: try input.string("price"), description: input.optionalString("description"),
            imageURL: input.optionalString("imageURL"), stock: try input.int("stock"), model: input.optionalString("model"),
            taxRate: input.optionalString("taxRate"), thumbnailURL: input.optionalString("thumbnailURL"),
            shortDescription: input.optionalString("shortDescription"), attribute: input.optionalString("attribute"))
    }
}
