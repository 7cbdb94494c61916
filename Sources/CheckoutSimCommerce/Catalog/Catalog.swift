import CheckoutSimSupport

/// A brand, in display order.
package struct Brand: Sendable, Equatable {
    /// The brand's id, as products refer to it.
    package let id: String
    /// The brand's display name.
    package let name: String
    /// Position in brand order (rank ascending, then file order), from 0.
    package let position: Int

    /// A brand at `position` in brand order.
    package init(id: String, name: String, position: Int) {
        self.id = id
        self.name = name
        self.position = position
    }
}

/// A product as the catalog holds it; prices are minor units. Stock lives in `Inventory`.
///
/// A class, not a struct: resolvers read one field at a time from products in the catalog, and
/// passing a reference costs one retain where copying ten strings would cost ten.
package final class Product: Sendable, Equatable {
    /// The product's id.
    package let id: String
    /// The product's name.
    package let name: String
    /// The id of its brand.
    package let brandId: String
    /// The model family, like `iPhone 15`.
    package let model: String
    /// Its category.
    package let category: String
    /// A short description.
    package let description: String
    /// The price of one unit, in minor units.
    package let price: Int64
    /// The price before a reduction, in minor units; nil when there is none.
    package let compareAtPrice: Int64?
    /// Units in stock when the simulator starts.
    package let initialStock: Int
    /// The most units one cart may hold.
    package let maxPerOrder: Int
    /// When it was added to the catalog.
    package let createdAt: Instant
    /// A picture, if any.
    package let imageURL: String?
    /// Its place in featured order (lower first).
    package let rank: Int
    /// A small picture for list cells, if any.
    package let thumbnailURL: String?
    /// A one-line description for product cards, if any.
    package let shortDescription: String?
    /// A short size or variant label for product cards, like `500 ml`.
    package let attribute: String?
    /// Its sales-tax rate (the store's default unless the fixture gives one).
    package let taxRate: TaxRate
    /// The options its variants choose among (`Colour`, `Storage`), in order; empty for a
    /// product without options.
    package let options: [ProductOptionDefinition]
    /// Its variants, at least one: a product without options has one, `Default Title`, at the
    /// product's price and stock (docs/fixtures.md#variants).
    package let variants: [ProductVariant]

    /// A product; prices are minor units. Without `variants` it has its one default variant.
    package init(
        id: String, name: String, brandId: String, model: String, category: String, description: String, price: Int64,
        compareAtPrice: Int64?, initialStock: Int, maxPerOrder: Int, createdAt: Instant, imageURL: String?, rank: Int,
        thumbnailURL: String? = nil, shortDescription: String? = nil, attribute: String? = nil, taxRate: TaxRate = .zero,
        options: [ProductOptionDefinition] = [], variants: [ProductVariant]? = nil
    ) {
        self.options = options
        self.variants = variants ?? [ProductVariant(
            id: id, title: ProductVariant.defaultTitle, optionValues: [], price: price, compareAtPrice: compareAtPrice,
            initialStock: initialStock, sku: id, imageURL: imageURL)]
        self.thumbnailURL = thumbnailURL
        self.shortDescription = shortDescription
        self.attribute = attribute
        self.taxRate = taxRate
        self.id = id
        self.name = name
        self.brandId = brandId
        self.model = model
        self.category = category
        self.description = description
        self.price = price
        self.compareAtPrice = compareAtPrice
        self.initialStock = initialStock
        self.maxPerOrder = maxPerOrder
        self.createdAt = createdAt
        self.imageURL = imageURL
        self.rank = rank
    }

    /// Equal when the same object or every field is equal.
    package static func == (lhs: Product, rhs: Product) -> Bool {
        lhs === rhs
            || (lhs.id == rhs.id && lhs.name == rhs.name && lhs.brandId == rhs.brandId && lhs.model == rhs.model
                && lhs.category == rhs.category && lhs.description == rhs.description && lhs.price == rhs.price
                && lhs.compareAtPrice == rhs.compareAtPrice && lhs.initialStock == rhs.initialStock
                && lhs.maxPerOrder == rhs.maxPerOrder && lhs.createdAt == rhs.createdAt && lhs.imageURL == rhs.imageURL
                && lhs.rank == rhs.rank && lhs.thumbnailURL == rhs.thumbnailURL && lhs.shortDescription == rhs.shortDescription
                && lhs.attribute == rhs.attribute && lhs.taxRate == rhs.taxRate && lhs.options == rhs.options
                && lhs.variants == rhs.variants)
    }

    /// The price of one unit of a variant (the product's price when there is no such variant).
    package func price(of variant: Int) -> Int64 {
        variants.indices.contains(variant) ? variants[variant].price : price
    }

    /// The index of the variant with `id`, if the product has it.
    package func variantIndex(id: String) -> Int? {
        variants.firstIndex { $0.id == id }
    }
}

/// An option a product's variants choose among, with its values in order.
package struct ProductOptionDefinition: Sendable, Equatable {
    package let name: String
    package let values: [String]

    package init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// One variant of a product: its option values (one per option, in option order), price and stock.
package struct ProductVariant: Sendable, Equatable {
    /// What the one variant of a product without options is called, as on Shopify.
    package static let defaultTitle = "Default Title"

    /// The variant's id, unique within its product (the product's id for a default variant).
    package let id: String
    /// Its option values joined with " / " (`Blue / 256 GB`), or `Default Title`.
    package let title: String
    package let optionValues: [String]
    package let price: Int64
    package let compareAtPrice: Int64?
    package let initialStock: Int
    package let sku: String
    package let imageURL: String?

    package init(
        id: String, title: String, optionValues: [String], price: Int64, compareAtPrice: Int64?, initialStock: Int, sku: String,
        imageURL: String?
    ) {
        self.id = id
        self.title = title
        self.optionValues = optionValues
        self.price = price
        self.compareAtPrice = compareAtPrice
        self.initialStock = initialStock
        self.sku = sku
        self.imageURL = imageURL
    }
}

/// The products and brands of a store, with an index per sort order.
///
/// Each index holds product positions in that order, so a page is a binary search for the
/// cursor plus a forward scan, whatever the page number.
package struct Catalog: Sendable {
    /// The brands, in brand order.
    package private(set) var brands: [Brand]
    /// The products by position (merged file order, then added products).
    package private(set) var products: [Product]
    private var positionById: [String: Int]
    private var brandById: [String: Int]
    /// Lowercased `name + " " + brand + " " + model + " " + category` of every product, as one
    /// UTF-8 buffer; product `p`'s text is `searchBytes[searchOffsets[p]..<searchOffsets[p + 1]]`.
    /// One flat buffer lets a search scan 100,000 products without touching an object.
    private(set) var searchBytes: [UInt8]
    private(set) var searchOffsets: [Int]
    /// Prices by position, for filters that scan the whole catalog.
    private(set) var prices: [Int64]
    /// The length of each product's lowercased name at the start of its search text.
    private(set) var nameLengths: [Int]
    /// Each product's brand, model and category as small integers, so filters and facet counts
    /// compare integers instead of strings (facets-100k: one pass of array reads).
    package private(set) var dimensions: CatalogDimensions
    private var orders: [ProductOrder: [Int]]

    /// A catalog of `products`, with every order index built.
    package init(brands: [Brand], products: [Product]) {
        self.brands = brands
        self.products = []
        positionById = [:]
        brandById = [:]
        searchBytes = []
        searchOffsets = [0]
        prices = []
        nameLengths = []
        orders = [:]
        for (index, brand) in brands.enumerated() { brandById[brand.id] = index }
        dimensions = CatalogDimensions(brandCount: brands.count)
        dimensions.reserveCapacity(products.count)
        positionById.reserveCapacity(products.count)
        self.products.reserveCapacity(products.count)
        prices.reserveCapacity(products.count)
        nameLengths.reserveCapacity(products.count)
        searchOffsets.reserveCapacity(products.count + 1)
        for product in products { appendUnsorted(product) }
        // Sorting compares integers only: ids and lowercased names are ranked once, bytewise,
        // so the orders never compare strings (this dominates loading a large catalog).
        var ids = PackedTexts(capacity: products.count)
        var names = PackedTexts(capacity: products.count)
        for product in self.products {
            ids.append(product.id)
            names.appendLowercased(product.name)
        }
        let ranked = [ids, names].concurrentMap { $0.ranks() }
        let (idRank, nameRank) = (ranked[0], ranked[1])
        let products = self.products
        let brandPositions = products.map(brandPosition(of:))
        let orderList = ProductOrder.allCases
        let sorted = orderList.concurrentMap { order in
            let primary = products.indices.map { position in
                Self.integerKey(of: products[position], at: position, brandPosition: brandPositions[position], in: order)
                    ?? Int64(nameRank[position])
            }
            return Self.positions(sortedBy: primary, descending: order.descending, thenBy: idRank)
        }
        for (order, positions) in zip(orderList, sorted) { orders[order] = positions }
    }

    /// Product positions ordered by `primary` (ascending or descending), ties by `tie` ascending.
    private static func positions(sortedBy primary: [Int64], descending: Bool, thenBy tie: [Int]) -> [Int] {
        var entries = primary.indices.map { (primary: primary[$0], tie: tie[$0], position: $0) }
        entries.sort { lhs, rhs in
            if lhs.primary != rhs.primary { return descending ? lhs.primary > rhs.primary : lhs.primary < rhs.primary }
            return lhs.tie < rhs.tie
        }
        return entries.map(\.position)
    }

    private mutating func appendUnsorted(_ product: Product) {
        positionById[product.id] = products.count
        products.append(product)
        let nameStart = searchBytes.count
        PackedTexts.appendLowercased(product.name, to: &searchBytes)
        nameLengths.append(searchBytes.count - nameStart)
        dimensions.append(brand: brandById[product.brandId], model: product.model, category: product.category)
        searchBytes.append(UInt8(ascii: " "))
        PackedTexts.appendLowercased(brand(id: product.brandId)?.name ?? "", to: &searchBytes)
        searchBytes.append(UInt8(ascii: " "))
        PackedTexts.appendLowercased(product.model, to: &searchBytes)
        searchBytes.append(UInt8(ascii: " "))
        PackedTexts.appendLowercased(product.category, to: &searchBytes)
        searchOffsets.append(searchBytes.count)
        prices.append(product.price)
    }

    /// The position of the product with `id`.
    package func position(of id: String) -> Int? { positionById[id] }

    /// The product with `id`.
    package func product(id: String) -> Product? { positionById[id].map { products[$0] } }

    /// The product at `position`, or nil when there is none.
    package func product(at position: Int) -> Product? {
        products.indices.contains(position) ? products[position] : nil
    }

    /// The brand with `id`.
    package func brand(id: String) -> Brand? { brandById[id].map { brands[$0] } }
    /// The position in brand order of the brand with `id`, if there is one.
    package func brandPosition(id: String) -> Int? { brandById[id] }

    /// Product positions in `order`.
    package func indexes(for order: ProductOrder) -> [Int] { orders[order] ?? [] }

    /// The sort key of the product at `position` in `order`.
    package func key(of position: Int, in order: ProductOrder) -> SortKey {
        let product = products[position]
        return Self.key(of: product, at: position, brandPosition: order == .brand ? brandPosition(of: product) : 0, in: order)
    }

    /// The sort key of `product`, at `position`, whose brand sits at `brandPosition` (read only
    /// by the brand order: any other order's key needs nothing of the catalog but the product).
    static func key(of product: Product, at position: Int, brandPosition: Int64 = 0, in order: ProductOrder) -> SortKey {
        guard let key = integerKey(of: product, at: position, brandPosition: brandPosition, in: order) else {
            return .text(product.name.lowercased())
        }
        return .int(key)
    }

    /// Where the product's brand sits in brand order; products of unknown brands come last.
    private func brandPosition(of product: Product) -> Int64 {
        Int64(brand(id: product.brandId)?.position ?? brands.count)
    }

    /// The sort key of `product` in `order` when it is an integer; nil for the name orders.
    private static func integerKey(of product: Product, at position: Int, brandPosition: Int64, in order: ProductOrder) -> Int64? {
        switch order {
        case .featured: Int64(product.rank)
        case .priceAscending, .priceDescending: product.price
        case .newest, .oldest: product.createdAt.seconds
        case .nameAscending, .nameDescending: nil
        case .brand: brandPosition << 32 | Int64(product.rank)
        case .position: Int64(position)
        }
    }

    /// Adds a product and inserts it into every order index.
    ///
    /// - Complexity: O(n) per order, for the insertion.
    package mutating func add(_ product: Product) {
        appendUnsorted(product)
        let position = products.count - 1
        for order in ProductOrder.allCases {
            var index = orders[order] ?? []
            let insertAt = ProductOrder.insertionPoint(in: index, key: key(of: position, in: order), id: product.id, order: order) {
                (self.key(of: $0, in: order), self.products[$0].id)
            }
            index.insert(position, at: insertAt)
            orders[order] = index
        }
    }

    /// The next free `rank`: one past the largest in the catalog.
    package var nextRank: Int { (products.map(\.rank).max() ?? 0) + 1 }
}
