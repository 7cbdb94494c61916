import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    static func addCatalogTypes(to builder: inout Builder) {
        builder.object(Types.money, "An amount of money in the store's currency.") { fields in
            fields.utf8("amount", "String!", "The amount as a decimal string with the currency's fraction digits, like \"1299.00\".") {
                amount, context, write in
                context.currency.writeAmount(amount.minorUnits, to: write)
            }
            fields.int("minorUnits", "Int!", "The amount in minor units (cents), like 129900.") { amount, _ in Int(amount.minorUnits) }
            fields.string("currencyCode", "String!", "The ISO 4217 currency code, like \"USD\".") { _, context in context.currency.code }
            fields.utf8("formatted", "String!", "The amount for display, like \"$1,299.00\".") { amount, context, write in
                context.currency.writeFormatted(amount.minorUnits, to: write)
            }
        }
        builder.object(Types.brand, "A brand whose products the shop sells.") { fields in
            fields.string("id", "ID!", "The brand's id.") { brand, context in try context.state.brand(brand).id }
            fields.string("name", "String!", "The brand's display name.") { brand, context in try context.state.brand(brand).name }
            fields.int("productCount", "Int!", "How many catalog products carry this brand.") { brand, context in
                context.state.shop.catalog.productCount(ofBrandAt: brand.index)
            }
        }
        builder.object(Types.category, "A product category.") { fields in
            fields.string("name", "String!", "The category's name.") { category, _ in category.value }
            fields.int("productCount", "Int!", "How many catalog products are in this category.") { category, _ in category.count }
        }
        builder.object(Types.product, "A product in the catalog.", row: { position, context in try context.state.product(position) }) {
            addProductFields(&$0)
        }
        builder.object(Types.pageInfo, "Where a page sits in the whole list.") { fields in
            fields.bool("hasNextPage", "Boolean!", "Whether more items follow this page.") { page, _ in page.hasNextPage }
            fields.bool("hasPreviousPage", "Boolean!", "Whether items come before this page (only known when `after` was given).") {
                page, _ in page.hasPreviousPage
            }
            fields.string("startCursor", "String", "The first edge's cursor; null for an empty page.") { page, _ in
                page.startCursor
            }
            fields.string("endCursor", "String", "The last edge's cursor, to pass as `after` for the next page; null for an empty page.") {
                page, _ in page.endCursor
            }
        }
        builder.object(Types.productEdge, "A product and its cursor.") { fields in
            fields.string("cursor", "String!", "An opaque cursor pointing at this product.") { edge, _ in edge.cursor }
            fields.object("node", Types.product, "The product.") { edge, _ in ProductPosition(index: edge.position) }
        }
        builder.object(Types.productConnection, "A page of products.") { fields in
            fields.list("edges", Types.productEdge, "The products of the page with their cursors.") { page, _ in
                zip(page.positions, page.cursors).map { ProductEdge(position: $0, cursor: $1.encoded) }
            }
            fields.list("nodes", Types.product, "The products of the page.") { page, _ in products(page.positions) }
            fields.object("pageInfo", Types.pageInfo, "Cursors and whether more pages exist.") { page, _ in .products(page) }
            fields.int("totalCount", "Int!", "How many products match, over all pages.") { page, _ in page.totalCount }
        }
        builder.object(Types.brandSection, "The products of one brand on a brand-sections page.") { fields in
            fields.objectOrError("brand", Types.brand, "The section's brand.") { section, context in
                context.state.brandPosition(id: section.brand.id)
            }
            fields.list("products", Types.product, "The brand's products on this page, featured first.") { section, _ in products(section.positions) }
        }
        builder.object(Types.brandSectionPage, "A page of products in brand order, grouped by brand.") { fields in
            fields.list("sections", Types.brandSection, "One section per brand, in brand order.") { page, _ in page.sections }
            fields.object("pageInfo", Types.pageInfo, "Cursors and whether more pages exist.") { page, _ in .products(page.page) }
            fields.int("totalCount", "Int!", "How many products match, over all pages.") { page, _ in page.page.totalCount }
        }
        builder.enumeration(Types.productSort, "The orders products can be listed in; ties are broken by id.", cases: ProductOrder.listingOrders) {
            describe($0)
        }
        builder.input("ProductFilter", "Which products to include; all given conditions must hold.", ProductFilterInput.declaration)
        builder.enumeration(Types.searchMode, "How a search matches products.") { describe($0) }
        addFacetTypes(to: &builder)
    }

    static func describe(_ order: ProductOrder) -> String {
        switch order {
        case .featured: "The shop's featured order (rank)."
        case .priceAscending: "Cheapest first."
        case .priceDescending: "Most expensive first."
        case .newest: "Most recently added first."
        case .oldest: "Earliest added first."
        case .nameAscending: "By name, A to Z, ignoring case."
        case .nameDescending: "By name, Z to A, ignoring case."
        case .brand: "Brand sections' order: brand, then rank."
        }
    }

    static func describe(_ mode: SearchMode) -> String {
        switch mode {
        case .contains: "Every whitespace-separated term occurs somewhere in the name, brand, model or category."
        case .wordPrefix: "Every term starts a word of the name, brand, model or category (search-as-you-type); words split on spaces and punctuation."
        case .namePrefix: "The whole trimmed search starts the product's name."
        }
    }
}
