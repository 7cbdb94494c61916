import CheckoutSimCommerce
import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimStorefront
@testable import CheckoutSimulator

/// A Storefront listing's product, variant, option and price texts are kept across requests
/// (Benchmarks/NOTES.md, issue 41): what a product answers must still follow the catalog.
struct StorefrontKeptTextsTests {
    static let newest = """
        { products(last: 1) { nodes { id handle title vendor productType featuredImage { id url altText }
          priceRange { minVariantPrice { amount currencyCode } }
          variants(first: 1) { nodes { id title sku price { amount currencyCode } selectedOptions { name value } } } } } }
        """

    static func add(_ name: String, price: String, to simulator: Simulator) {
        let add = #"mutation { addProduct(input: {name: "\#(name)", category: "Kitchen \"\#(name)\"", description: "A \"\#(name)\"\n", price: "\#(price)", stock: 1}) { product { id } } }"#
        _ = simulator.execute(GraphQLRequest(query: add))
    }

    static func newest(_ simulator: Simulator) -> String {
        simulator.execute(GraphQLRequest(query: newest), dialect: .storefront).serialized(pretty: false)
    }

    /// A product added, the shop reset and another added at the same place: the second answers
    /// its own texts, not the first's; the same request twice answers the same bytes.
    @Test func aProductAddedAfterAResetAnswersItsOwnTexts() throws {
        let simulator = try Simulator()
        Self.add("Mug", price: "9.00", to: simulator)
        let first = Self.newest(simulator)
        #expect(first.contains(#""handle":"new-1","title":"Mug","vendor":"Checkout Sim Basics","productType":"Kitchen \"Mug\"""#), "\(first)")
        #expect(first.contains(#""price":{"amount":"9.0","currencyCode":"USD"}"#), "\(first)")
        #expect(Self.newest(simulator) == first)
        simulator.reset()
        Self.add("Lamp", price: "1234.56", to: simulator)
        let second = Self.newest(simulator)
        #expect(second.contains(#""handle":"new-1","title":"Lamp","vendor":"Checkout Sim Basics","productType":"Kitchen \"Lamp\"""#), "\(second)")
        #expect(second.contains(#""variants":{"nodes":[{"id":"gid://shopify/ProductVariant/"#), "\(second)")
        #expect(second.contains(#""title":"Default Title","sku":"new-1","price":{"amount":"1234.56","currencyCode":"USD"},"selectedOptions":[{"name":"Title","value":"Default Title"}]"#), "\(second)")
        #expect(!second.contains("Mug"), "\(second)")
    }

    /// The table keeps what it made, makes a product's texts again when another product stands
    /// at its position, keeps no texts `make` could not make, and never more amounts than its bound.
    @Test func textsAreKeptAndAmountsStayBounded() throws {
        let fixtures = try Fixtures.bundled()
        let rows = StorefrontRows(currency: fixtures.store.currency)
        let products = fixtures.catalog.products
        func texts(_ text: String) -> LeafTexts { LeafTexts(slots: 1) { $0.set(LeafSlot<String>(0), text) } }
        let first = try #require(rows.product(products[0], at: 3, slot: .variant(2)) { texts("a") })
        #expect(rows.product(products[0], at: 3, slot: .variant(2)) { texts("b") } === first)
        #expect(rows.product(products[0], at: 3, slot: .selectedOption(variant: 2, option: 1)) { texts("c") } !== first)
        #expect(rows.product(products[1], at: 3, slot: .variant(2)) { texts("d") } !== first, "another product at the position")
        #expect(rows.product(products[1], at: 4, slot: .product) { nil } == nil)
        let made = try #require(rows.product(products[1], at: 4, slot: .product) { texts("e") }, "nil was not kept")
        #expect(rows.product(products[1], at: -1, slot: .product) { texts("f") } == nil)

        let amount = try #require(rows.amount(1) { texts("1") })
        #expect(rows.amount(1) { texts("x") } === amount)
        for value in 2...Int64(StorefrontRows.amountLimit) { _ = rows.amount(value) { texts("\(value)") } }
        #expect(rows.amount(1) { texts("x") } === amount, "still kept at the bound")
        _ = rows.amount(Int64(StorefrontRows.amountLimit) + 1) { texts("y") }
        #expect(rows.amount(1) { texts("x") } !== amount, "emptied once full")
        #expect(rows.product(products[1], at: 4, slot: .product) { texts("g") } === made)
    }

    final class Holder: StorefrontShopHolder {
        var shop: Shop
        let storefrontRows: StorefrontRows

        init() throws {
            let fixtures = try Fixtures.bundled()
            shop = Shop(
                store: fixtures.store, catalog: fixtures.catalog, offers: fixtures.offers, scratchTable: fixtures.scratchCards,
                testCards: fixtures.testCards, seed: 1, now: Instant(seconds: 1_767_225_600))
            storefrontRows = StorefrontRows(currency: fixtures.store.currency)
        }

        // One context at a time, and no product replaced: nothing is retired.
        func beginReading() {}
        func endReading() {}
    }

    /// Texts are kept only when they are what the field may answer: a null in a non-null field,
    /// a value its enum lacks or a failing read leave the object without texts, so its fields
    /// resolve one by one and report it.
    @Test(arguments: [
        (["a", nil], [false, false], true, #"["a",null]"#),
        (["a", nil], [false, true], false, ""),
        (["USD", "b"], [true, false], true, #"["USD","b"]"#),
        (["XYZ", "b"], [true, false], false, ""),
        (["fails", "b"], [false, false], false, ""),
    ] as [([String?], [Bool], Bool, String)])
    func textsAreKeptOnlyWhenTheFieldMayAnswerThem(values: [String?], rules: [Bool], kept: Bool, written: String) throws {
        var texts = KeptTexts<MoneyValue, Int>("Probe") { money, _ in Int(money.amount) }
        for slot in values.indices {
            texts.text("f\(slot)") { _, _ in
                if values[slot] == "fails" { throw FieldError("No such probe.") }
                return values[slot]
            }
        }
        // `rules[0]` makes the first field an enum of `USD`; `rules[1]` makes the second non-null.
        let slotRules = [
            KeptSlotRule(nonNull: false, enumValues: rules[0] ? ["USD"] : nil), KeptSlotRule(nonNull: rules[1], enumValues: nil),
        ]
        let context = StorefrontContext(holder: try Holder(), settings: StorefrontSettings(), session: "default", schema: try StorefrontSchema.built().get())
        let made = texts.texts(of: 0, in: context, rules: slotRules)
        #expect((made != nil) == kept)
        guard let made else { return }
        var writer = JSONWriter()
        writer.append(byte: UInt8(ascii: "["))
        made.write(0, to: &writer)
        writer.append(byte: UInt8(ascii: ","))
        made.write(1, to: &writer)
        writer.append(byte: UInt8(ascii: "]"))
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == written)
    }

    /// The rules come from Shopify's schema as bundled.
    @Test func rulesFollowTheSchema() throws {
        let facts = SchemaFacts(try SchemaDefinitionLoader.parse(StorefrontSchema.sdl()))
        let currency = KeptSlotRule(field: "currencyCode", of: "MoneyV2", facts: facts)
        #expect(currency.nonNull)
        #expect(currency.enumValues?.contains("USD") == true && currency.enumValues?.contains("XYZ") == false)
        let altText = KeptSlotRule(field: "altText", of: "Image", facts: facts)
        #expect(!altText.nonNull && altText.enumValues == nil)
        #expect(KeptSlotRule(field: "title", of: "Product", facts: facts).nonNull)
        #expect(!KeptSlotRule(field: "noSuchField", of: "Product", facts: facts).nonNull)
    }

    /// Distinct slots of one product never share a place in its table.
    @Test func productSlotsDoNotOverlap() {
        var seen: Set<Int> = []
        let slots: [ProductSlot] = [.product, .image] + (0..<3).flatMap { variant in
            [ProductSlot.variant(variant)] + (0..<Product.maxOptions).map { ProductSlot.selectedOption(variant: variant, option: $0) }
        }
        for slot in slots { #expect(seen.insert(slot.index).inserted, "\(slot)") }
    }

    /// A product's page of variants is kept for the arguments that asked for it
    /// (`StorefrontRows.variants`): other arguments, in the same request or the next, get their
    /// own page, exactly as a simulator that never kept one answers.
    @Test func variantPagesFollowTheirArguments() throws {
        let pages = [
            "a: variants(first: 10) { nodes { id } pageInfo { hasNextPage endCursor } }",
            "b: variants(first: 1) { nodes { id } pageInfo { hasNextPage hasPreviousPage } }",
            "c: variants(last: 1) { edges { cursor node { id } } }",
            "d: variants(first: 2, reverse: true) { nodes { id } }",
        ]
        let simulator = try Simulator()
        var answers: [String] = []
        for round in 0..<2 {
            for (index, page) in pages.enumerated() {
                // Alone, then beside the page before it, so a kept page meets other arguments.
                let both = index == 0 ? page : pages[index - 1] + " " + page
                let query = "{ products(first: 20) { nodes { handle \(both) } } }"
                let answer = simulator.execute(GraphQLRequest(query: query), dialect: .storefront).serialized(pretty: false)
                let fresh = try Simulator().execute(GraphQLRequest(query: query), dialect: .storefront).serialized(pretty: false)
                #expect(answer == fresh, "round \(round): \(query)")
                #expect(!answer.contains("errors"), "\(answer)")
                if round == 0 { answers.append(answer) } else { #expect(answers[index] == answer) }
            }
        }
        // Some listed product has several variants, so the pages differ.
        #expect(answers[1].contains(#""hasNextPage":true"#), "\(answers[1])")
        // The kept page is found by the arguments as coerced: one cached document whose
        // variables change from request to request gets each request's own page.
        let query = "query($n: Int) { products(first: 20) { nodes { variants(first: $n) { nodes { id } pageInfo { hasNextPage } } } } }"
        var bySize: [Int: String] = [:]
        for size in [1, 10, 1, 2, 10] {
            let request = GraphQLRequest(query: query, variables: JSONObject([("n", .int(size))]))
            let answer = simulator.execute(request, dialect: .storefront).serialized(pretty: false)
            #expect(answer == (try Simulator()).execute(request, dialect: .storefront).serialized(pretty: false), "first: \(size)")
            if let earlier = bySize[size] { #expect(earlier == answer) }
            bySize[size] = answer
        }
        #expect(bySize[1] != bySize[10])
    }

}
