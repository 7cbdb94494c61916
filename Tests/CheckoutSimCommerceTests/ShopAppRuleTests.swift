import Testing
import CheckoutSimSupport
@testable import CheckoutSimCommerce

/// The rules the five shop apps needed (issue #13): search modes, facets, offset paging, tax,
/// picture addresses, favorites' dates, recent-search removal and stepper decreases.
struct ShopAppRuleTests {
    /// A catalog with names that tell the search modes apart.
    static let catalog = Catalog(
        brands: [Brand(id: "apple", name: "Apple", position: 0), Brand(id: "sony", name: "Sony", position: 1),
                 Brand(id: "bose", name: "Bose", position: 2)],
        products: [
            item("iphone-15", "iPhone 15 128 GB", "apple", "iPhone 15", "Phones", 99_900, stock: 3),
            item("iphone-15-pro", "iPhone 15 Pro", "apple", "iPhone 15 Pro", "Phones", 119_900, stock: 0),
            item("airpods", "AirPods Pro (2nd gen)", "apple", "AirPods Pro", "Headphones", 24_900, stock: 9),
            item("wh-1000xm5", "WH-1000XM5 Wireless", "sony", "WH-1000XM5", "Headphones", 39_900, stock: 4),
            item("bravia", "BRAVIA XR 65-inch", "sony", "BRAVIA XR", "TVs", 279_900, stock: 1),
            item("qc-ultra", "QuietComfort Ultra", "bose", "QuietComfort", "Headphones", 42_900, stock: 2),
            item("soundlink", "SoundLink Flex", "bose", "SoundLink", "Speakers", 14_900, stock: 0),
            item("café", "Café Speaker", "bose", "SoundLink", "Speakers", 9_900, stock: 5),
        ])

    static func item(_ id: String, _ name: String, _ brand: String, _ model: String, _ category: String, _ price: Int64, stock: Int, rank: Int = 0) -> Product {
        Product(id: id, name: name, brandId: brand, model: model, category: category, description: "", price: price,
                compareAtPrice: nil, initialStock: stock, maxPerOrder: 5, createdAt: TestShop.now, imageURL: nil, rank: rank)
    }

    static func matching(_ search: String, _ mode: SearchMode) -> [String] {
        var filter = ProductFilter()
        filter.setSearch(search, mode: mode)
        let mask = filter.mask(catalog, inventory: Inventory(catalog: catalog))
        return catalog.products.indices.filter { mask[$0] }.map { catalog.products[$0].id }
    }

    struct SearchCase: CustomTestStringConvertible, Sendable {
        let search: String
        let mode: SearchMode
        let ids: [String]
        var testDescription: String { "\(mode.rawValue) \"\(search)\"" }
    }

    static let searchCases: [SearchCase] = [
        .init(search: "pro", mode: .contains, ids: ["iphone-15-pro", "airpods"]),
        .init(search: "ro", mode: .contains, ids: ["iphone-15-pro", "airpods"]),
        .init(search: "ro", mode: .wordPrefix, ids: []),
        .init(search: "pro", mode: .wordPrefix, ids: ["iphone-15-pro", "airpods"]),
        .init(search: "ipho 15 pr", mode: .wordPrefix, ids: ["iphone-15-pro"]),
        // Punctuation splits words on both sides: "1000" starts a word of "WH-1000XM5", "xm5" does not.
        .init(search: "1000", mode: .wordPrefix, ids: ["wh-1000xm5"]),
        .init(search: "xm5", mode: .wordPrefix, ids: []),
        .init(search: "wh-1000", mode: .wordPrefix, ids: ["wh-1000xm5"]),
        .init(search: "(2nd", mode: .wordPrefix, ids: ["airpods"]),
        .init(search: "SOUND", mode: .wordPrefix, ids: ["soundlink", "café"]),
        .init(search: "caf", mode: .wordPrefix, ids: ["café"]),
        .init(search: "  iphone 15 ", mode: .namePrefix, ids: ["iphone-15", "iphone-15-pro"]),
        .init(search: "iphone 15 p", mode: .namePrefix, ids: ["iphone-15-pro"]),
        // The name only: the brand, model and category after it in the search text never match.
        .init(search: "soundlink flex sony", mode: .namePrefix, ids: []),
        .init(search: "flex", mode: .namePrefix, ids: []),
        .init(search: "café", mode: .namePrefix, ids: ["café"]),
        .init(search: "   ", mode: .namePrefix, ids: ["iphone-15", "iphone-15-pro", "airpods", "wh-1000xm5", "bravia", "qc-ultra", "soundlink", "café"]),
    ]

    @Test(arguments: searchCases)
    func searchModes(_ testCase: SearchCase) {
        #expect(Self.matching(testCase.search, testCase.mode) == testCase.ids)
    }

    struct FacetCase: CustomTestStringConvertible, Sendable {
        let name: String
        let brandIds: [String]
        let categories: [String]
        let search: String?
        let inStockOnly: Bool
        let brands: [String: Int]
        let categoryCounts: [String: Int]
        let total: Int
        let priceRange: ClosedRange<Int64>?
        var testDescription: String { name }
    }

    static let facetCases: [FacetCase] = [
        .init(name: "no filter", brandIds: [], categories: [], search: nil, inStockOnly: false,
              brands: ["apple": 3, "sony": 2, "bose": 3], categoryCounts: ["Phones": 2, "Headphones": 3, "TVs": 1, "Speakers": 2],
              total: 8, priceRange: 9_900...279_900),
        // Ticking Apple keeps Sony and Bose counted as if Apple were not ticked.
        .init(name: "one brand ticked", brandIds: ["apple"], categories: [], search: nil, inStockOnly: false,
              brands: ["apple": 3, "sony": 2, "bose": 3], categoryCounts: ["Phones": 2, "Headphones": 1],
              total: 3, priceRange: 24_900...119_900),
        .init(name: "brand and category", brandIds: ["apple", "sony"], categories: ["Headphones"], search: nil, inStockOnly: false,
              brands: ["apple": 1, "sony": 1, "bose": 1], categoryCounts: ["Phones": 2, "Headphones": 2, "TVs": 1],
              total: 2, priceRange: 24_900...39_900),
        .init(name: "in stock only, zero counts left out", brandIds: [], categories: ["Speakers"], search: nil, inStockOnly: true,
              brands: ["bose": 1], categoryCounts: ["Phones": 1, "Headphones": 3, "TVs": 1, "Speakers": 1],
              total: 1, priceRange: 9_900...9_900),
        .init(name: "nothing matches", brandIds: ["sony"], categories: [], search: "iphone", inStockOnly: false,
              brands: ["apple": 2], categoryCounts: [:], total: 0, priceRange: nil),
    ]

    @Test(arguments: facetCases)
    func facetsAreDisjunctive(_ testCase: FacetCase) {
        var filter = ProductFilter()
        filter.brandIds = testCase.brandIds
        filter.categories = testCase.categories
        filter.setSearch(testCase.search)
        filter.inStockOnly = testCase.inStockOnly
        let facets = ProductFacets(Self.catalog, inventory: Inventory(catalog: Self.catalog), filter: filter)
        let brands = facets.brands.map { (Self.catalog.brands[$0.position].id, $0.count) }
        #expect(brands.map(\.0) == Self.catalog.brands.map(\.id).filter { testCase.brands[$0] != nil }, "brand order")
        #expect(Dictionary(uniqueKeysWithValues: brands) == testCase.brands)
        #expect(facets.categories.map(\.value) == testCase.categoryCounts.keys.sorted { $0.precedesBytewise($1) }, "bytewise order")
        #expect(Dictionary(uniqueKeysWithValues: facets.categories.map { ($0.value, $0.count) }) == testCase.categoryCounts)
        #expect(facets.totalCount == testCase.total)
        #expect(facets.priceRange.map { $0.min...$0.max } == testCase.priceRange)
        let mask = filter.mask(Self.catalog, inventory: Inventory(catalog: Self.catalog))
        #expect(facets.totalCount == mask.filter { $0 }.count, "totalCount applies the whole filter")
    }

    struct OffsetCase: CustomTestStringConvertible, Sendable {
        let offset: Int
        let first: Int
        let ids: [String]
        let hasPrevious: Bool
        let hasNext: Bool
        var testDescription: String { "offset \(offset) first \(first)" }
    }

    @Test(arguments: [
        OffsetCase(offset: 0, first: 3, ids: ["iphone-15", "iphone-15-pro", "airpods"], hasPrevious: false, hasNext: true),
        OffsetCase(offset: 3, first: 3, ids: ["wh-1000xm5", "bravia", "qc-ultra"], hasPrevious: true, hasNext: true),
        OffsetCase(offset: 6, first: 3, ids: ["soundlink", "café"], hasPrevious: true, hasNext: false),
        OffsetCase(offset: 8, first: 3, ids: [], hasPrevious: true, hasNext: false),
        OffsetCase(offset: 1_000_000, first: 1, ids: [], hasPrevious: true, hasNext: false),
    ])
    func offsetPaging(_ testCase: OffsetCase) {
        let catalog = Catalog(brands: Self.catalog.brands, products: Self.catalog.products.enumerated().map { index, product in
            Self.item(product.id, product.name, product.brandId, product.model, product.category, product.price, stock: 1, rank: index)
        })
        let page = Paginator.page(
            catalog, inventory: Inventory(catalog: catalog), order: .featured, filter: ProductFilter(), first: testCase.first,
            after: nil, offset: testCase.offset, endpoint: "products")
        #expect(page.positions.map { catalog.products[$0].id } == testCase.ids)
        #expect(page.hasPreviousPage == testCase.hasPrevious)
        #expect(page.hasNextPage == testCase.hasNext)
        #expect(page.totalCount == 8)
        // An offset page's last cursor continues exactly where the next offset page starts.
        if let last = page.cursors.last {
            let next = Paginator.page(
                catalog, inventory: Inventory(catalog: catalog), order: .featured, filter: ProductFilter(), first: 2, after: last,
                endpoint: "products")
            let byOffset = Paginator.page(
                catalog, inventory: Inventory(catalog: catalog), order: .featured, filter: ProductFilter(), first: 2, after: nil,
                offset: testCase.offset + page.positions.count, endpoint: "products")
            #expect(next.positions == byOffset.positions)
        }
    }

    @Test(arguments: [
        ("0", "0", Int64(99_900), Int64(99_900)), ("8.25", "8.25", 99_900, 108_142), ("20", "20", 1_999, 2_399),
        ("20.00", "20", 1, 1), ("8.50", "8.5", 100, 108), ("100", "100", 12_345, 24_690),
        // Half to even: 50 × 1% = 0.5 → 0; 150 × 1% = 1.5 → 2.
        ("1", "1", 50, 50), ("1", "1", 150, 152),
    ])
    func taxRates(_ given: String, _ shown: String, _ price: Int64, _ withTax: Int64) throws {
        let rate = try #require(TaxRate(percent: given))
        #expect(rate.text == shown)
        #expect(rate.priceIncludingTax(price) == withTax)
    }

    @Test(arguments: ["-1", "100.01", "8.255", "8,25", "", "abc", ".5", "1e2", "99999999999999999999"])
    func badTaxRatesAreRefused(_ text: String) {
        #expect(TaxRate(percent: text) == nil)
    }

    @Test(arguments: [
        ("https://example.com/a.jpg", true), ("HTTP://example.com", true), ("http://localhost:4000/x?y=1#z", true),
        ("https://", false), ("https:///path", false), ("ftp://example.com/a.jpg", false), ("/images/a.jpg", false),
        ("example.com/a.jpg", false), ("https://exa mple.com", false), ("https://example.com/\u{0}", false), ("", false),
    ])
    func pictureAddresses(_ text: String, _ accepted: Bool) {
        #expect(WebAddress.isAbsoluteHTTP(text) == accepted)
    }

    @Test func favoritesRememberWhenTheyWereAddedAndClear() throws {
        var shop = TestShop.make()
        try shop.addFavorite(productId: "lamp", session: "s")
        shop.clock = shop.clock.adding(seconds: 3_600)
        try shop.addFavorite(productId: "rug", session: "s")
        try shop.addFavorite(productId: "lamp", session: "s")
        #expect(shop.favoritedAt("lamp", session: "s") == TestShop.now, "adding again keeps the first date")
        #expect(shop.favoritedAt("rug", session: "s") == TestShop.now.adding(seconds: 3_600))
        #expect(shop.favoritedAt("desk", session: "s") == nil)
        try shop.removeFavorite(productId: "lamp", session: "s")
        #expect(shop.favoritedAt("lamp", session: "s") == nil)
        shop.clearFavorites(session: "s")
        #expect(shop.shopper(named: "s").favorites.isEmpty)
        #expect(shop.favoritedAt("rug", session: "s") == nil)
    }

    @Test(arguments: [
        ("iPhone", ["galaxy", "airpods"]), ("  IPHONE ", ["galaxy", "airpods"]), ("missing", ["iphone", "galaxy", "airpods"]),
    ])
    func removingARecentSearch(_ term: String, _ left: [String]) {
        var searches = RecentSearches()
        for search in ["airpods", "galaxy", "iphone"] { searches.record(search) }
        searches.remove(term)
        #expect(searches.entries == left)
        searches.removeAll()
        #expect(searches.entries.isEmpty)
    }

    struct StepperCase: CustomTestStringConvertible, Sendable {
        let stockLeft: Int
        let quantity: Int
        let code: CommerceError.Code?
        var testDescription: String { "stock \(stockLeft), 4 → \(quantity)" }
    }

    /// The line holds 4; then someone else buys stock down to `stockLeft`.
    @Test(arguments: [
        StepperCase(stockLeft: 0, quantity: 3, code: nil), StepperCase(stockLeft: 0, quantity: 4, code: nil),
        StepperCase(stockLeft: 2, quantity: 1, code: nil), StepperCase(stockLeft: 0, quantity: 5, code: .outOfStock),
        StepperCase(stockLeft: 4, quantity: 5, code: .insufficientStock), StepperCase(stockLeft: 10, quantity: 5, code: nil),
        StepperCase(stockLeft: 10, quantity: 11, code: .quantityLimitExceeded),
    ])
    func aStepperCanAlwaysGoDown(_ testCase: StepperCase) throws {
        var shop = TestShop.make()
        try shop.addToCart(productId: "rug", quantity: 2, session: "s")
        shop.inventory.setStock(10, at: try shop.product("rug").position)
        try shop.updateCartLine(productId: "rug", quantity: 4, session: "s")
        shop.inventory.setStock(testCase.stockLeft, at: try shop.product("rug").position)
        let code = TestShop.code { () throws(CommerceError) in try shop.updateCartLine(productId: "rug", quantity: testCase.quantity, session: "s") }
        #expect(code == testCase.code)
        #expect(shop.shopper(named: "s").cart.quantity(of: "rug") == (code == nil ? testCase.quantity : 4))
    }

    @Test func addProductUsesTheStoreDefaultsAndChecksEveryNewField() {
        var shop = TestShop.make()
        let bad = Shop.NewProduct(
            name: "Lamp", brandId: nil, category: "Home", price: "10.00", description: nil, imageURL: "lamp.jpg", stock: 1, model: nil,
            taxRate: "101", thumbnailURL: "ftp://x/y.jpg")
        guard case .failure(let failure) = shop.addProduct(bad) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.errors.map { $0.field ?? [] } == [["input", "brandId"], ["input", "taxRate"], ["input", "imageURL"], ["input", "thumbnailURL"]])
        let good = Shop.NewProduct(
            name: "Lamp", brandId: "acme", category: "Home", price: "10.00", description: nil, imageURL: nil, stock: 1, model: nil,
            taxRate: "8.25", thumbnailURL: "https://example.com/t.jpg", shortDescription: "Warm light", attribute: "60 W")
        guard case .success(let position) = shop.addProduct(good) else {
            Issue.record("expected the product to be added")
            return
        }
        let product = shop.catalog.products[position]
        #expect(product.taxRate.text == "8.25")
        #expect(product.thumbnailURL == "https://example.com/t.jpg")
        #expect(product.attribute == "60 W")
        #expect(product.shortDescription == "Warm light")
    }
}
