import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    static func addCatalogTypes(to builder: inout SchemaBuilder) {
        builder.object("Money", "An amount of money in the store's currency.", [
            F("amount", "String!", "The amount as a decimal string with the currency's fraction digits, like \"1299.00\".", utf8: { call, write in
                try call.shop().state.currency.writeAmount(Int64(call.index), to: write)
            }),
            F("minorUnits", "Int!", "The amount in minor units (cents), like 129900.", int: { call in
                Int(Int64(call.index))
            }),
            F("currencyCode", "String!", "The ISO 4217 currency code, like \"USD\".", string: { call in
                try call.shop().currency.code
            }),
            F("formatted", "String!", "The amount for display, like \"$1,299.00\".", utf8: { call, write in
                try call.shop().state.currency.writeFormatted(Int64(call.index), to: write)
            }),
        ])
        builder.object("Brand", "A brand whose products the shop sells.", [
            F("id", "ID!", "The brand's id.", string: { call in try call.brand().id }),
            F("name", "String!", "The brand's display name.", string: { call in try call.brand().name }),
            F("productCount", "Int!", "How many catalog products carry this brand.") { call in
                let brand = try call.brand()
                return .int(try call.shop().state.shop.catalog.products.reduce(0) { $0 + ($1.brandId == brand.id ? 1 : 0) })
            },
        ])
        builder.object("Category", "A product category.", [
            F("name", "String!", "The category's name.", string: { call in try call.parent(CategoryNode.self).name }),
            F("productCount", "Int!", "How many catalog products are in this category.", int: { call in
                try call.parent(CategoryNode.self).productCount
            }),
        ])
        builder.object("Product", "A product in the catalog.", row: { call in try lookUp(call) }, productFields)
        builder.object("PageInfo", "Where a page sits in the whole list.", [
            F("hasNextPage", "Boolean!", "Whether more items follow this page.", bool: { call in
                try call.parent(PageInfoNode.self).page.hasNextPage
            }),
            F("hasPreviousPage", "Boolean!", "Whether items come before this page (only known when `after` was given).", bool: { call in
                try call.parent(PageInfoNode.self).page.hasPreviousPage
            }),
            F("startCursor", "String", "The first edge's cursor; null for an empty page.", string: { call in
                try call.parent(PageInfoNode.self).page.cursors.first?.encoded
            }),
            F("endCursor", "String", "The last edge's cursor, to pass as `after` for the next page; null for an empty page.", string: { call in
                try call.parent(PageInfoNode.self).page.cursors.last?.encoded
            }),
        ])
        builder.object("ProductEdge", "A product and its cursor.", [
            F("cursor", "String!", "An opaque cursor pointing at this product.", string: { call in
                try call.parent(EdgeNode.self).cursor
            }),
            F("node", "Product!", "The product.") { call in product(try call.parent(EdgeNode.self).position) },
        ])
        builder.object("ProductConnection", "A page of products.", [
            F("edges", "[ProductEdge!]!", "The products of the page with their cursors.") { call in
                let page = try call.parent(ConnectionNode.self).page
                return .list(zip(page.positions, page.cursors).map { .object(EdgeNode(position: $0, cursor: $1.encoded)) })
            },
            F("nodes", "[Product!]!", "The products of the page.") { call in
                .list(try call.parent(ConnectionNode.self).page.positions.map(product))
            },
            F("pageInfo", "PageInfo!", "Cursors and whether more pages exist.") { call in
                .object(PageInfoNode(page: try call.parent(ConnectionNode.self).page))
            },
            F("totalCount", "Int!", "How many products match, over all pages.", int: { call in
                try call.parent(ConnectionNode.self).page.totalCount
            }),
        ])
        builder.object("BrandSection", "The products of one brand on a brand-sections page.", [
            F("brand", "Brand!", "The section's brand.") { call in
                try call.shop().state.brandNode(id: call.parent(SectionNode.self).brand.id)
            },
            F("products", "[Product!]!", "The brand's products on this page, featured first.") { call in
                .list(try call.parent(SectionNode.self).positions.map(product))
            },
        ])
        builder.object("BrandSectionPage", "A page of products in brand order, grouped by brand.", [
            F("sections", "[BrandSection!]!", "One section per brand, in brand order.") { call in
                .list(try call.parent(SectionPageNode.self).sections.map { .object($0) })
            },
            F("pageInfo", "PageInfo!", "Cursors and whether more pages exist.") { call in
                .object(PageInfoNode(page: try call.parent(SectionPageNode.self).page))
            },
            F("totalCount", "Int!", "How many products match, over all pages.", int: { call in
                try call.parent(SectionPageNode.self).page.totalCount
            }),
        ])
        builder.enumeration("ProductSort", "The orders products can be listed in; ties are broken by id.", [
            ("FEATURED", "The shop's featured order (rank)."),
            ("PRICE_ASC", "Cheapest first."),
            ("PRICE_DESC", "Most expensive first."),
            ("NEWEST", "Most recently added first."),
            ("OLDEST", "Earliest added first."),
            ("NAME_ASC", "By name, A to Z, ignoring case."),
            ("NAME_DESC", "By name, Z to A, ignoring case."),
        ])
        builder.input("ProductFilter", "Which products to include; all given conditions must hold.", [
            A("search", "String", "Words that must all appear in the name, brand, model or category."),
            A("brandIds", "[ID!]", "Only these brands (any of them)."),
            A("models", "[String!]", "Only these models (any of them)."),
            A("categories", "[String!]", "Only these categories (any of them)."),
            A("minPrice", "String", "Lowest price, inclusive, as a decimal string."),
            A("maxPrice", "String", "Highest price, inclusive, as a decimal string."),
            A("inStockOnly", "Boolean", "Only products with stock left.", default: "false"),
            A("searchMode", "SearchMode", "How `search` matches the products.", default: "CONTAINS"),
        ])
        builder.enumeration("SearchMode", "How a search matches products.", SearchMode.allCases.map { ($0.rawValue, describe($0)) })
        addFacetTypes(to: &builder)
    }

    static func describe(_ mode: SearchMode) -> String {
        switch mode {
        case .contains: "Every whitespace-separated term occurs somewhere in the name, brand, model or category."
        case .wordPrefix: "Every term starts a word of the name, brand, model or category (search-as-you-type); words split on spaces and punctuation."
        case .namePrefix: "The whole trimmed search starts the product's name."
        }
    }

    /// The product a `Product` object stands for: read once per object as its row (its parent
    /// was resolved as `.index(position)`).
    private static func item(_ call: FieldCall) throws(FieldError) -> Product {
        if let product = call.row as? Product { return product }
        return try lookUp(call)
    }

    private static func lookUp(_ call: FieldCall) throws(FieldError) -> Product {
        guard let product = try call.shop().state.product(at: call.index) else {
            throw FieldError("No product at position \(call.index).")
        }
        return product
    }

    static var productFields: [F] {
        [
            F("id", "ID!", "The product's id.", string: { call in try item(call).id }),
            F("name", "String!", "The product's name.", string: { call in try item(call).name }),
            F("brand", "Brand!", "The product's brand.") { call in
                try call.shop().state.brandNode(ofProductAt: call.index)
            },
            F("model", "String!", "The model family, like \"iPhone 15\".", string: { call in try item(call).model }),
            F("category", "String!", "The product's category.", string: { call in try item(call).category }),
            F("description", "String!", "A short description.", string: { call in try item(call).description }),
            F("imageURL", "String", "A picture of the product.", string: { call in try item(call).imageURL }),
            F("price", "Money!", "The price of one unit.") { call in money(try item(call).price) },
            F("compareAtPrice", "Money", "The price before a reduction, when there is one.") { call in
                try item(call).compareAtPrice.map(money) ?? .null
            },
            F("stock", "Int!", "Units in stock now, shared by all sessions.", int: { call in
                try call.shop().state.stock(at: call.index)
            }),
            F("inStock", "Boolean!", "Whether any units are in stock.", bool: { call in
                try call.shop().state.stock(at: call.index) > 0
            }),
            F("maxPerOrder", "Int!", "The most units one cart may hold.", int: { call in try item(call).maxPerOrder }),
            F("createdAt", "String!", "When the product was added, ISO-8601 UTC.", utf8: { call, write in
                try item(call).createdAt.writeISO8601(to: write)
            }),
            F("isFavorite", "Boolean!", "Whether this session has the product among its favorites.", bool: { call in
                let context = try call.shop()
                return context.state.isFavorite(try item(call).id, session: context.sessionName)
            }),
            F("quantityInCart", "Int!", "How many units this session's cart holds.", int: { call in
                let context = try call.shop()
                return context.state.quantityInCart(try item(call).id, session: context.sessionName)
            }),
            F("favoritedAt", "String", "When this session first added the product to its favorites, ISO-8601 UTC; null when it is not one.",
              utf8: { call, write in
                let context = try call.shop()
                try context.state.favoritedAt(item(call).id, session: context.sessionName)?.writeISO8601(to: write)
            }),
            F("thumbnailURL", "String", "A small picture for list cells.", string: { call in try item(call).thumbnailURL }),
            F("shortDescription", "String", "A one-line description for product cards.", string: { call in try item(call).shortDescription }),
            F("attribute", "String", "A short size or variant label for product cards, like \"500 ml\".", string: { call in
                try item(call).attribute
            }),
            F("taxRate", "String!", "The sales-tax rate in percent, like \"8.25\"; informational, totals are tax-exclusive.",
              string: { call in try item(call).taxRate.text }),
            F("priceIncludingTax", "Money!", "The price of one unit plus tax at `taxRate`, rounded half to even.") { call in
                let product = try item(call)
                guard let total = product.taxRate.priceIncludingTax(product.price) else {
                    throw FieldError("The price including tax of \"\(product.id)\" does not fit in 64 bits.")
                }
                return money(total)
            },
        ]
    }
}
