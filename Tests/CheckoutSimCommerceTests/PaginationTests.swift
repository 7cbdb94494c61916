import Foundation
import Testing
@testable import CheckoutSimCommerce

/// A catalog with ties on every key, so the id tie-break matters.
enum SampleCatalog {
    static let brands = [
        Brand(id: "b-one", name: "Acme", position: 0),
        Brand(id: "b-two", name: "Zenith", position: 1),
        Brand(id: "b-three", name: "Orbit", position: 2),
    ]

    static func product(_ index: Int) -> Product {
        let names = ["Lamp", "desk", "Chair", "lamp", "Shelf", "Rug"]
        return Product(
            id: "p-\(String(format3: (index * 37) % 100))", name: names[index % names.count] + (index % 4 == 0 ? "" : " \(index % 3)"),
            brandId: brands[index % 3].id, model: "M\(index % 5)", category: ["Home", "Office"][index % 2],
            description: "Item \(index)", price: Int64(1000 + (index % 7) * 250), compareAtPrice: nil,
            initialStock: index % 4, maxPerOrder: 5, createdAt: Instant(seconds: Int64(1_700_000_000 + (index % 6) * 3600)),
            imageURL: nil, rank: 1 + index / 2)
    }

    static let catalog = Catalog(brands: brands, products: (0..<40).map(product))

    /// The documented order, computed independently of the catalog's indexes.
    static func expectedOrder(_ products: [Product], _ order: ProductOrder, brandPositions: [String: Int] = [:]) -> [String] {
        products.sorted { a, b in
            func key(_ p: Product) -> SortKey {
                switch order {
                case .featured: .int(Int64(p.rank))
                case .priceAscending, .priceDescending: .int(p.price)
                case .newest, .oldest: .int(p.createdAt.seconds)
                case .nameAscending, .nameDescending: .text(p.name.lowercased())
                case .brand: .int(Int64(brandPositions[p.brandId] ?? 0) * 1_000_000 + Int64(p.rank))
                case .position: .int(Int64(products.firstIndex { $0 === p } ?? -1))
                }
            }
            let (ka, kb) = (key(a), key(b))
            if ka != kb {
                let descending = [.priceDescending, .newest, .nameDescending].contains(order)
                return descending ? kb < ka : ka < kb
            }
            return Array(a.id.utf8).lexicographicallyPrecedes(Array(b.id.utf8))
        }.map(\.id)
    }
}

extension String {
    init(format3 value: Int) {
        self = value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
    }
}

struct PaginationTests {
    /// A page's cursors are made when read (`PageCursors`): each is the cursor of its product in
    /// the page's order, as the catalog stood when the page was made, whatever is added after.
    @Test(arguments: ProductOrder.allCases)
    func cursorsReadLaterAreThePagesOwn(_ order: ProductOrder) {
        var catalog = SampleCatalog.catalog
        let page = Paginator.page(catalog, inventory: Inventory(catalog: catalog), order: order, filter: ProductFilter(), first: 9, after: nil, endpoint: "products")
        let expected = page.positions.map {
            Cursor(endpoint: "products", order: order, key: catalog.key(of: $0, in: order), id: catalog.products[$0].id)
        }
        catalog.add(SampleCatalog.product(99))
        #expect(page.cursors.count == 9)
        #expect(Array(page.cursors) == expected)
        #expect(page.cursors.last == expected.last)
    }

    struct WalkCase: CustomTestStringConvertible, Sendable {
        let order: ProductOrder
        let pageSize: Int
        var testDescription: String { "\(order.rawValue) by \(pageSize)" }
    }

    static let walks = ProductOrder.allCases.flatMap { order in [1, 3, 7].map { WalkCase(order: order, pageSize: $0) } }

    static func walk(_ catalog: Catalog, inventory: Inventory, order: ProductOrder, filter: ProductFilter = ProductFilter(),
                     pageSize: Int, between: (Int, inout Catalog, inout Inventory) -> Void = { _, _, _ in }) -> [String] {
        var catalog = catalog
        var inventory = inventory
        var seen: [String] = []
        var after: Cursor?
        var pageNumber = 0
        // A walk can need no more pages than products (plus the last, empty one; products added
        // between pages count too): an off-by-one cursor that stops advancing fails here instead
        // of looping for ever.
        while true {
            let maxPages = catalog.products.count + 2
            guard pageNumber <= maxPages else {
                Issue.record("the walk passed \(maxPages) pages of \(pageSize): a cursor did not advance")
                break
            }
            let page = Paginator.page(catalog, inventory: inventory, order: order, filter: filter, first: pageSize, after: after, endpoint: "products")
            seen += page.positions.map { catalog.products[$0].id }
            #expect(page.hasPreviousPage == (after != nil && pageNumber > 0))
            guard page.hasNextPage, let last = page.cursors.last else { break }
            after = Cursor(encoded: last.encoded)
            pageNumber += 1
            between(pageNumber, &catalog, &inventory)
        }
        return seen
    }

    @Test(arguments: walks)
    func walksEveryProductOnceInOrder(_ testCase: WalkCase) {
        let catalog = SampleCatalog.catalog
        let seen = Self.walk(catalog, inventory: Inventory(catalog: catalog), order: testCase.order, pageSize: testCase.pageSize)
        let positions = Dictionary(uniqueKeysWithValues: SampleCatalog.brands.map { ($0.id, $0.position) })
        #expect(seen == SampleCatalog.expectedOrder(catalog.products, testCase.order, brandPositions: positions))
    }

    @Test(arguments: walks)
    func neverRepeatsOrSkipsWhenStockAndCatalogChange(_ testCase: WalkCase) {
        let catalog = SampleCatalog.catalog
        var filter = ProductFilter()
        filter.inStockOnly = true
        var added = 0
        var everInStock: Set<String> = []
        var alwaysInStock = Set(catalog.products.indices.filter { catalog.products[$0].initialStock > 0 }.map { catalog.products[$0].id })
        let seen = Self.walk(catalog, inventory: Inventory(catalog: catalog), order: testCase.order, filter: filter,
                             pageSize: testCase.pageSize) { page, catalog, inventory in
            // Sell out one product and restock another, then add a brand-new product.
            let sellOut = (page * 7) % catalog.products.count
            if inventory.stock(at: sellOut) > 0 { alwaysInStock.remove(catalog.products[sellOut].id) }
            inventory.setStock(0, at: sellOut)
            let restock = (page * 11) % catalog.products.count
            inventory.setStock(3, at: restock)
            everInStock.insert(catalog.products[restock].id)
            added += 1
            let extra = SampleCatalog.product(100 + added)
            catalog.add(Product(
                id: "new-\(added)", name: extra.name, brandId: extra.brandId, model: extra.model, category: extra.category,
                description: extra.description, price: extra.price, compareAtPrice: nil, initialStock: 2, maxPerOrder: 5,
                createdAt: extra.createdAt, imageURL: nil, rank: catalog.nextRank))
            inventory.setStock(2, at: catalog.products.count - 1)
        }
        #expect(Set(seen).count == seen.count, "a product was repeated")
        #expect(alwaysInStock.isSubset(of: Set(seen)), "a product that stayed in stock was skipped")
    }

    @Test func pageFourThousandIsFoundByBinarySearch() {
        let products = (0..<20_000).map { index in
            Product(id: "id-\(index)", name: "Item \(index)", brandId: "b-one", model: "M", category: "C", description: "",
                    price: Int64(index % 500), compareAtPrice: nil, initialStock: 1, maxPerOrder: 1,
                    createdAt: Instant(seconds: 0), imageURL: nil, rank: index)
        }
        let catalog = Catalog(brands: SampleCatalog.brands, products: products)
        let inventory = Inventory(catalog: catalog)
        let index = catalog.indexes(for: .priceAscending)
        let cursor = Cursor(endpoint: "products", order: .priceAscending, key: catalog.key(of: index[15_000], in: .priceAscending),
                            id: catalog.products[index[15_000]].id)
        let page = Paginator.page(catalog, inventory: inventory, order: .priceAscending, filter: ProductFilter(), first: 5, after: cursor, endpoint: "products")
        #expect(page.positions == Array(index[15_001..<15_006]))
        #expect(page.totalCount == 20_000)
        #expect(page.hasPreviousPage)
        #expect(page.hasNextPage)
    }

    /// A cursor is written byte by byte in temporary memory (`Cursor.writeEncoded`); it must be
    /// Foundation's base64 of `v1|endpoint|ORDER|id|i:…` (or `t:…`), whatever the key, and decode back.
    @Test(arguments: [
        SortKey.int(0), .int(7), .int(-1), .int(-42), .int(1_299), .int(.max), .int(.min),
        .text(""), .text("lamp | 2"), .text("ünï 😀"),
    ])
    func cursorsEncodeAsDocumented(key: SortKey) {
        let cursor = Cursor(endpoint: "products", order: .priceAscending, key: key, id: "p-0042")
        let keyText: String
        switch key {
        case .int(let value): keyText = "i:\(value)"
        case .text(let value): keyText = "t:\(value)"
        }
        let expected = Data("v1|products|\(ProductOrder.priceAscending.rawValue)|p-0042|\(keyText)".utf8).base64EncodedString()
        #expect(cursor.encoded == expected)
        #expect(Cursor(encoded: cursor.encoded) == cursor)
    }

    @Test func cursorsRoundTripAndRejectGarbage() {
        let cursor = Cursor(endpoint: "products", order: .nameAscending, key: .text("lamp | 2"), id: "p-001")
        #expect(Cursor(encoded: cursor.encoded) == cursor)
        #expect(Cursor(encoded: "not a cursor") == nil)
        #expect(Cursor(encoded: "djJ8eA==") == nil)
    }
}

struct FilterTests {
    static func ids(_ filter: ProductFilter) -> [String] {
        let catalog = SampleCatalog.catalog
        return Paginator.page(catalog, inventory: Inventory(catalog: catalog), order: .featured, filter: filter, first: 100, after: nil, endpoint: "products")
            .positions.map { catalog.products[$0].id }
    }

    static func expected(_ include: (Product) -> Bool) -> [String] {
        SampleCatalog.expectedOrder(SampleCatalog.catalog.products.filter(include), .featured)
    }

    @Test func searchNeedsEveryTermInNameBrandModelOrCategory() {
        var filter = ProductFilter()
        filter.setSearch("  LAMP   zenith ")
        #expect(Self.ids(filter) == Self.expected { $0.name.lowercased().contains("lamp") && $0.brandId == "b-two" })
        filter.setSearch("m3 office")
        #expect(Self.ids(filter) == Self.expected { $0.model == "M3" && $0.category == "Office" })
        filter.setSearch("   ")
        #expect(filter.isEmpty)
    }

    @Test func membershipFiltersCombine() {
        var filter = ProductFilter()
        filter.brandIds = ["b-one", "b-three"]
        filter.categories = ["Home"]
        #expect(Self.ids(filter) == Self.expected { ["b-one", "b-three"].contains($0.brandId) && $0.category == "Home" })
        filter.models = ["M1", "M2"]
        #expect(Self.ids(filter) == Self.expected {
            ["b-one", "b-three"].contains($0.brandId) && $0.category == "Home" && ["M1", "M2"].contains($0.model)
        })
    }

    @Test func priceRangeIsInclusiveAndStockFilterWorks() {
        var filter = ProductFilter()
        filter.minPrice = 1250
        filter.maxPrice = 1750
        #expect(Self.ids(filter) == Self.expected { (1250...1750).contains($0.price) })
        filter = ProductFilter()
        filter.inStockOnly = true
        #expect(Self.ids(filter) == Self.expected { $0.initialStock > 0 })
    }

    @Test func recentSearchesAreNewestFirstUniqueAndCapped() {
        var searches = RecentSearches()
        for term in ["lamp", " Desk ", "LAMP", "", "   "] + (1...12).map({ "term \($0)" }) { searches.record(term) }
        #expect(searches.entries.count == 10)
        #expect(searches.entries.first == "term 12")
        var small = RecentSearches()
        for term in ["lamp", " Desk ", "LAMP"] { small.record(term) }
        #expect(small.entries == ["LAMP", "Desk"])
    }

    /// The cursor text is `v1|endpoint|ORDER|id|i:N` or `…|t:TEXT` in base64, byte for byte as
    /// the interpolating version wrote it (cursors live in apps and snapshots).
    @Test(arguments: [
        Cursor(endpoint: "products", order: .featured, key: .int(0), id: "p-001"),
        Cursor(endpoint: "brandSections", order: .priceDescending, key: .int(-129_900), id: "new-12"),
        Cursor(endpoint: "products", order: .newest, key: .int(.min), id: "ünï|çødé"),
        Cursor(endpoint: "products", order: .oldest, key: .int(.max), id: ""),
        Cursor(endpoint: "search", order: .nameAscending, key: .text("Lamp \u{1F4A1} | 2"), id: "p"),
    ])
    func cursorsEncodeAsTheirTextInBase64(_ cursor: Cursor) throws {
        let keyText: String
        switch cursor.key {
        case .int(let value): keyText = "i:\(value)"
        case .text(let value): keyText = "t:\(value)"
        }
        let text = "v1|\(cursor.endpoint)|\(cursor.order.rawValue)|\(cursor.id)|\(keyText)"
        #expect(cursor.encoded == Data(text.utf8).base64EncodedString())
    }
}
