import CheckoutSimSupport
import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimStorefront

/// Everything a simulator starts from, loaded and validated.
public struct Fixtures: Sendable {
    /// `store.json`: currency, clock, seed and shipping.
    package let store: StoreSettings
    /// Brands and the merged products of `products/*.json`.
    package let catalog: Catalog
    /// `offers.json`, in file order.
    package let offers: [OfferDefinition]
    /// `scratch-cards.json`.
    package let scratchCards: ScratchCardTable
    /// `payment-test-cards.json`.
    package let testCards: [TestCard]
    /// `collections/*.json`: banners, shops, home sections… (docs/fixtures.md#content-collections).
    package let collections: ContentCollections
    /// `storefront/content.json`: what the Storefront dialect's shop, menus, pages and blog show
    /// (docs/storefront.md#shop-content); empty without the file.
    package var storefront = StorefrontContent.empty
    /// `customers.json`: the customers the shop starts with (docs/fixtures.md#customers); none
    /// without the file.
    package var customers: [CustomerFixture] = []

    /// Loads and validates `source`, reporting every problem at once.
    public static func load(_ source: FixtureSource) throws(FixtureError) -> Fixtures {
        var loader = FixtureLoader(source: source)
        return try loader.load()
    }

    /// The bundled fixtures.
    public static func bundled() throws(FixtureError) -> Fixtures {
        try load(.bundled)
    }
}

/// Parses each file, then checks references across files (brands, duplicate products).
struct FixtureLoader {
    let source: FixtureSource
    var problems: [FixtureProblem] = []
    var currency = Currency(code: "USD", fractionDigits: 2, symbol: "$")

    init(source: FixtureSource) {
        self.source = source
    }

    mutating func parse(_ path: String, required: Bool = true) -> JSON? {
        guard let text = source.text(of: path) else {
            if required { problems.append(FixtureProblem(file: path, path: "$", message: "file is missing")) }
            return nil
        }
        return record(Self.parse(text, path: path))
    }

    /// A parsed fixture file: its JSON, or the syntax problem that stopped it.
    enum ParsedFile: Sendable {
        case json(JSON)
        case problem(FixtureProblem)
    }

    /// The JSON, or nil after recording why there is none.
    mutating func record(_ parsed: ParsedFile) -> JSON? {
        switch parsed {
        case .json(let json): return json
        case .problem(let problem):
            problems.append(problem)
            return nil
        }
    }

    static func parse(_ text: String, path: String) -> ParsedFile {
        do {
            return .json(try JSONParser.parse(text, maxDepth: 64))
        } catch {
            let excerpt = SourceLocation(line: error.line, column: error.column).excerpt(in: Array(text.utf8))
            return .problem(FixtureProblem(
                file: "\(path):\(error.line):\(error.column)", path: "$", message: "\(error.message)\n\(excerpt)"))
        }
    }

    /// Each file parsed, in file order, on as many threads as the machine has: the files are
    /// independent, and parsing is the largest part of loading ten collections of 10,000 items
    /// (100,000 items on two cores, alternating runs of `bench --case load-collections`: 230–264 ms
    /// one file after another, 193–235 ms concurrently).
    static func parseConcurrently(_ files: [(path: String, text: String)]) -> [ParsedFile] {
        // Small fixture sets (the bundled one) parse faster than threads start.
        guard files.count > 1, files.reduce(0, { $0 + $1.text.utf8.count }) > 1 << 20 else {
            return files.map { parse($0.text, path: $0.path) }
        }
        return files.concurrentMap { parse($0.text, path: $0.path) }
    }

    mutating func load() throws(FixtureError) -> Fixtures {
        let store = loadStore()
        if let store { currency = store.currency }
        let brands = loadBrands()
        if let brandId = store?.defaultBrandId, !brands.contains(where: { $0.id == brandId }) {
            problems.append(FixtureProblem(file: "store.json", path: "defaultBrandId", message: "unknown brand \"\(brandId)\" (not in brands.json)"))
        }
        let products = loadProducts(
            brands: brands, defaultMaxPerOrder: store?.defaultMaxPerOrder ?? 10, defaultTaxRate: store?.defaultTaxRate ?? .zero)
        let offers = loadOffers(brands: brands)
        let scratch = loadScratchCards()
        let cards = loadTestCards()
        let catalog = Catalog(brands: brands, products: products)
        let collections = loadCollections(catalog: catalog)
        let storefront = loadStorefrontContent(catalog: catalog)
        let customers = loadCustomers(catalog: catalog)
        guard problems.isEmpty, let store, let scratch else { throw FixtureError(problems: problems) }
        var fixtures = Fixtures(
            store: store, catalog: catalog, offers: offers, scratchCards: scratch, testCards: cards, collections: collections)
        fixtures.storefront = storefront
        fixtures.customers = customers
        return fixtures
    }

    /// `storefront/content.json`, when there is one.
    private mutating func loadStorefrontContent(catalog: Catalog) -> StorefrontContent {
        let path = "storefront/content.json"
        guard source.text(of: path) != nil, let json = parse(path) else { return .empty }
        switch StorefrontContent.read(json, catalog: catalog, currency: currency) {
        case .success(let content): return content
        case .failure(let found):
            problems += found.all.map { FixtureProblem(file: path, path: $0.path, message: $0.message) }
            return .empty
        }
    }

    /// `collections/*.json`, in file-name order; checked against the catalog and the shop schema.
    private mutating func loadCollections(catalog: Catalog) -> ContentCollections {
        let files = source.files.filter { $0.path.hasPrefix("collections/") && $0.path.hasSuffix(".json") }
        guard !files.isEmpty else { return .empty }
        let parsed = zip(files, Self.parseConcurrently(files)).compactMap { file, parsed in record(parsed).map { (file.path, $0) } }
        var loader = ContentLoader(catalog: catalog, reserved: ShopSchema.reservedNames)
        let collections = loader.load(parsed)
        problems += loader.problems
        return collections
    }

    private mutating func loadStore() -> StoreSettings? {
        guard let json = parse("store.json") else { return nil }
        var reader = FixtureReader(file: "store.json", currency: currency)
        defer { problems += reader.problems }
        guard let object = reader.object(
            json, at: "$", required: ["name", "currency", "fractionDigits", "currencySymbol", "now", "seed", "shipping"],
            optional: ["defaultMaxPerOrder", "defaultTaxRate", "defaultBrandId"])
        else { return nil }
        let name = reader.string(object, "name", at: "$")
        let code = reader.string(object, "currency", at: "$")
        let digits = reader.int(object, "fractionDigits", at: "$", range: 0...4)
        let symbol = reader.string(object, "currencySymbol", at: "$", nonEmpty: false)
        guard let code, let digits, let symbol else { return nil }
        reader.currency = Currency(code: code, fractionDigits: digits, symbol: symbol)
        let now = reader.instant(object, "now", at: "$")
        let seed = reader.int(object, "seed", at: "$", range: 0...Int.max)
        let maxPerOrder = object["defaultMaxPerOrder"] == nil ? 10 : reader.int(object, "defaultMaxPerOrder", at: "$", range: 1...10_000)
        let taxRate = object["defaultTaxRate"] == nil ? TaxRate.zero : reader.taxRate(object["defaultTaxRate"], "defaultTaxRate", at: "$")
        let defaultBrandId = reader.id(object["defaultBrandId"], "defaultBrandId", at: "$")
        var flatRate: Int64?
        var freeOver: Int64?
        if let shippingJSON = object["shipping"],
           let shipping = reader.object(shippingJSON, at: "shipping", required: ["flatRate", "freeOver"], optional: [])
        {
            flatRate = reader.decimal(shipping, "flatRate", at: "shipping")
            freeOver = reader.decimal(shipping, "freeOver", at: "shipping")
        }
        guard let name, let now, let seed, let maxPerOrder, let flatRate, let freeOver, let taxRate,
              object["defaultBrandId"] == nil || defaultBrandId != nil
        else { return nil }
        return StoreSettings(
            name: name, currency: Currency(code: code, fractionDigits: digits, symbol: symbol), now: now, seed: UInt64(seed),
            flatRateShipping: flatRate, freeShippingOver: freeOver, defaultMaxPerOrder: maxPerOrder, defaultTaxRate: taxRate,
            defaultBrandId: defaultBrandId)
    }

    private mutating func loadBrands() -> [Brand] {
        guard let json = parse("brands.json") else { return [] }
        var reader = FixtureReader(file: "brands.json", currency: currency)
        defer { problems += reader.problems }
        guard case .array(let items) = json else {
            reader.problem("$", "expected an array of brands, found \(json.kindDescription)")
            return []
        }
        var entries: [(id: String, name: String, rank: Int, order: Int)] = []
        for (index, item) in items.enumerated() {
            let path = "[\(index)]"
            guard let object = reader.object(item, at: path, required: ["id", "name"], optional: ["rank"]) else { continue }
            let id = reader.id(object, "id", at: path)
            let name = reader.string(object, "name", at: path)
            let rank = object["rank"] == nil ? Int.max : reader.int(object, "rank", at: path, range: Int(Int32.min)...Int(Int32.max))
            guard let id, let name, let rank else { continue }
            if entries.contains(where: { $0.id == id }) {
                reader.problem(path + ".id", "brand \"\(id)\" is defined twice")
                continue
            }
            entries.append((id, name, rank, index))
        }
        entries.sort { ($0.rank, $0.order) < ($1.rank, $1.order) }
        return entries.enumerated().map { Brand(id: $1.id, name: $1.name, position: $0) }
    }
}
