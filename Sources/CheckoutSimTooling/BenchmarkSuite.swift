import CheckoutSimulator
import CheckoutSimSupport
import CheckoutSimCommerce
import Foundation
import CheckoutSimGraphQL

/// The benchmark cases of docs/benchmarks.md. Every iteration is a full request: parse, validate, execute
/// and serialise to bytes, with no cache of results.
package enum BenchmarkSuite {
    /// Every case name, in the order the suite prints them.
    /// The case names in the order `run` reports them, for a generated catalog of `catalog` products.
    package static func caseNames(catalog: Int = 100_000) -> [String] {
        let size = sizeLabel(catalog)
        return [
            "parse-validate-120k", "products-first-20", "products-first-20-deferred", "storefront-products-first-20", "brand-sections-page",
            "checkout-journey", "customer-order-history", "customer-account-orders", "load-bundled",
            "load-collections-\(size)", "collection-page-20",
            "fragments-chain-100", "fragments-chain-1000", "fragments-chain-2000",
            "fragments-cycle-100", "fragments-cycle-1000", "fragments-cycle-2000", "hostile-slowest",
            "load-\(size)", "products-\(size)-page-1", "products-\(size)-page-\(deepPage(catalog))", "search-\(size)",
            "search-\(size)-word-prefix", "search-\(size)-name-prefix", "facets-\(size)", "storefront-search-\(size)", "costliest-admitted-\(size)", "others-during-costliest-\(size)", "storefront-costliest-admitted-\(size)", "peak-rss-mb",
        ]
    }

    /// The deep page measured against page 1: page 4,000 of 100,000 products, four fifths in.
    static func deepPage(_ catalog: Int) -> Int { max(1, catalog / 25) }

    /// `100k` for 100,000, `1k` for 1,000, `300` for 300.
    static func sizeLabel(_ count: Int) -> String {
        count >= 1_000 && count % 1_000 == 0 ? "\(count / 1_000)k" : "\(count)"
    }

    /// Twenty items of a generated collection: ten fields, a nested object and a linked product.
    static let collectionPageQuery = """
        { items3(first: 20) { nodes { id title subtitle rank score active tags imageURL action { kind url } product { name } }
          pageInfo { hasNextPage endCursor } totalCount } }
        """

    /// A signed-in customer's account: profile, addresses, and every order with its lines and totals.
    static let customerOrdersQuery = """
        { me { id email displayName defaultAddress { id city zip } addresses { id address1 city }
          orders { id number placedAt status total { amount formatted } lines { product { id name } quantity total { amount } } } } }
        """

    /// The same account in Shopify's Customer Account API (docs/customers.md#customer-accounts).
    static let customerAccountOrdersQuery = """
        { customer { id displayName emailAddress { emailAddress } defaultAddress { id city zip } addresses(first: 10) { nodes { id address1 city } }
          orders(first: 10) { nodes { id number processedAt financialStatus totalPrice { amount currencyCode }
            lineItems(first: 10) { nodes { title quantity totalPrice { amount } } } } } } }
        """

    /// The listing query of docs/benchmarks.md: 20 products, 12 fields including price and brand.
    package static let productsQuery = """
        query Products($first: Int, $after: String) {
          products(first: $first, after: $after) {
            nodes {
              id name model category description stock inStock maxPerOrder createdAt imageURL
              price { amount formatted }
              brand { name }
            }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    /// The listing with each product's description, stock and price deferred: 21 parts.
    static let deferredProductsQuery = """
        query Products($first: Int, $after: String) {
          products(first: $first, after: $after) {
            nodes {
              id name model category createdAt imageURL
              brand { name }
              ... @defer(label: "details") { description stock inStock maxPerOrder price { amount formatted } }
            }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    /// The Storefront listing of docs/benchmarks.md: 20 products with their variants, image and
    /// price range, as a storefront's collection grid asks (`Benchmarks/peers/storefront-listing.graphql`).
    package static let storefrontProductsQuery = """
        query StorefrontListing($first: Int) {
          products(first: $first) {
            nodes {
              id handle title vendor productType availableForSale
              featuredImage { url altText }
              priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
              variants(first: 10) { nodes { id title availableForSale price { amount currencyCode } selectedOptions { name value } } }
            }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    static let brandSectionsQuery = """
        { brandSections(first: 20) { sections { brand { id name } products { id name price { formatted } stock } } pageInfo { endCursor } totalCount } }
        """

    /// The search case: 20 in-stock matches, cheapest first; `search` is the filter's search fields.
    static func searchQuery(_ search: String = #"search: "nova watch""#) -> String {
        """
        { products(first: 20, filter: {\(search), inStockOnly: true}, sort: PRICE_ASC) { nodes { id name price { formatted } } totalCount } }
        """
    }

    /// A filter modal with one brand ticked: every dimension counted, disjunctively.
    static let facetsQuery = """
        { productFacets(filter: {brandIds: ["sony"], inStockOnly: true}) { brands { brand { id } count } models { value count } categories { value count } priceRange { min { amount } max { amount } } totalCount } }
        """

    /// A valid document of about `bytes` bytes: many named operations sharing fragments.
    package static func largeDocument(bytes: Int = 120_000) -> String {
        var text = "fragment Card on Product { id name price { amount formatted } brand { id name } stock inStock }\n"
        var index = 0
        while text.utf8.count < bytes {
            text += """
                query Q\(index)($first: Int = 5, $search: String) {
                  products(first: $first, filter: {search: $search}) { nodes { ...Card category } totalCount pageInfo { endCursor } }
                  a\(index): product(id: "p\(index)") { ...Card description }
                  brands { id name productCount }
                }

                """
            index += 1
        }
        return text
    }

    /// Runs every case (or those whose names contain `only`), the large ones over a generated
    /// catalog of `catalog` products; `progress` hears each result as it is measured.
    /// With `uncached`, each request case is measured twice: through the document cache, and
    /// parsing and validating every iteration as a cold request does (docs/benchmarks.md's `--no-cache`).
    package static func run(
        iterations: Int, catalog: Int = 100_000, only: String? = nil, uncached: Bool = false, progress: (BenchmarkResult) -> Void
    ) throws -> [BenchmarkResult] {
        let timer = BenchmarkTimer(iterations: iterations)
        var results: [BenchmarkResult] = []
        func wanted(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }
        func record(_ result: @autoclosure () -> BenchmarkResult, _ name: String) {
            guard wanted(name) else { return }
            let measured = result()
            results.append(measured)
            progress(measured)
        }
        /// A request case: `body` runs one iteration with the caching it is given.
        func request(
            _ name: String, iterations count: Int? = nil, setUp: () -> Void = {}, _ body: (Simulator.DocumentCaching) -> Void
        ) {
            record(timer.measureRequest(name, iterations: count, uncached: uncached, setUp: setUp, body), name)
        }
        let bundled = try Fixtures.bundled()
        let simulator = try Simulator(loaded: bundled)
        let schema = simulator.schema

        let large = largeDocument()
        record(timer.measure("parse-validate-120k") {
            _ = GraphQLEngine.prepare(large, schema: schema, limits: bigDocumentLimits)
        }, "parse-validate-120k")
        let listing = GraphQLRequest(query: productsQuery, variables: JSONObject([("first", .int(20))]))
        request("products-first-20") { _ = simulator.execute(listing, caching: $0, note: .library).compactBytes() }
        // The same page with each product's details deferred, cut into parts and framed as the
        // server sends them to a client that accepts them (docs/apollo.md#defer).
        let deferredListing = GraphQLRequest(query: deferredProductsQuery, variables: JSONObject([("first", .int(20))]))
        request("products-first-20-deferred") {
            let response = simulator.execute(deferredListing, caching: $0, note: .library)
            _ = IncrementalDelivery.payloads(of: response).map { GraphQLHTTP.Incremental.body($0).bytes }
        }
        let storefrontListing = GraphQLRequest(query: storefrontProductsQuery, variables: JSONObject([("first", .int(20))]))
        request("storefront-products-first-20") {
            _ = simulator.execute(storefrontListing, caching: $0, note: .storefrontLibrary).compactBytes()
        }
        let sections = GraphQLRequest(query: brandSectionsQuery)
        request("brand-sections-page") { _ = simulator.execute(sections, caching: $0, note: .library).compactBytes() }
        let journey = journeyRequests()
        request("checkout-journey", setUp: { simulator.reset() }) { caching in
            for request in journey { _ = simulator.execute(request, caching: caching, note: .library).compactBytes() }
        }
        // A signed-in customer's account page: profile, addresses and their orders with lines
        // (docs/customers.md#native), the session signed in by the lever a UI test would pull.
        if wanted("customer-order-history"), simulator.pull(.signInAs(email: "grace@example.com", session: "bench-customer")) == nil {
            let history = GraphQLRequest(query: customerOrdersQuery)
            request("customer-order-history") { _ = simulator.execute(history, session: "bench-customer", caching: $0, note: .library).compactBytes() }
        }
        // The same customer's orders through the Customer Account API, with an access token.
        if wanted("customer-account-orders"), let token = simulator.customerAccountToken(email: "grace@example.com") {
            let account = GraphQLRequest(query: customerAccountOrdersQuery)
            request("customer-account-orders") {
                _ = simulator.execute(account, session: "bench-customer", caching: $0, note: .customerAccount(token: token)).compactBytes()
            }
        }
        record(timer.measure("load-bundled", iterations: 200) { _ = try? Simulator(fixtures: .bundled) }, "load-bundled")
        let collectionsCase = "load-collections-\(sizeLabel(catalog))"
        if wanted(collectionsCase) || wanted("collection-page-20") {
            // Ten collections of a tenth of the catalog each (10,000 items by default: docs/fixtures.md#content-collections's
            // load target), then a page of one of them with about the fields of products-first-20's
            // page: the two should cost about the same.
            let content = BenchmarkCatalog.source(collections: 10, items: max(100, catalog / 10))
            var loaded: Simulator?
            record(timer.measure(collectionsCase, iterations: 5, setUp: { loaded = nil }) {
                loaded = try? Simulator(fixtures: content)
            }, collectionsCase)
            // `record` skips the timed load when only the page case is wanted.
            if let loaded = loaded ?? (try? Simulator(fixtures: content)) {
                let page = GraphQLRequest(query: collectionPageQuery)
                request("collection-page-20") { _ = loaded.execute(page, caching: $0, note: .library).compactBytes() }
            }
        }

        // Validation cost against document size (issue #10): ten times the fragments must cost
        // about ten times as much (n·log n at most), never a hundred.
        for shape in ["chain", "cycle"] {
            for count in [100, 1_000, 2_000] {
                let name = "fragments-\(shape)-\(count)"
                guard wanted(name) else { continue }
                let document = HostileCorpus.fragmentChain(count, cycle: shape == "cycle")
                record(timer.measure(name, iterations: 200) {
                    _ = GraphQLEngine.prepare(document, schema: schema, limits: bigDocumentLimits)
                }, name)
            }
        }
        if wanted("hostile-slowest") {
            // The slowest answer over the hostile corpus, each request on a fresh document cache.
            var slowest: BenchmarkResult?
            for hostile in HostileCorpus.cases {
                let request = GraphQLRequest(query: hostile.query ?? "", operationName: hostile.operationName)
                let stdio = StdioLines(simulator: simulator)
                let result = timer.measure("hostile-slowest", iterations: 20) {
                    if let line = hostile.line {
                        _ = stdio.respond(to: line)
                    } else {
                        _ = simulator.execute(request, caching: .bypass, note: .library).compactBytes()
                    }
                }
                if result.medianMicroseconds > slowest?.medianMicroseconds ?? -1 { slowest = result }
            }
            if let slowest { record(slowest, "hostile-slowest") }
        }

        let size = sizeLabel(catalog)
        guard caseNames(catalog: catalog).contains(where: { $0.contains("-\(size)") && wanted($0) }) else { return results }
        let generated = BenchmarkCatalog.source(products: catalog)
        var big: Simulator?
        record(timer.measure("load-\(size)", iterations: 5, setUp: { big = nil }) { big = try? Simulator(fixtures: generated) }, "load-\(size)")
        if big == nil { big = try? Simulator(fixtures: generated) }
        guard let big else { throw SimulatorError(code: .invalidFixtures, message: "the generated catalog did not load") }
        request("products-\(size)-page-1") { _ = big.execute(listing, caching: $0, note: .library).compactBytes() }
        // docs/benchmarks.md's page 4,000 of the 100k catalog (four fifths in): its cost must equal page 1's.
        let deepName = "products-\(size)-page-\(deepPage(catalog))"
        let deepCursor = try cursor(in: big, after: (deepPage(catalog) - 1) * 20)
        let deep = GraphQLRequest(query: productsQuery, variables: JSONObject([("first", .int(20)), ("after", .string(deepCursor))]))
        request(deepName) { _ = big.execute(deep, caching: $0, note: .library).compactBytes() }
        let search = GraphQLRequest(query: searchQuery())
        request("search-\(size)", iterations: 200) { _ = big.execute(search, caching: $0, note: .library).compactBytes() }
        // docs/schema.md#ordering-search-and-filters's other modes and the filter modal's counts (targets: ≤ 5 ms and ≤ 10 ms at 100k).
        for (name, query) in [
            ("search-\(size)-word-prefix", searchQuery(#"search: "nov wat", searchMode: WORD_PREFIX"#)),
            ("search-\(size)-name-prefix", searchQuery(#"search: "nova w", searchMode: NAME_PREFIX"#)),
            ("facets-\(size)", facetsQuery),
        ] {
            let body = GraphQLRequest(query: query)
            request(name, iterations: 200) { _ = big.execute(body, caching: $0, note: .library).compactBytes() }
        }
        // The Storefront search syntax over the same catalog: its texts are kept after the first request.
        let storefrontSearch = GraphQLRequest(query: #"{ products(first: 20, query: "nova watch") { nodes { id title } } }"#)
        if wanted("storefront-search-\(size)"), let refusal = big.execute(storefrontSearch, note: .storefrontLibrary).errors.first {
            throw SimulatorError(code: .invalidOption, message: "the Storefront search was refused: \(refusal.message)")
        }
        request("storefront-search-\(size)", iterations: 50) {
            _ = big.execute(storefrontSearch, caching: $0, note: .storefrontLibrary).compactBytes()
        }
        let costliest = "costliest-admitted-\(size)"
        if wanted(costliest) {
            // The slowest of the requests that spend the whole cost budget (target ≤ 250 ms at 100k).
            var slowest: BenchmarkResult?
            var slowestRequest: GraphQLRequest?
            for filler in budgetFillers(catalog: big.productCount, maxCost: big.limits.maxCost) {
                // The timed runs' last answer says whether the filler was admitted (no extra run).
                var errors: [GraphQLError] = []
                let result = timer.measure(costliest, iterations: 10) {
                    let response = big.execute(filler)
                    errors = response.errors
                    _ = response.compactBytes()
                }
                guard errors.isEmpty else {
                    throw SimulatorError(code: .invalidOption, message: "a budget filler was refused: \(errors[0].message)")
                }
                if result.medianMicroseconds > slowest?.medianMicroseconds ?? -1 {
                    slowest = result
                    slowestRequest = filler
                }
            }
            if let slowest { record(slowest, costliest) }
            if let slowestRequest {
                // Another session's small query while the costliest request runs back to back on
                // a second thread: it waits for at most one costliest request at the lock. The
                // load pauses 1 ms between requests, as a client's round trip does: the lock is
                // not fair, and a thread that takes it again at once can starve the other (the
                // server's FIFO gate orders requests, so over HTTP it cannot).
                let running = Locked(true)
                let load = Thread {
                    while running.withLock({ $0 }) {
                        _ = big.execute(slowestRequest, session: "load").compactBytes()
                        Thread.sleep(forTimeInterval: 0.001)
                    }
                }
                load.start()
                Thread.sleep(forTimeInterval: 0.05)
                let brands = GraphQLRequest(query: "{ brands { id name } }")
                // Spaced 2 ms apart (untimed), so the queries fall all over the costliest requests' runs.
                record(timer.measure("others-during-costliest-\(size)", iterations: 300, setUp: { Thread.sleep(forTimeInterval: 0.002) }) {
                    _ = big.execute(brands, session: "other").compactBytes()
                }, "others-during-costliest-\(size)")
                running.withLock { $0 = false }
            }
        }
        if wanted("storefront-\(costliest)") {
            // The same for the Storefront dialect's prices (target ≤ 250 ms at 100k).
            var slowestStorefront: BenchmarkResult?
            for filler in storefrontBudgetFillers(big) {
                var errors: [GraphQLError] = []
                let result = timer.measure("storefront-\(costliest)", iterations: 5) {
                    let response = big.execute(filler, session: "default", dialect: .storefront)
                    errors = response.errors
                    _ = response.compactBytes()
                }
                guard errors.isEmpty else {
                    throw SimulatorError(code: .invalidOption, message: "a Storefront budget filler was refused: \(errors[0].message)")
                }
                if result.medianMicroseconds > slowestStorefront?.medianMicroseconds ?? -1 { slowestStorefront = result }
            }
            if let slowestStorefront { record(slowestStorefront, "storefront-\(costliest)") }
        }
        return results
    }

    /// Requests that each spend as much of the cost budget as the rule admits: for every costed
    /// field, as many aliases as fit (at most 400, within the token limit), with no search, and with 16 one-letter words that every
    /// product matches (each term is then checked on every product) or that none does.
    static func budgetFillers(catalog: Int, maxCost: Int) -> [GraphQLRequest] {
        var requests: [GraphQLRequest] = []
        for (field, passes, selection) in [
            ("products", 1, "totalCount nodes { id }"), ("brandSections", 1, "sections { brand { id } }"),
            ("productFacets", 4, "totalCount brands { count }"), ("suggestedProducts", 1, "id"),
        ] {
            for search in ["", Array(repeating: "e", count: 16).joined(separator: " "), Array(repeating: "qz", count: 16).joined(separator: " ")] {
                if field == "suggestedProducts", !search.isEmpty { continue }
                let words = search.isEmpty ? 0 : 16
                let cost = catalog * passes * (field == "suggestedProducts" ? 1 : 1 + words)
                let aliases = min(maxCost / max(1, cost), 400)
                guard aliases > 0 else { continue }
                let arguments = field == "suggestedProducts" ? "" : "(filter: {search: \"\(search)\"})"
                let body = (0..<aliases).map { "a\($0): \(field)\(arguments) { \(selection) }" }.joined(separator: " ")
                requests.append(GraphQLRequest(query: "{ \(body) }"))
            }
        }
        for sort in ["NAME_ASC", "PRICE_DESC", "NEWEST"] {
            for search in ["", "e"] {
                let cost = catalog * (search.isEmpty ? 1 : 2)
                let aliases = min(maxCost / max(1, cost), 400)
                let body = (0..<aliases).map { "a\($0): products(sort: \(sort), filter: {search: \"\(search)\"}) { totalCount nodes { id } }" }
                requests.append(GraphQLRequest(query: "{ \(body.joined(separator: " ")) }"))
            }
        }
        return requests
    }

    static var bigDocumentLimits: RequestLimits {
        var limits = RequestLimits()
        limits.parse.maxTokens = 100_000
        limits.validation.maxFields = 100_000
        return limits
    }

    /// The `endCursor` after the first `count` products in featured order.
    static func cursor(in simulator: Simulator, after count: Int) throws -> String {
        let response = simulator.execute(GraphQLRequest(
            query: "query ($n: Int, $a: String) { products(first: $n, after: $a) { pageInfo { endCursor } } }",
            variables: JSONObject([("n", .int(100))])))
        guard var cursor = response.json["data"]?["products"]?["pageInfo"]?["endCursor"]?.stringValue else {
            throw SimulatorError(code: .invalidFixtures, message: "no cursor")
        }
        var seen = 100
        while seen < count {
            let step = min(100, count - seen)
            let next = simulator.execute(GraphQLRequest(
                query: "query ($n: Int, $a: String) { products(first: $n, after: $a) { pageInfo { endCursor } } }",
                variables: JSONObject([("n", .int(step)), ("a", .string(cursor))])))
            guard let value = next.json["data"]?["products"]?["pageInfo"]?["endCursor"]?.stringValue else { break }
            cursor = value
            seen += step
        }
        return cursor
    }

    /// Add two products, apply an offer, reveal and apply a scratch card, check out.
    static func journeyRequests() -> [GraphQLRequest] {
        let cart = "cart { totalQuantity subtotal { amount } discountTotal { amount } shipping { amount } total { amount formatted } } errors { code }"
        return [
            GraphQLRequest(query: "mutation { addToCart(productId: \"iphone-15\", quantity: 2) { \(cart) } }"),
            GraphQLRequest(query: "mutation { addToCart(productId: \"airpods-pro-2\") { \(cart) } }"),
            GraphQLRequest(query: "mutation { applyOffer(code: \"WELCOME10\") { \(cart) } }"),
            GraphQLRequest(query: "mutation { revealScratchCard(id: \"card-1\") { card { status reward { kind title } } errors { code } } }"),
            GraphQLRequest(query: "mutation { applyScratchCard(id: \"card-1\") { \(cart) } }"),
            GraphQLRequest(query: """
                mutation { checkout(input: {card: {number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123"}}) {
                  order { id number total { amount formatted } lines { quantity total { amount } } } payment { id status } errors { code } } }
                """),
        ]
    }

    /// Times one custom request the same way (case `custom`), and uncached too when `uncached` is set.
    package static func custom(
        _ request: GraphQLRequest, simulator: Simulator, storefront: Bool = false, iterations: Int, uncached: Bool = false
    ) -> BenchmarkResult {
        let note: JournalNote = storefront ? .storefrontLibrary : .library
        return BenchmarkTimer(iterations: iterations).measureRequest("custom", uncached: uncached) {
            _ = simulator.execute(request, caching: $0, note: note).compactBytes()
        }
    }
}
