/// A brand, in display order.
public struct Brand: Sendable, Equatable {
    public let id: String
    public let name: String
    /// Position in brand order (rank ascending, then file order), from 0.
    public let position: Int

    public init(id: String, name: String, position: Int) {
        self.id = id
        self.name = name
        self.position = position
    }
}

/// A product as the catalog holds it; prices are minor units. Stock lives in `Inventory`.
///
/// A class, not a struct: resolvers read one field at a time from products in the catalog, and
/// passing a reference costs one retain where copying ten strings would cost ten.
public final class Product: Sendable, Equatable {
    public let id: String
    public let name: String
    public let brandId: String
    public let model: String
    public let category: String
    public let description: String
    public let price: Int64
    public let compareAtPrice: Int64?
    public let initialStock: Int
    public let maxPerOrder: Int
    public let createdAt: Instant
    public let imageURL: String?
    public let rank: Int

    public init(
        id: String, name: String, brandId: String, model: String, category: String, description: String, price: Int64,
        compareAtPrice: Int64?, initialStock: Int, maxPerOrder: Int, createdAt: Instant, imageURL: String?, rank: Int
    ) {
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

    public static func == (lhs: Product, rhs: Product) -> Bool {
        lhs === rhs
            || (lhs.id == rhs.id && lhs.name == rhs.name && lhs.brandId == rhs.brandId && lhs.model == rhs.model
                && lhs.category == rhs.category && lhs.description == rhs.description && lhs.price == rhs.price
                && lhs.compareAtPrice == rhs.compareAtPrice && lhs.initialStock == rhs.initialStock
                && lhs.maxPerOrder == rhs.maxPerOrder && lhs.createdAt == rhs.createdAt && lhs.imageURL == rhs.imageURL
                && lhs.rank == rhs.rank)
    }
}

/// The products and brands of a store, with an index per sort order.
///
/// Each index holds product positions in that order, so a page is a binary search for the
/// cursor plus a forward scan, whatever the page number.
public struct Catalog: Sendable {
    public private(set) var brands: [Brand]
    public private(set) var products: [Product]
    private var positionById: [String: Int]
    private var brandById: [String: Int]
    /// Lowercased `name + " " + brand + " " + model + " " + category` of every product, as one
    /// UTF-8 buffer; product `p`'s text is `searchBytes[searchOffsets[p]..<searchOffsets[p + 1]]`.
    /// One flat buffer lets a search scan 100,000 products without touching an object.
    private(set) var searchBytes: [UInt8]
    private(set) var searchOffsets: [Int]
    /// Prices by position, for filters that scan the whole catalog.
    private(set) var prices: [Int64]
    private var orders: [ProductOrder: [Int]]

    public init(brands: [Brand], products: [Product]) {
        self.brands = brands
        self.products = []
        positionById = [:]
        brandById = [:]
        searchBytes = []
        searchOffsets = [0]
        prices = []
        orders = [:]
        for (index, brand) in brands.enumerated() { brandById[brand.id] = index }
        for product in products { appendUnsorted(product) }
        // Sorting compares integers only: ids and lowercased names are ranked once, bytewise,
        // so the eight orders never compare strings (this dominates loading a large catalog).
        let count = self.products.count
        let idRank = Self.ranks(of: self.products.map(\.id))
        let nameRank = Self.ranks(of: self.products.map { $0.name.lowercased() })
        for order in ProductOrder.allCases {
            let primary: [Int64] = (0..<count).map { position in
                switch order {
                case .nameAscending, .nameDescending: return Int64(nameRank[position])
                default:
                    if case .int(let value) = key(of: position, in: order) { return value }
                    return 0
                }
            }
            let descending = order.descending
            orders[order] = (0..<count).sorted { lhs, rhs in
                if primary[lhs] != primary[rhs] { return descending ? primary[lhs] > primary[rhs] : primary[lhs] < primary[rhs] }
                return idRank[lhs] < idRank[rhs]
            }
        }
    }

    /// Appends `text` lowercased as UTF-8; ASCII byte by byte, anything else through `lowercased()`.
    private static func appendLowercased(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                for index in start..<buffer.count where buffer[index] >= UInt8(ascii: "A") && buffer[index] <= UInt8(ascii: "Z") {
                    buffer[index] += 32
                }
            }
        } else {
            bytes.append(contentsOf: text.lowercased().utf8)
        }
    }

    /// Each string's position in bytewise order (equal strings share a rank).
    private static func ranks(of strings: [String]) -> [Int] {
        // For ASCII, Swift's own comparison is bytewise order and has a fast path for small strings.
        let ascii = strings.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        let sorted = ascii
            ? strings.indices.sorted { strings[$0] < strings[$1] }
            : strings.indices.sorted { strings[$0].precedesBytewise(strings[$1]) }
        var ranks = [Int](repeating: 0, count: strings.count)
        var rank = 0
        for (offset, index) in sorted.enumerated() {
            if offset > 0, strings[sorted[offset - 1]] != strings[index] { rank += 1 }
            ranks[index] = rank
        }
        return ranks
    }

    private mutating func appendUnsorted(_ product: Product) {
        positionById[product.id] = products.count
        products.append(product)
        let brandName = brand(id: product.brandId)?.name ?? ""
        for (index, part) in [product.name, brandName, product.model, product.category].enumerated() {
            if index > 0 { searchBytes.append(UInt8(ascii: " ")) }
            Self.appendLowercased(part, to: &searchBytes)
        }
        searchOffsets.append(searchBytes.count)
        prices.append(product.price)
    }

    public func position(of id: String) -> Int? { positionById[id] }

    public func product(id: String) -> Product? { positionById[id].map { products[$0] } }

    /// The product at `position`, or nil when there is none.
    public func product(at position: Int) -> Product? {
        products.indices.contains(position) ? products[position] : nil
    }

    public func brand(id: String) -> Brand? { brandById[id].map { brands[$0] } }

    /// Product positions in `order`.
    public func indexes(for order: ProductOrder) -> [Int] { orders[order] ?? [] }

    /// The sort key of the product at `position` in `order`.
    public func key(of position: Int, in order: ProductOrder) -> SortKey {
        let product = products[position]
        switch order {
        case .featured: return .int(Int64(product.rank))
        case .priceAscending, .priceDescending: return .int(product.price)
        case .newest, .oldest: return .int(product.createdAt.seconds)
        case .nameAscending, .nameDescending: return .text(product.name.lowercased())
        case .brand:
            let brandPosition = Int64(brand(id: product.brandId)?.position ?? brands.count)
            return .int(brandPosition << 32 | Int64(product.rank))
        }
    }

    /// Adds a product and inserts it into every order index.
    ///
    /// - Complexity: O(n) per order, for the insertion.
    public mutating func add(_ product: Product) {
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
    public var nextRank: Int { (products.map(\.rank).max() ?? 0) + 1 }
}
