import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontBinding {
    /// `products`, `product`, `node` and `nodes` of the query root.
    static func catalogQueries(_ fields: inout ModeledFields) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.connection("products", ArgumentKey<String?>("query", .string), ArgumentKey<String?>("sortKey", .text("ProductSortKeys"))) {
                _, paging, query, sortKey, context in
                var filter = ProductFilter()
                if let query {
                    let parsed = SearchQuery(query)
                    if parsed.root != nil { filter.positions = parsed.mask(context) }
                }
                let (order, reversed) = productOrder(sortKey, reverse: paging.reverse)
                return try context.productPage(paging, order: order, reversed: reversed, filter: filter, list: "products")
            }
            root.field("product", ArgumentKey<String?>("id", .id), ArgumentKey<String?>("handle", .string)) { _, id, handle, context in
                if let id { return context.productPosition(id: id).map { ProductRef($0) } }
                if let handle { return context.shop.catalog.position(of: handle).map { ProductRef($0) } }
                return nil
            }
            root.field("node", ArgumentKey<String>("id", .nonNull(.id))) { _, id, context in context.node(id: id) }
            root.field("nodes", ArgumentKey<[String]>("ids", .nonNull(.list(.nonNull(.id))))) { _, ids, context in
                guard ids.count <= PagingArguments.maxPageSize else {
                    throw FieldError("nodes takes at most \(PagingArguments.maxPageSize) ids; it was given \(ids.count).", code: .badUserInput)
                }
                return ids.map { context.node(id: $0) }
            }
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
    func node(id: String) -> Resolved {
        if let position = productPosition(id: id) { return (try? member("Product", ProductRef(position))) ?? .null }
        if let variant = StorefrontID.variantPosition(id), product(at: variant.product) != nil,
           variants(ofProductAt: variant.product).contains(where: { $0.index == variant.index }) {
            return (try? member("ProductVariant", VariantRef(product: variant.product, index: variant.index))) ?? .null
        }
        if let collection = collection(id: id) { return (try? member("Collection", collection)) ?? .null }
        if let content = ContentRef.parse(id, in: settings.content) { return (try? member(content.typeName, content)) ?? .null }
        return .null
    }

    /// A page of the catalog, keyset-paged both ways (docs/storefront.md#pagination); its nodes
    /// name their type when the connection lists an abstract type's members (`asMembers`).
    func productPage(
        _ paging: PagingArguments, order: ProductOrder, reversed: Bool, filter: ProductFilter, list: String, asMembers: Bool = false
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
        let nodes = asMembers
            ? try members("Product", page.positions.map { ProductRef($0) })
            : page.positions.map(Resolved.integer)
        return ConnectionPage(
            nodes: nodes, cursor: { page.cursors[$0].encoded }, hasNextPage: page.hasNextPage,
            hasPreviousPage: page.hasPreviousPage, totalCount: page.totalCount)
    }
}
