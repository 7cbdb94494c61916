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

    static func cartPayload(_ context: RequestContext, _ errors: [CommerceError]) -> CartPayload {
        CartPayload(cart: context.state.shop.cartView(for: context.shopper), errors: errors)
    }

    static func favoritesPayload(_ context: RequestContext, _ errors: [CommerceError]) -> FavoritesPayload {
        FavoritesPayload(favorites: context.shopper.favorites, errors: errors)
    }

    static func scratchPayload(_ context: RequestContext, id: String, _ errors: [CommerceError]) -> ScratchCardPayload {
        let session = context.shopper
        return ScratchCardPayload(card: session.scratchCard(id: id), cart: context.state.shop.cartView(for: session), errors: errors)
    }

    static func addMutationFields(_ fields: inout Fields<BoxedParent<RequestContext, Void>>) {
        fields.field(
            "addToCart", type: .nonNull(Types.cartPayload), "Adds units of a product to the cart, checking the per-order limit and stock.",
            arguments: AddToCartArguments.self
        ) { _, arguments, context in
            cartPayload(context, attempt { () throws(CommerceError) in
                let variant = try context.state.shop.variantIndex(arguments.variantId, of: arguments.productId)
                try context.state.shop.addToCart(productId: arguments.productId, variant: variant, quantity: arguments.quantity, session: context.sessionName)
            })
        }
        fields.field("updateCartLine", type: .nonNull(Types.cartPayload), "Sets a line's quantity; 0 removes the line.", arguments: UpdateCartLineArguments.self) {
            _, arguments, context in
            cartPayload(context, attempt { () throws(CommerceError) in
                let variant = try context.state.shop.variantIndex(arguments.variantId, of: arguments.productId)
                try context.state.shop.updateCartLine(productId: arguments.productId, variant: variant, quantity: arguments.quantity, session: context.sessionName)
            })
        }
        fields.field("removeFromCart", type: .nonNull(Types.cartPayload), "Removes a product's line from the cart.", arguments: CartLineArguments.self) {
            _, arguments, context in
            cartPayload(context, attempt { () throws(CommerceError) in
                let variant = try context.state.shop.variantIndex(arguments.variantId, of: arguments.productId)
                try context.state.shop.removeFromCart(productId: arguments.productId, variant: variant, session: context.sessionName)
            })
        }
        fields.field("clearCart", type: .nonNull(Types.cartPayload), "Empties the cart: lines, offer and scratch card.") { _, context in
            context.state.shop.clearCart(session: context.sessionName)
            return cartPayload(context, [])
        }
        fields.field("applyOffer", type: .nonNull(Types.cartPayload), "Attaches an offer code to the cart, replacing any other.", arguments: OfferCodeArguments.self) {
            _, arguments, context in
            cartPayload(context, attempt { () throws(CommerceError) in
                try context.state.shop.applyOffer(code: arguments.code, session: context.sessionName)
            })
        }
        fields.field("removeOffer", type: .nonNull(Types.cartPayload), "Detaches the offer; a no-op without one.") { _, context in
            context.state.shop.removeOffer(session: context.sessionName)
            return cartPayload(context, [])
        }
        fields.field("revealScratchCard", type: .nonNull(Types.scratchCardPayload), "Scratches a card to reveal its reward.", arguments: ScratchCardArguments.self) {
            _, arguments, context in
            scratchPayload(context, id: arguments.id, attempt { () throws(CommerceError) in
                try context.state.shop.revealScratchCard(id: arguments.id, session: context.sessionName)
            })
        }
        fields.field(
            "applyScratchCard", type: .nonNull(Types.scratchCardPayload), "Attaches a revealed card's reward to the cart, replacing any other card.",
            arguments: ScratchCardArguments.self
        ) { _, arguments, context in
            scratchPayload(context, id: arguments.id, attempt { () throws(CommerceError) in
                try context.state.shop.applyScratchCard(id: arguments.id, session: context.sessionName)
            })
        }
        fields.field("removeScratchCard", type: .nonNull(Types.cartPayload), "Detaches the scratch card; a no-op without one.") { _, context in
            context.state.shop.removeScratchCard(session: context.sessionName)
            return cartPayload(context, [])
        }
        fields.field(
            "checkout", type: .scoped(.nonNull(Types.checkoutPayload), in: RequestContext.self),
            "Pays for the cart with the dummy payment service and places an order.", arguments: CheckoutArguments.self
        ) { _, arguments, context in
            let outcome = context.state.shop.checkout(arguments.input, session: context.sessionName)
            return checkoutPayload(outcome, key: arguments.input.idempotencyKey, context: context)
        }
        fields.field("addFavorite", type: .nonNull(Types.favoritesPayload), "Adds a product to the favorites; adding twice changes nothing.", arguments: FavoriteArguments.self) {
            _, arguments, context in
            favoritesPayload(context, attempt { () throws(CommerceError) in
                try context.state.shop.addFavorite(productId: arguments.productId, session: context.sessionName)
            })
        }
        fields.field(
            "removeFavorite", type: .nonNull(Types.favoritesPayload), "Removes a product from the favorites; removing twice changes nothing.",
            arguments: FavoriteArguments.self
        ) { _, arguments, context in
            favoritesPayload(context, attempt { () throws(CommerceError) in
                try context.state.shop.removeFavorite(productId: arguments.productId, session: context.sessionName)
            })
        }
        fields.field("clearFavorites", type: .nonNull(Types.favoritesPayload), "Removes every favorite of this session.") { _, context in
            context.state.shop.clearFavorites(session: context.sessionName)
            return favoritesPayload(context, [])
        }
        fields.field(
            "removeRecentSearch", type: .nonNull(Types.recentSearchesPayload),
            "Forgets one recent search, compared case-insensitively; a no-op when it is not there.", arguments: RecentSearchArguments.self
        ) { _, arguments, context in
            context.state.shop.removeRecentSearch(arguments.term, session: context.sessionName)
        }
        fields.field("clearRecentSearches", type: .nonNull(Types.recentSearchesPayload), "Forgets every recent search of this session.") { _, context in
            context.state.shop.clearRecentSearches(session: context.sessionName)
        }
        fields.field(
            "addProduct", type: .nonNull(Types.productPayload), "Adds a product to the catalog of this simulator (all sessions) until reset.",
            arguments: AddProductArguments.self
        ) { _, arguments, context in
            switch context.state.shop.addProduct(arguments.product) {
            case .success(let position): ProductPayload(position: position, errors: [])
            case .failure(let failure): ProductPayload(position: nil, errors: failure.errors)
            }
        }
    }
}
