import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    static var queryFields: [F] {
        [
            F("product", "Product", "One product by id, or null when there is none.",
              arguments: [A("id", "ID!", "The product's id.")]) { call in
                let shop = try call.shop()
                guard let id = call.arguments["id"]?.stringValue, let position = shop.state.shop.catalog.position(of: id) else {
                    return .null
                }
                return product(position)
            },
            F("products", "ProductConnection!", "A page of the catalog, filtered and sorted; pages never repeat or skip a product.",
              arguments: [
                A("first", "Int", "How many products to return, 1 to 100.", default: "20"),
                A("after", "String", "The endCursor of the previous page."),
                A("offset", "Int",
                  "Skip this many matching products (page-number paging, 0 to 1000000). Not duplicate-safe: a product added or re-sorted between pages can repeat or be skipped; use `after` for that. Not together with `after`."),
                A("filter", "ProductFilter", "Which products to include."),
                A("sort", "ProductSort", "The order of the products.", default: "FEATURED"),
              ]) { call in
                let shop = try call.shop()
                let first = try pageSize(call)
                let order = ProductOrder(rawValue: call.arguments["sort"]?.stringValue ?? "FEATURED") ?? .featured
                let after = try cursor(call, endpoint: "products", order: order)
                let offset = try offset(call, with: after)
                let filter = try filter(call, context: shop)
                let page = Paginator.page(
                    shop.state.shop.catalog, inventory: shop.state.shop.inventory, order: order, filter: filter, first: first,
                    after: after, offset: offset, endpoint: "products")
                return .object(ConnectionNode(page: page))
            },
            F("productFacets", "ProductFacets!",
              "What a filter screen lists, with counts. Each dimension's counts ignore that dimension's own selection (disjunctive), so ticking a brand never hides the others; priceRange and totalCount apply the whole filter. Does not record a recent search.",
              arguments: [A("filter", "ProductFilter", "The filter as the screen has it now.")]) { call in
                let shop = try call.shop()
                let filter = try filter(call, context: shop, record: false)
                return .object(ProductFacets(shop.state.shop.catalog, inventory: shop.state.shop.inventory, filter: filter))
            },
            F("brandSections", "BrandSectionPage!", "A page of the catalog in brand order, grouped into one section per brand.",
              arguments: [
                A("first", "Int", "How many products the page holds, 1 to 100.", default: "20"),
                A("after", "String", "The endCursor of the previous page."),
                A("filter", "ProductFilter", "Which products to include."),
              ]) { call in
                let shop = try call.shop()
                let first = try pageSize(call)
                let after = try cursor(call, endpoint: "brandSections", order: .brand)
                let filter = try filter(call, context: shop)
                let catalog = shop.state.shop.catalog
                let page = Paginator.page(
                    catalog, inventory: shop.state.shop.inventory, order: .brand, filter: filter, first: first, after: after,
                    endpoint: "brandSections")
                var sections: [SectionNode] = []
                for position in page.positions {
                    let brandId = catalog.products[position].brandId
                    if let last = sections.last, last.brand.id == brandId {
                        sections[sections.count - 1] = SectionNode(brand: last.brand, positions: last.positions + [position])
                    } else if let brand = catalog.brand(id: brandId) {
                        sections.append(SectionNode(brand: brand, positions: [position]))
                    }
                }
                return .object(SectionPageNode(sections: sections, page: page))
            },
            F("brands", "[Brand!]!", "Every brand, in brand order.") { call in
                let shop = try call.shop()
                return .list(shop.state.brands.indices.map { .index($0) })
            },
            F("categories", "[Category!]!", "Every product category, by name.") { call in
                // The unfiltered facet counts: every category by name, bytewise, with its product count.
                let shop = try call.shop().state.shop
                let facets = ProductFacets(shop.catalog, inventory: shop.inventory, filter: ProductFilter())
                return .list(facets.categories.map { .object(CategoryNode(name: $0.value, productCount: $0.count)) })
            },
            F("suggestedProducts", "[Product!]!", "In-stock products in featured order that are not in the cart.",
              arguments: [A("first", "Int", "How many products, 1 to 100.", default: "10")]) { call in
                let context = try call.shop()
                let first = try pageSize(call)
                return .list(context.state.shop.suggestions(first: first, session: context.session).map(product))
            },
            F("cart", "Cart!", "This session's cart.") { call in
                let context = try call.shop()
                return .object(context.state.shop.cartView(for: context.session))
            },
            F("favorites", "[Product!]!", "This session's favorite products, newest first.") { call in
                let context = try call.shop()
                return .list(context.session.favorites.compactMap { context.state.shop.catalog.position(of: $0) }.map(product))
            },
            F("offers", "[Offer!]!", "Every offer code, in fixture order.") { call in
                .list(try call.shop().state.shop.offers.map { .object($0) })
            },
            F("scratchCards", "[ScratchCard!]!", "This session's scratch cards, in issue order.") { call in
                .list(try call.shop().session.scratchCards.map { .object($0) })
            },
            F("orders", "[Order!]!", "This session's orders, newest first.") { call in
                .list(try call.shop().session.orders.reversed().map { .object($0) })
            },
            F("order", "Order", "One of this session's orders by id, or null.", arguments: [A("id", "ID!", "The order's id.")]) { call in
                let id = call.arguments["id"]?.stringValue
                return (try call.shop().session.orders.first { $0.id == id }).map { .object($0) } ?? .null
            },
            F("recentSearches", "[String!]!", "This session's recent searches, newest first, at most 10.") { call in
                let shop = try call.shop()
                return .list(shop.session.recentSearches.entries.map { .string($0) })
            },
            F("paymentTestCards", "[PaymentTestCard!]!", "Card numbers the dummy payment service knows, and what each does.") {
                call in
                let shop = try call.shop()
                return .list(shop.state.shop.testCards.map { .object($0) })
            },
        ]
    }
}
