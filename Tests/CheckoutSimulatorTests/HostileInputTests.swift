import CheckoutSimTooling
import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimCommerce
@testable import CheckoutSimGraphQL

/// Issue #10: no input may crash, stall or bloat the simulator. Each case failed (crashed, took
/// seconds, or answered wrongly) before the fix it names; `bench` times the same corpus.
struct HostileInputTests {
    static let simulator = try! Simulator()

    /// The first error's code and message, or nil when the response has no errors.
    static func firstError(of response: String) -> (code: String, message: String)? {
        guard let json = try? JSONParser.parse(response), let first = json["errors"]?[0] else { return nil }
        return (first["extensions"]?["code"]?.stringValue ?? "", first["message"]?.stringValue ?? "")
    }

    @Test(arguments: HostileCorpus.cases)
    func answersCleanlyAndStaysUsable(_ hostile: HostileCorpus.Case) throws {
        let simulator = Self.simulator
        let response: String
        if let query = hostile.query {
            response = simulator.execute(GraphQLRequest(query: query, operationName: hostile.operationName)).serialized(pretty: false)
        } else {
            response = try #require(StdioLines(simulator: simulator).respond(to: hostile.line ?? ""))
        }
        let error = Self.firstError(of: response)
        if let code = hostile.code {
            #expect(error?.code == code, "\(response.prefix(300))")
            #expect(error?.message.contains(hostile.message) == true, "\(error?.message.prefix(300) ?? "")")
            // A request error carries no data; a too-large response keeps nothing of itself.
            #expect(!response.contains("\"data\""))
        } else {
            #expect(error == nil, "\(response.prefix(300))")
        }
        // At most an echo of the document (a 1 MiB unknown name is quoted in its error).
        #expect(response.utf8.count < 2 << 20)
        let after = simulator.execute(GraphQLRequest(query: "{ products(first: 1) { nodes { id } } }")).serialized(pretty: false)
        #expect(after == #"{"data":{"products":{"nodes":[{"id":"iphone-15"}]}}}"#)
    }

    /// Defect 1: the overlap rule followed `...A` inside `brand` without end (SIGSEGV).
    @Test func overlapRuleStopsAtFragmentCycles() throws {
        let document = try Parser.parse("fragment A on Product{brand{...A} brand{...A}} {__typename}")
        let errors = Validator.validate(document, schema: Self.simulator.schema)
        // graphql-core 3.2.8's order: the cycles as the fragment is entered, then what is inside it.
        #expect(errors.map(\.message) == [
            "Cannot spread fragment \"A\" within itself.", "Cannot spread fragment \"A\" within itself.",
            "Fragment \"A\" cannot be spread here as objects of type \"Brand\" can never be of type \"Product\".",
            "Fragment \"A\" cannot be spread here as objects of type \"Brand\" can never be of type \"Product\".",
            "Fragment \"A\" is never used.",
        ])
    }

    /// Defect 5: the document cache is bounded in bytes, not only in entries.
    @Test func documentCacheIsBoundedInBytes() {
        var cache = DocumentCache(capacity: 256, byteBudget: 16 << 20)
        let schema = Self.simulator.schema
        for index in 0..<300 {
            let query = "{ __typename }" + String(repeating: " ", count: 100_000) + "# \(index)"
            cache.insert(GraphQLEngine.prepare(query, schema: schema), for: query)
            #expect(cache.byteCount <= 16 << 20)
        }
        #expect(cache.count > 0)
        #expect(cache.count < 300)
    }

    /// Defect 5: past `maxResponseBytes` the answer is one error; below it nothing changes.
    @Test func responsesStopAtTheirLimit() {
        var limits = RequestLimits()
        limits.maxResponseBytes = 2_000
        let simulator = try! Simulator(limits: limits)
        let small = simulator.execute(GraphQLRequest(query: "{ brands { id } }")).serialized(pretty: false)
        #expect(small.hasPrefix(#"{"data":{"brands":[{"id":"#))
        let big = simulator.execute(GraphQLRequest(query: "{ products(first: 100) { nodes { id name description } } }"))
        #expect(big.data == nil)
        #expect(big.errors.map(\.code) == [.responseTooLarge])
    }
}

/// Defects 3 and 4: fixtures that pass `fixtures check` must never trap, and every problem in
/// `store.json` is reported with its place.
struct HostileFixtureTests {
    static func source(replacing replacements: [String: String]) -> FixtureSource {
        var files = FixtureSource.bundled.files.filter {
            replacements[$0.path] == nil && !$0.path.hasPrefix("products/") && !$0.path.hasPrefix("collections/") && !$0.path.hasPrefix("storefront/")
                && $0.path != "customers.json"
        }
        for (path, text) in replacements { files.append((path, text)) }
        // The bundled home screen links bundled products: it comes along only when they do.
        if replacements.keys.allSatisfy({ !$0.hasPrefix("products/") }) {
            files += FixtureSource.bundled.files.filter {
                $0.path.hasPrefix("products/") || $0.path.hasPrefix("collections/") || $0.path.hasPrefix("storefront/")
                    || ($0.path == "customers.json" && replacements[$0.path] == nil)
            }
        }
        return FixtureSource(files: files, origin: "test")
    }

    /// 1,000 products at 1,000,000,000.00 with 10,000 a line used to trap at `base * value.magnitude`.
    @Test func fullCartAtTheLargestPricesNeverOverflows() throws {
        let products = (0..<1_000).map { index in
            #"{"id": "gold-\#(index)", "name": "Gold \#(index)", "brandId": "apple", "model": "G", "category": "Gold", "#
                + #""description": "", "price": "1000000000.00", "stock": 100000, "maxPerOrder": 10000, "createdAt": "2026-01-01T00:00:00Z"}"#
        }
        let fixtures = try Fixtures.load(Self.source(replacing: ["products/gold.json": "[" + products.joined(separator: ",") + "]"]))
        let simulator = try Simulator(loaded: fixtures)
        var refused = 0
        for index in 0..<1_000 {
            let response = simulator.execute(GraphQLRequest(
                query: "mutation { addToCart(productId: \"gold-\(index)\", quantity: 10000) { errors { code message } } }"))
            if response.serialized(pretty: false).contains("QUANTITY_LIMIT_EXCEEDED") { refused += 1 }
        }
        // 10^15 minor units a line; the cart stops at 10^16.
        #expect(refused == 990)
        let offer = simulator.execute(GraphQLRequest(query: "mutation { applyOffer(code: \"WELCOME10\") { cart { subtotal { amount } } } }"))
        #expect(offer.errors.isEmpty)
        let cart = simulator.execute(GraphQLRequest(query: "{ cart { subtotal { amount } discountTotal { amount } total { amount } } }"))
        #expect(cart.serialized(pretty: false).contains(#""subtotal":{"amount":"100000000000000.00"}"#))
    }

    struct StoreCase: Sendable, CustomStringConvertible {
        let name: String
        let store: String
        let problems: [String]
        var description: String { name }
    }

    static let good = #""currency": "USD", "fractionDigits": 2, "currencySymbol": "$", "now": "2026-03-01T10:00:00Z", "seed": 42"#
        + #", "shipping": {"flatRate": "9.99", "freeOver": "500.00"}"#

    static let storeCases: [StoreCase] = [
        StoreCase(name: "unknown key", store: #"{"name": "S", \#(good), "defaultMaxPerOrdr": 5}"#,
                  problems: [#"store.json: defaultMaxPerOrdr: unknown key (did you mean "defaultMaxPerOrder"?)"#]),
        StoreCase(name: "name missing", store: "{\(good)}", problems: ["store.json: $: missing required key \"name\""]),
        StoreCase(name: "name not a string", store: #"{"name": 5, \#(good)}"#, problems: ["store.json: name: expected a string, found 5"]),
        StoreCase(name: "shipping missing",
                  store: #"{"name": "S", "currency": "USD", "fractionDigits": 2, "currencySymbol": "$", "now": "2026-03-01T10:00:00Z", "seed": 1}"#,
                  problems: ["store.json: $: missing required key \"shipping\""]),
        StoreCase(name: "clock past 9999", store: #"{"name": "S", \#(good.replacingOccurrences(of: "2026-03-01T10:00:00Z", with: "9999-12-31T23:59:59-05:00"))}"#,
                  problems: [#"store.json: now: expected an ISO-8601 UTC time like "2026-01-01T00:00:00Z" between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z, found "9999-12-31T23:59:59-05:00""#]),
    ]

    @Test(arguments: storeCases)
    func storeProblemsAreAllReported(_ testCase: StoreCase) {
        do {
            _ = try Fixtures.load(Self.source(replacing: ["store.json": testCase.store]))
            Issue.record("loaded")
        } catch {
            #expect(error.problems.map(\.description) == testCase.problems)
        }
    }
}
