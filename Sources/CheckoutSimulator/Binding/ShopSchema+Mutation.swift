import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    /// Runs a shop mutation and collects its business error, if any, as payload data.
    static func attempt(_ change: () throws(CommerceError) -> Void) -> [CommerceError] {
        do {
            try change()
            return []
        } catch {
            return [error]
        }
    }

    static func cartPayload(_ context: RequestContext, _ errors: [CommerceError]) -> Resolved {
        .object(CartPayloadNode(cart: context.state.shop.cartView(for: context.session), errors: errors))
    }

    static func string(_ call: FieldCall, _ name: String) -> String {
        call.arguments[name]?.stringValue ?? ""
    }

    static var mutationFields: [F] {
        [
            F("addToCart", "CartPayload!", "Adds units of a product to the cart, checking the per-order limit and stock.",
              arguments: [A("productId", "ID!", "The product to add."), A("quantity", "Int", "How many units to add.", default: "1")]) { call in
                let context = try call.shop()
                let errors = attempt { () throws(CommerceError) in
                    try context.state.shop.addToCart(
                        productId: string(call, "productId"), quantity: call.arguments["quantity"]?.intValue ?? 1, session: context.sessionName)
                }
                return cartPayload(context, errors)
            },
            F("updateCartLine", "CartPayload!", "Sets a line's quantity; 0 removes the line.",
              arguments: [A("productId", "ID!", "The line's product."), A("quantity", "Int!", "The new quantity, 0 or more.")]) { call in
                let context = try call.shop()
                let errors = attempt { () throws(CommerceError) in
                    try context.state.shop.updateCartLine(
                        productId: string(call, "productId"), quantity: call.arguments["quantity"]?.intValue ?? 0, session: context.sessionName)
                }
                return cartPayload(context, errors)
            },
            F("removeFromCart", "CartPayload!", "Removes a product's line from the cart.",
              arguments: [A("productId", "ID!", "The line's product.")]) { call in
                let context = try call.shop()
                let errors = attempt { () throws(CommerceError) in
                    try context.state.shop.removeFromCart(productId: string(call, "productId"), session: context.sessionName)
                }
                return cartPayload(context, errors)
            },
            F("clearCart", "CartPayload!", "Empties the cart: lines, offer and scratch card.") { call in
                let context = try call.shop()
                context.state.shop.clearCart(session: context.sessionName)
                return cartPayload(context, [])
            },
            F("applyOffer", "CartPayload!", "Attaches an offer code to the cart, replacing any other.",
              arguments: [A("code", "String!", "The offer code, in any case.")]) { call in
                let context = try call.shop()
                let errors = attempt { () throws(CommerceError) in
                    try context.state.shop.applyOffer(code: string(call, "code"), session: context.sessionName)
                }
                return cartPayload(context, errors)
            },
            F("removeOffer", "CartPayload!", "Detaches the offer; a no-op without one.") { call in
                let context = try call.shop()
                context.state.shop.removeOffer(session: context.sessionName)
                return cartPayload(context, [])
            },
            F("revealScratchCard", "ScratchCardPayload!", "Scratches a card to reveal its reward.",
              arguments: [A("id", "ID!", "The card's id.")]) { call in
                try scratchPayload(call) { context, id throws(CommerceError) in
                    try context.state.shop.revealScratchCard(id: id, session: context.sessionName)
                }
            },
            F("applyScratchCard", "ScratchCardPayload!", "Attaches a revealed card's reward to the cart, replacing any other card.",
              arguments: [A("id", "ID!", "The card's id.")]) { call in
                try scratchPayload(call) { context, id throws(CommerceError) in
                    try context.state.shop.applyScratchCard(id: id, session: context.sessionName)
                }
            },
            F("removeScratchCard", "CartPayload!", "Detaches the scratch card; a no-op without one.") { call in
                let context = try call.shop()
                context.state.shop.removeScratchCard(session: context.sessionName)
                return cartPayload(context, [])
            },
            F("checkout", "CheckoutPayload!", "Pays for the cart with the dummy payment service and places an order.",
              arguments: [A("input", "CheckoutInput!", "The card and options.")]) { call in
                let context = try call.shop()
                let input = call.arguments["input"]?.objectValue ?? JSONObject()
                let card = input["card"]?.objectValue ?? JSONObject()
                let checkout = CheckoutInput(
                    cardNumber: card["number"]?.stringValue ?? "", expMonth: card["expMonth"]?.intValue ?? 0,
                    expYear: card["expYear"]?.intValue ?? 0, cvc: card["cvc"]?.stringValue ?? "",
                    idempotencyKey: input["idempotencyKey"]?.stringValue, email: input["email"]?.stringValue)
                let outcome = context.state.shop.checkout(checkout, session: context.sessionName)
                return checkoutPayload(outcome, key: checkout.idempotencyKey, context: context)
            },
            F("addFavorite", "FavoritesPayload!", "Adds a product to the favorites; adding twice changes nothing.",
              arguments: [A("productId", "ID!", "The product.")]) { call in
                let context = try call.shop()
                let errors = attempt { () throws(CommerceError) in
                    try context.state.shop.addFavorite(productId: string(call, "productId"), session: context.sessionName)
                }
                return .object(FavoritesPayloadNode(favorites: context.session.favorites, errors: errors))
            },
            F("removeFavorite", "FavoritesPayload!", "Removes a product from the favorites; removing twice changes nothing.",
              arguments: [A("productId", "ID!", "The product.")]) { call in
                let context = try call.shop()
                let errors = attempt { () throws(CommerceError) in
                    try context.state.shop.removeFavorite(productId: string(call, "productId"), session: context.sessionName)
                }
                return .object(FavoritesPayloadNode(favorites: context.session.favorites, errors: errors))
            },
            F("clearFavorites", "FavoritesPayload!", "Removes every favorite of this session.") { call in
                let context = try call.shop()
                context.state.shop.clearFavorites(session: context.sessionName)
                return .object(FavoritesPayloadNode(favorites: context.session.favorites, errors: []))
            },
            F("removeRecentSearch", "RecentSearchesPayload!", "Forgets one recent search, compared case-insensitively; a no-op when it is not there.",
              arguments: [A("term", "String!", "The search to forget, as `recentSearches` lists it (any case).")]) { call in
                let context = try call.shop()
                context.state.shop.removeRecentSearch(string(call, "term"), session: context.sessionName)
                return .object(())
            },
            F("clearRecentSearches", "RecentSearchesPayload!", "Forgets every recent search of this session.") { call in
                let context = try call.shop()
                context.state.shop.clearRecentSearches(session: context.sessionName)
                return .object(())
            },
            F("addProduct", "ProductPayload!", "Adds a product to the catalog of this simulator (all sessions) until reset.",
              arguments: [A("input", "NewProductInput!", "The new product.")]) { call in
                let context = try call.shop()
                let input = call.arguments["input"]?.objectValue ?? JSONObject()
                let newProduct = Shop.NewProduct(
                    name: input["name"]?.stringValue ?? "", brandId: input["brandId"]?.stringValue,
                    category: input["category"]?.stringValue ?? "", price: input["price"]?.stringValue ?? "",
                    description: input["description"]?.stringValue, imageURL: input["imageURL"]?.stringValue,
                    stock: input["stock"]?.intValue ?? 0, model: input["model"]?.stringValue, taxRate: input["taxRate"]?.stringValue,
                    thumbnailURL: input["thumbnailURL"]?.stringValue, shortDescription: input["shortDescription"]?.stringValue,
                    attribute: input["attribute"]?.stringValue)
                switch context.state.shop.addProduct(newProduct) {
                case .success(let position): return .object(ProductPayloadNode(position: position, errors: []))
                case .failure(let failure): return .object(ProductPayloadNode(position: nil, errors: failure.errors))
                }
            },
        ]
    }

    private static func scratchPayload(
        _ call: FieldCall, _ change: (RequestContext, String) throws(CommerceError) -> Void
    ) throws -> Resolved {
        let context = try call.shop()
        let id = string(call, "id")
        let errors = attempt { () throws(CommerceError) in try change(context, id) }
        let session = context.session
        return .object(ScratchCardPayloadNode(card: session.scratchCard(id: id), cart: context.state.shop.cartView(for: session), errors: errors))
    }
}
