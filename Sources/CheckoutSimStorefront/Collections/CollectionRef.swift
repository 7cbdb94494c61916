import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// A collection as the dialect carries it (docs/storefront.md#collections): one per brand and
/// per product type (category).
enum CollectionRef: Sendable, Equatable, BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Collection" }

    case brand(Int)
    case category(String)
    /// A curated collection of the shop's content, by index.
    case curated(Int)

    /// Brand N is `gid://shopify/Collection/(3000001 + position)`, a product type's the next ones
    /// from 4000001 in bytewise order.
    static let brandBase = 3_000_001
    static let categoryBase = 4_000_001
    static let curatedBase = 5_000_001
}

extension StorefrontContext {

    /// Every collection: brands in brand order, then product types bytewise.
    var collections: [CollectionRef] {
        shop.catalog.brands.indices.map(CollectionRef.brand) + categories.map(CollectionRef.category)
            + settings.content.curated.indices.map(CollectionRef.curated)
    }

    func id(of collection: CollectionRef) -> String {
        switch collection {
        case .brand(let position): "gid://shopify/Collection/\(CollectionRef.brandBase + position)"
        case .category(let name): "gid://shopify/Collection/\(CollectionRef.categoryBase + (categories.firstIndex(of: name) ?? 0))"
        case .curated(let index): "gid://shopify/Collection/\(CollectionRef.curatedBase + index)"
        }
    }

    /// A brand's collection is its id; a product type's, its name lowercased with runs of other
    /// characters as one `-` (`Phones` → `phones`, `Smart Home` → `smart-home`).
    func handle(of collection: CollectionRef) -> String {
        switch collection {
        case .brand(let position): shop.catalog.brands[position].id
        case .category(let name): Self.slug(name)
        case .curated(let index): settings.content.curated[index].handle
        }
    }

    static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }

    func title(of collection: CollectionRef) -> String {
        switch collection {
        case .brand(let position): shop.catalog.brands[position].name
        case .category(let name): name
        case .curated(let index): settings.content.curated[index].title
        }
    }

    func collection(handle: String) -> CollectionRef? {
        collections.first { self.handle(of: $0) == handle }
    }

    func collection(id: String) -> CollectionRef? {
        guard let (type, number) = StorefrontID.parse(id), type == "Collection" else { return nil }
        if number >= CollectionRef.curatedBase {
            let index = number - CollectionRef.curatedBase
            return settings.content.curated.indices.contains(index) ? .curated(index) : nil
        }
        if number >= CollectionRef.categoryBase {
            let index = number - CollectionRef.categoryBase
            return categories.indices.contains(index) ? .category(categories[index]) : nil
        }
        let position = number - CollectionRef.brandBase
        return shop.catalog.brands.indices.contains(position) ? .brand(position) : nil
    }

    /// The filter of the collection's products.
    func filter(of collection: CollectionRef) -> ProductFilter {
        var filter = ProductFilter()
        switch collection {
        case .brand(let position): filter.brandIds = [shop.catalog.brands[position].id]
        case .category(let name): filter.categories = [name]
        case .curated(let index):
            var mask = [Bool](repeating: false, count: shop.catalog.products.count)
            for id in settings.content.curated[index].products { if let position = shop.catalog.position(of: id) { mask[position] = true } }
            filter.positions = mask
        }
        return filter
    }

    /// The collections a product is in: its brand's, then its type's.
    func collections(ofProductAt position: Int) -> [CollectionRef] {
        guard let product = product(at: position) else { return [] }
        var found: [CollectionRef] = []
        if let brand = shop.catalog.brandPosition(id: product.brandId) { found.append(.brand(brand)) }
        found.append(.category(product.category))
        for (index, curated) in settings.content.curated.enumerated() where curated.products.contains(product.id) { found.append(.curated(index)) }
        return found
    }
}

extension StorefrontBinding {
    static func collectionFields(_ fields: inout ModeledFields) {
        fields.object("Collection", as: CollectionRef.self) { collection in
            collection.text("id") { ref, context in context.id(of: ref) }
            collection.text("handle") { ref, context in context.handle(of: ref) }
            collection.text("title") { ref, context in context.title(of: ref) }
            collection.text("description") { ref, context in context.description(of: ref) }
            collection.text("descriptionHtml") { ref, context in "<p>" + HTMLText.escaped(context.description(of: ref)) + "</p>" }
            collection.text("updatedAt") { _, context in context.shop.startClock.iso8601 }
            collection.text("onlineStoreUrl") { ref, context in "https://\(context.settings.domain)/collections/\(context.handle(of: ref))" }
            collection.field("seo") { ref, context in
                SEORef.collection(CollectionSEO(title: context.title(of: ref), description: context.description(of: ref)))
            }
            collection.connection(
                "products", ArgumentKey<String?>("sortKey", .text("ProductCollectionSortKeys")), ArgumentKey<JSON?>("filters", .data("[ProductFilter!]"))
            ) { ref, paging, sortKey, filters, context in
                let (order, reversed) = productOrder(collectionKey: sortKey, reverse: paging.reverse)
                let filters = ProductFilterInput.list(filters, currency: context.currency)
                let base = context.filter(of: ref)
                var filter = base
                filter.positions = context.mask(base: base, filters: filters)
                let page = try context.productPage(
                    paging, order: order, reversed: reversed, filter: filter, list: "collection-" + context.handle(of: ref))
                page.facets = { context.facets(base: base, filters: filters) }
                return page
            }
        }
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("collection", ArgumentKey<String?>("id", .id), ArgumentKey<String?>("handle", .string)) { _, id, handle, context in
                id.flatMap(context.collection(id:)) ?? handle.flatMap(context.collection(handle:))
            }
            root.connection("collections", ArgumentKey<String?>("sortKey", .text("CollectionSortKeys")), ArgumentKey<String?>("query", .string)) {
                _, paging, sortKey, query, context in
                var all = context.collections
                if sortKey == "TITLE" {
                    all.sort { Array(context.title(of: $0).lowercased().utf8).lexicographicallyPrecedes(Array(context.title(of: $1).lowercased().utf8)) }
                }
                if let query, !query.trimmingCharacters(in: .whitespaces).isEmpty {
                    let words = SearchQuery.words(of: query.lowercased())
                    all = all.filter { ref in
                        let title = SearchQuery.words(of: context.title(of: ref).lowercased())
                        return words.allSatisfy { word in title.contains { $0.hasPrefix(word) } }
                    }
                }
                return try paging.page(of: all.map(\.carried), keys: all.map { context.id(of: $0) }, list: "collections")
            }
        }
        fields.object("Product", as: ProductRef.self) { product in
            product.field("collections", PagingArguments.self) { ref, paging, context in
                let found = context.collections(ofProductAt: ref.position)
                return try paging.page(of: found.map(\.carried), keys: found.map { context.id(of: $0) }, list: "product-collections")
            }
        }
        fields.object("SEO", as: SEORef.self) { seo in
            seo.text("title") { seo, context in
                switch seo {
                case .collection(let seo): seo.title
                case .product(let position): try context.product(position).name
                }
            }
            seo.text("description") { seo, context in
                switch seo {
                case .collection(let seo): seo.description
                case .product(let position): try context.product(position).shortDescription
                }
            }
        }
    }

    /// The catalog order a collection's `ProductCollectionSortKeys` stands for.
    static func productOrder(collectionKey key: String?, reverse: Bool) -> (ProductOrder, Bool) {
        switch key {
        case "TITLE": (.nameAscending, reverse)
        case "PRICE": (.priceAscending, reverse)
        case "CREATED": (.oldest, reverse)
        case "ID": (.position, reverse)
        default: (.featured, reverse)
        }
    }
}

/// A collection's `seo`.
struct CollectionSEO {
    let title: String
    let description: String
}

extension StorefrontContext {
    func description(of collection: CollectionRef) -> String {
        switch collection {
        case .brand(let position): "Everything from \(shop.catalog.brands[position].name)."
        case .category(let name): "Every product of the type \(name)."
        case .curated(let index): settings.content.curated[index].description
        }
    }
}
