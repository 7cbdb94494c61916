import CheckoutSimSupport
import CheckoutSimCommerce
import CheckoutSimGraphQL
import Testing
@testable import CheckoutSimStorefront
@testable import CheckoutSimulator

/// Product and money texts are made once (docs/schema.md; Benchmarks/NOTES.md, issue 43): what
/// a product answers must still follow the catalog as it changes.
struct ProductTextsTests {
    static let read = #"""
        { product(id: "new-1") { id name description category model createdAt price { amount formatted currencyCode minorUnits }
          variants { id title sku price { formatted } } } }
        """#

    static func add(_ name: String, price: String, to simulator: Simulator) {
        let add = #"mutation { addProduct(input: {name: "\#(name)", category: "Kitchen \"\#(name)\"", description: "A \"\#(name)\"\n", price: "\#(price)", stock: 1}) { product { id } } }"#
        _ = simulator.execute(GraphQLRequest(query: add))
    }

    /// A product added, the shop reset and another added at the same place: the second answers
    /// its own texts, not the first's.
    @Test func aProductAddedAfterAResetAnswersItsOwnTexts() throws {
        let simulator = try Simulator()
        Self.add("Mug", price: "9.00", to: simulator)
        let first = simulator.execute(GraphQLRequest(query: Self.read)).serialized(pretty: false)
        #expect(first.contains(#""name":"Mug","description":"A \"Mug\"\n","category":"Kitchen \"Mug\"""#), "\(first)")
        simulator.reset()
        Self.add("Lamp", price: "1234.56", to: simulator)
        let second = simulator.execute(GraphQLRequest(query: Self.read)).serialized(pretty: false)
        #expect(second.contains(#""id":"new-1","name":"Lamp","description":"A \"Lamp\"\n","category":"Kitchen \"Lamp\"","model":"Lamp""#), "\(second)")
        #expect(second.contains(#""price":{"amount":"1234.56","formatted":"$1,234.56","currencyCode":"USD","minorUnits":123456}"#), "\(second)")
        // Its variant's row is made with its product's, so it follows the product too.
        #expect(first.contains(#""variants":[{"id":"new-1","title":"Default Title","sku":"new-1","price":{"formatted":"$9.00"}}]"#), "\(first)")
        #expect(second.contains(#""variants":[{"id":"new-1","title":"Default Title","sku":"new-1","price":{"formatted":"$1,234.56"}}]"#), "\(second)")
    }

    /// A total no product is priced at is formatted when it is written, as a price is.
    @Test func amountsTheCatalogDoesNotPriceAreFormattedToo() throws {
        let simulator = try Simulator()
        let listing = simulator.execute(GraphQLRequest(query: "{ products(first: 2) { nodes { id price { amount } } } }")).json
        let id = try #require(listing["data"]?["products"]?["nodes"]?[0]?["id"]?.stringValue)
        let add = simulator.execute(GraphQLRequest(query: #"mutation { addToCart(productId: "\#(id)", quantity: 3) { cart { total { amount formatted minorUnits } } } }"#))
        let unit = try #require(listing["data"]?["products"]?["nodes"]?[0]?["price"]?["amount"]?.stringValue)
        let total = try #require(add.json["data"]?["addToCart"]?["cart"]?["total"])
        let minor = try #require(total["minorUnits"]?.intValue)
        let cents = minor % 100
        #expect(total["amount"]?.stringValue == "\(minor / 100).\(cents < 10 ? "0" : "")\(cents)")
        #expect(unit != total["amount"]?.stringValue)
    }
}

/// The rows' table keeps what it made, never more than its bound of amounts, and every row it
/// drops until no request reads the shop (rows are handed out unretained).
struct ShopRowsTests {
    @Test func rowsAreKeptAndAmountsStayBounded() throws {
        let fixtures = try Fixtures.bundled()
        let catalog = fixtures.catalog
        var rows = ShopRows(catalog: catalog, currency: fixtures.store.currency)
        let made = rows.product(at: 0, of: catalog.products)
        let row = try #require(made).takeUnretainedValue()
        #expect(rows.keptProduct(at: 0, of: catalog.products)?.takeUnretainedValue() === row)
        let again = rows.product(at: 0, of: catalog.products)
        #expect(again?.takeUnretainedValue() === row)
        let changed = Array(catalog.products.reversed())
        #expect(rows.keptProduct(at: 0, of: changed) == nil, "a row is not kept for another product at its position")
        let remade = rows.product(at: 0, of: changed)
        #expect(remade?.takeUnretainedValue() !== row, "a position whose product changed gets a new row")
        #expect(rows.retiredCount == 1, "the replaced row waits for the last reader")
        #expect(row.product === catalog.products[0], "and is still whole")
        let past = rows.product(at: catalog.products.count, of: catalog.products)
        #expect(past == nil, "no row past the catalog")
        let madeBrand = rows.brand(at: 0, of: catalog.brands)
        let brand = try #require(madeBrand).takeUnretainedValue()
        #expect(rows.keptBrand(at: 0)?.takeUnretainedValue() === brand)
        let pastBrands = rows.brand(at: catalog.brands.count, of: catalog.brands)
        #expect(pastBrands == nil)

        let first = rows.amount(1).takeUnretainedValue()
        #expect(rows.amount(1).takeUnretainedValue() === first)
        for amount in 2...Int64(ShopRows.amountLimit) { _ = rows.amount(amount) }
        #expect(rows.amount(1).takeUnretainedValue() === first, "still kept at the bound")
        _ = rows.amount(Int64(ShopRows.amountLimit) + 1)
        #expect(rows.amount(1).takeUnretainedValue() !== first, "emptied once full")
        #expect(rows.retiredCount == 1 + ShopRows.amountLimit, "the emptied amounts wait too")
        rows.freeRetired()
        #expect(rows.retiredCount == 0)
    }

    /// Retired rows are freed when the last request context reading the shop goes, not before.
    @Test func retiredRowsLiveUntilTheLastReaderEnds() throws {
        let fixtures = try Fixtures.bundled()
        let shop = Shop(
            store: fixtures.store, catalog: fixtures.catalog, offers: fixtures.offers, scratchTable: fixtures.scratchCards,
            testCards: fixtures.testCards, seed: 1, now: fixtures.store.now)
        ShopState.guarded(shop: shop, content: fixtures.collections).withLock { state in
            var outer: RequestContext? = RequestContext(state: state, sessionName: "a")
            weak var first: AmountRow?
            first = state.amountRow(Amount(integer: 1)).takeUnretainedValue()
            do {
                let inner = RequestContext(state: state, sessionName: "b")
                for amount in 2...Int64(ShopRows.amountLimit + 1) { _ = inner.state.amountRow(Amount(integer: Int(amount))) }
            }
            #expect(state.retiredRowCount == ShopRows.amountLimit, "an inner context's end frees nothing while another reads")
            #expect(first != nil)
            _ = outer
            outer = nil
            #expect(state.retiredRowCount == 0)
            #expect(first == nil, "freed once no context reads the shop")
        }
    }

    /// The Storefront's kept texts follow the same rule (one kind of table, `CatalogRows`): texts
    /// replaced while a Storefront request reads the shop are freed when the last reader ends.
    @Test func storefrontTextsReplacedLiveUntilTheLastReaderEnds() throws {
        let fixtures = try Fixtures.bundled()
        let shop = Shop(
            store: fixtures.store, catalog: fixtures.catalog, offers: fixtures.offers, scratchTable: fixtures.scratchCards,
            testCards: fixtures.testCards, seed: 1, now: fixtures.store.now)
        let schema = try StorefrontSchema.built().get()
        let products = fixtures.catalog.products
        ShopState.guarded(shop: shop, content: fixtures.collections).withLock { state in
            Self.replaceStorefrontTexts(in: state, schema: schema, products: products)
        }
    }

    private static func replaceStorefrontTexts(in state: ShopState, schema: Schema, products: [Product]) {
        var outer: StorefrontContext? = StorefrontContext(holder: state, settings: StorefrontSettings(), session: "a", schema: schema)
        let rows = state.storefrontRows
        let texts = LeafTexts(slots: 1) { $0.set(LeafSlot<String>(0), "kept") }
        #expect(rows.product(products[0], at: 0, slot: .product) { texts } === texts)
        #expect(rows.product(products[0], at: 0, slot: .product) { nil } === texts, "kept for the same product")
        do {
            let inner = StorefrontContext(holder: state, settings: StorefrontSettings(), session: "b", schema: schema)
            // Another product at position 0: the position's texts are made again.
            let other = rows.product(products[1], at: 0, slot: .product) { LeafTexts(slots: 1) { $0.set(LeafSlot<String>(0), "other") } }
            #expect(other !== texts)
            withExtendedLifetime(inner) {}
        }
        #expect(rows.retiredCount == 1, "an inner context's end frees nothing while another reads")
        withExtendedLifetime(outer) {}
        outer = nil
        #expect(rows.retiredCount == 0, "freed once no context reads the shop")
    }
}
