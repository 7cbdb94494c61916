import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    static func addQueryFields(_ fields: inout Fields<BoxedParent<RequestContext, Void>>) {
        fields.field("product", type: Types.product, "One product by id, or null when there is none.", arguments: ProductLookupArguments.self) {
            _, arguments, context in
            context.state.shop.catalog.position(of: arguments.id).map(ProductPosition.init)
        }
        fields.field(
            "products", type: .nonNull(Types.productConnection), "A page of the catalog, filtered and sorted; pages never repeat or skip a product.",
            arguments: ProductsArguments.self
        ) { _, arguments, context in
            let filter = try arguments.filter.productFilter(currency: context.currency)
            return context.state.inPlace {
                $0.products(
                    order: arguments.sort, filter: filter, first: arguments.first, after: arguments.after, offset: arguments.offset,
                    session: context.sessionName)
            }
        }
        fields.field(
            "productFacets", type: .nonNull(Types.productFacets),
            "What a filter screen lists, with counts. Each dimension's counts ignore that dimension's own selection (disjunctive), so ticking a brand never hides the others; priceRange and totalCount apply the whole filter. Does not record a recent search.",
            arguments: FacetsArguments.self
        ) { _, arguments, context in
            let filter = try arguments.filter.productFilter(currency: context.currency)
            return ProductFacets(context.state.shop.catalog, inventory: context.state.shop.inventory, filter: filter)
        }
        fields.field(
            "brandSections", type: .nonNull(Types.brandSectionPage), "A page of the catalog in brand order, grouped into one section per brand.",
            arguments: BrandSectionsArguments.self
        ) { _, arguments, context in
            let filter = try arguments.filter.productFilter(currency: context.currency)
            return context.state.shop.brandSections(filter: filter, first: arguments.first, after: arguments.after, session: context.sessionName)
        }
        fields.field(
            "brands", type: .nonNull(.list(.nonNull(Types.brand))), "The brands that have products, in brand order; with includeEmpty, every brand.", arguments: BrandsArguments.self
        ) { _, arguments, context in
            // A store's house brand for brandless additions stays out of brand filters until a product uses it.
            let catalog = context.state.shop.catalog
            return context.state.shop.catalog.brands.indices
                .filter { arguments.includeEmpty || catalog.productCount(ofBrandAt: $0) > 0 }
                .map(BrandPosition.init)
        }
        fields.field("categories", type: .nonNull(.list(.nonNull(Types.category))), "Every product category, by name.") { _, context in
            // The unfiltered facet counts: every category by name, bytewise, with its product count.
            let shop = context.state.shop
            return ProductFacets(shop.catalog, inventory: shop.inventory, filter: ProductFilter()).categories
        }
        fields.field(
            "suggestedProducts", type: .nonNull(.list(.nonNull(Types.product))), "In-stock products in featured order that are not in the cart.", arguments: SuggestionsArguments.self
        ) { _, arguments, context in
            products(context.state.shop.suggestions(first: arguments.first, shopper: context.shopper))
        }
        fields.field("cart", type: .nonNull(Types.cart), "This session's cart.") { _, context in
            context.state.shop.cartView(for: context.shopper)
        }
        fields.field("favorites", type: .nonNull(.list(.nonNull(Types.product))), "This session's favorite products, newest first.") { _, context in
            favoriteProducts(context.shopper.favorites, context: context)
        }
        fields.field("offers", type: .nonNull(.list(.nonNull(Types.offer))), "Every offer code, in fixture order.") { _, context in
            context.state.shop.offers
        }
        fields.field("scratchCards", type: .nonNull(.list(.nonNull(Types.scratchCard))), "This session's scratch cards, in issue order.") { _, context in
            context.shopper.scratchCards
        }
        fields.field("orders", type: .nonNull(.list(.nonNull(Types.order))), "This session's orders, newest first.") { _, context in
            context.shopper.orders.reversed()
        }
        fields.field("order", type: Types.order, "One of this session's orders by id, or null.", arguments: OrderLookupArguments.self) {
            _, arguments, context in
            context.shopper.orders.first { $0.id == arguments.id }
        }
        fields.field("recentSearches", type: .nonNull(.list(.nonNull(.string))), "This session's recent searches, newest first, at most 10.") { _, context in
            context.shopper.recentSearches.entries
        }
        fields.field("paymentTestCards", type: .nonNull(.list(.nonNull(Types.paymentTestCard))), "Card numbers the dummy payment service knows, and what each does.") {
            _, context in
            context.state.shop.testCards
        }
    }
}
