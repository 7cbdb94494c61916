import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontBinding {
    /// `products`, `product`, `node` and `nodes` of the query root.
    static func catalogQueries(_ fields: inout ModeledFields) {
        fields.add("QueryRoot", "products") { call, context in
            let paging = try PagingArguments(call)
            let values = call.argumentValues
            var filter = ProductFilter()
            if let query = values["query"]?.stringValue {
                let parsed = SearchQuery(query)
                if parsed.root != nil { filter.positions = parsed.mask(context) }
            }
            let (order, reversed) = productOrder(values["sortKey"]?.stringValue, reverse: paging.reverse)
            return .object(try context.productPage(paging, order: order, reversed: reversed, filter: filter, list: "products"))
        }
        fields.add("QueryRoot", "product") { call, context in
            let values = call.argumentValues
            if let id = values["id"]?.stringValue {
                return context.productPosition(id: id).map(Resolved.integer) ?? .null
            }
            if let handle = values["handle"]?.stringValue {
                return context.shop.catalog.position(of: handle).map(Resolved.integer) ?? .null
            }
            return .null
        }
        fields.add("QueryRoot", "node") { call, context in
            context.node(id: call.argumentValues["id"]?.stringValue ?? "", schema: call.executedSchema)
        }
        fields.add("QueryRoot", "nodes") { call, context in
            let ids = call.argumentValues["ids"]?.arrayValue ?? []
            guard ids.count <= PagingArguments.maxPageSize else {
                throw FieldError("nodes takes at most \(PagingArguments.maxPageSize) ids; it was given \(ids.count).", code: .badUserInput)
            }
            return .list(ids.map { context.node(id: $0.stringValue ?? "", schema: call.executedSchema) })
        }
    }

    /// The catalog order Shopify's `ProductSortKeys` stands for, and whether it is read reversed
    /// (docs/storefront.md#sorting).
    static func productOrder(_ key: String?, reverse: Bool) -> (ProductOrder, Bool) {
        switch key {
        case "TITLE": (.nameAscending, reverse)
        case "PRICE": (.priceAscending, reverse)
        case "CREATED_AT", "UPDATED_AT": (.oldest, reverse)
        case "ID": (.position, reverse)
        case "VENDOR": (.brand, reverse)
        default: (.featured, reverse)
        }
    }
}

extension StorefrontContext {
    /// The catalog position of a product id; nil when it names none.
    func productPosition(id: String) -> Int? {
        guard let position = StorefrontID.productPosition(id), product(at: position) != nil else { return nil }
        return position
    }

    /// The object a global id names, typed, or null.
    func node(id: String, schema: Schema) -> Resolved {
        if let position = productPosition(id: id), let type = schema.typeIndex["Product"] {
            return .typed(type: type, .integer(position))
        }
        if let variant = StorefrontID.variantPosition(id), product(at: variant.product) != nil,
           variants(ofProductAt: variant.product).contains(where: { $0.index == variant.index }),
           let type = schema.typeIndex["ProductVariant"] {
            return .typed(type: type, VariantRef(product: variant.product, index: variant.index).resolved)
        }
        if let collection = collection(id: id), let type = schema.typeIndex["Collection"] {
            return .typed(type: type, .object(collection))
        }
        if let content = ContentRef.parse(id, in: settings.content), let type = schema.typeIndex[content.typeName] {
            return .typed(type: type, .object(content))
        }
        return .null
    }

    /// A page of the catalog, keyset-paged both ways (docs/storefront.md#pagination).
    func productPage(
        _ paging: PagingArguments, order: ProductOrder, reversed: Bool, filter: ProductFilter, list: String
    ) throws(FieldError) -> ConnectionPage {
        let endpoint = "storefront-" + list + (reversed ? "-reverse" : "")
        func cursor(_ text: String?) throws(FieldError) -> Cursor? {
            guard let text else { return nil }
            guard let cursor = Cursor(encoded: text), cursor.endpoint == endpoint, cursor.order == order else {
                throw FieldError("Invalid cursor \"\(text)\" for this list.", code: .badUserInput)
            }
            return cursor
        }
        let page: ProductPage
        switch paging.request {
        case .first(let count, let after):
            page = Paginator.window(
                shop.catalog, inventory: shop.inventory, order: order, reversed: reversed, filter: filter, count: count,
                cursor: try cursor(after), direction: .forward, endpoint: endpoint)
        case .last(let count, let before):
            page = Paginator.window(
                shop.catalog, inventory: shop.inventory, order: order, reversed: reversed, filter: filter, count: count,
                cursor: try cursor(before), direction: .backward, endpoint: endpoint)
        }
        return ConnectionPage(
            nodes: page.positions.map(Resolved.integer), cursor: { page.cursors[$0].encoded }, hasNextPage: page.hasNextPage,
            hasPreviousPage: page.hasPreviousPage, totalCount: page.totalCount)
    }
}
