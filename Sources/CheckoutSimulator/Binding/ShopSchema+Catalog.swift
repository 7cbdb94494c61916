import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    static func addCatalogTypes(to builder: inout Builder) {
        builder.object(Types.money, "An amount of money in the store's currency.", keptRow: { amount, context in context.state.amountRow(amount) }) { fields in
            fields.field(
                "amount", type: .nonNull(.string(writtenBy: AmountText.self)),
                "The amount as a decimal string with the currency's fraction digits, like \"1299.00\".", leaf: AmountRow.Slot.amount)
            fields.field("minorUnits", type: .nonNull(.int), "The amount in minor units (cents), like 129900.") { amount, _ in Int(amount.parent.minorUnits) }
            fields.field("currencyCode", type: .nonNull(.string), "The ISO 4217 currency code, like \"USD\".", leaf: AmountRow.Slot.currencyCode)
            fields.field(
                "formatted", type: .nonNull(.string(writtenBy: AmountText.self)), "The amount for display, like \"$1,299.00\".",
                leaf: AmountRow.Slot.formatted)
        }
        builder.object(Types.brand, "A brand whose products the shop sells.", keptRow: { brand, context in try context.state.brandRow(brand) }) { fields in
            fields.field("id", type: .nonNull(.id), "The brand's id.", leaf: BrandRow.Slot.id)
            fields.field("name", type: .nonNull(.string), "The brand's display name.", leaf: BrandRow.Slot.name)
            fields.field("productCount", type: .nonNull(.int), "How many catalog products carry this brand.") { brand, context in
                context.state.shop.catalog.productCount(ofBrandAt: brand.parent.index)
            }
        }
        builder.object(Types.category, "A product category.") { fields in
            fields.field("name", type: .nonNull(.string), "The category's name.") { category, _ in category.value }
            fields.field("productCount", type: .nonNull(.int), "How many catalog products are in this category.") { category, _ in category.count }
        }
        builder.object(Types.product, "A product in the catalog.", keptRow: { position, context in try context.state.productRow(position) }) {
            addProductFields(&$0)
            addProductVariantFields(&$0)
        }
        addVariantTypes(&builder)
        builder.object(Types.pageInfo, "Where a page sits in the whole list.") { fields in
            fields.field("hasNextPage", type: .nonNull(.boolean), "Whether more items follow this page.") { page, _ in page.hasNextPage }
            fields.field("hasPreviousPage", type: .nonNull(.boolean), "Whether items come before this page (only known when `after` was given).") {
                page, _ in page.hasPreviousPage
            }
            fields.field("startCursor", type: .string, "The first edge's cursor; null for an empty page.") { page, _ in
                page.startCursor
            }
            fields.field("endCursor", type: .string, "The last edge's cursor, to pass as `after` for the next page; null for an empty page.") {
                page, _ in page.endCursor
            }
        }
        builder.object(Types.productEdge, "A product and its cursor.") { fields in
            fields.field("cursor", type: .nonNull(.string(writtenBy: CursorText.self)), "An opaque cursor pointing at this product.") {
                edge, context in CursorText(cursors: context.pages[edge.page].cursors, index: edge.index)
            }
            fields.field("node", type: .nonNull(Types.product), "The product.") { edge, context in
                ProductPosition(index: context.pages[edge.page].positions[edge.index])
            }
        }
        builder.object(Types.productConnection, "A page of products.") { fields in
            fields.field("edges", type: .nonNull(.list(.nonNull(Types.productEdge))), "The products of the page with their cursors.") { page, context in
                let kept = context.keep(page)
                return page.positions.indices.map { ProductEdge(page: kept, index: $0) }
            }
            fields.field("nodes", type: .nonNull(.list(.nonNull(Types.product))), "The products of the page.") { page, _ in products(page.positions) }
            fields.field("pageInfo", type: .nonNull(Types.pageInfo), "Cursors and whether more pages exist.") { page, _ in .products(page) }
            fields.field("totalCount", type: .nonNull(.int), "How many products match, over all pages.") { page, _ in page.totalCount }
        }
        builder.object(Types.brandSection, "The products of one brand on a brand-sections page.") { fields in
            fields.field("brand", type: .nonNull(Types.brand), "The section's brand.") { section, context in
                try context.state.brandPosition(id: section.brand.id).orNoValue()
            }
            fields.field("products", type: .nonNull(.list(.nonNull(Types.product))), "The brand's products on this page, featured first.") { section, _ in products(section.positions) }
        }
        builder.object(Types.brandSectionPage, "A page of products in brand order, grouped by brand.") { fields in
            fields.field("sections", type: .nonNull(.list(.nonNull(Types.brandSection))), "One section per brand, in brand order.") { page, _ in page.sections }
            fields.field("pageInfo", type: .nonNull(Types.pageInfo), "Cursors and whether more pages exist.") { page, _ in .products(page.page) }
            fields.field("totalCount", type: .nonNull(.int), "How many products match, over all pages.") { page, _ in page.page.totalCount }
        }
        builder.enumeration(Types.productSort, "The orders products can be listed in; ties are broken by id.", cases: ProductOrder.listingOrders) {
            describe($0)
        }
        builder.input(Types.productFilter, "Which products to include; all given conditions must hold.", ProductFilterInput.Field.declarations)
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
        case .position: "Catalog order: the fixtures' order, then products added."
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
