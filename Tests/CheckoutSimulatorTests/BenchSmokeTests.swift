@testable import CheckoutSimTooling
import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

/// Benchmarks are not timed tests: this only checks that the command runs and names every case.
struct BenchSmokeTests {
    /// One timed run per case over a 50-product catalog (the smallest with a deep page of its
    /// own): the smoke test stays a few seconds in a debug build (the costliest admitted request
    /// grows with the catalog), and `bench` itself (release, 100k) is what measures.
    @Test(.enabled(if: Processes.checkoutSim != nil), .timeLimit(.minutes(2)))
    func benchPrintsEveryCase() throws {
        let result = try Processes.run(try #require(Processes.checkoutSim), ["bench", "--iterations", "1", "--catalog", "50", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONParser.parse(String(line)))?["case"]?.stringValue
        }
        #expect(names == BenchmarkSuite.caseNames(catalog: 50))
        #expect(names.contains("products-50-page-2"))
    }

    /// `--no-cache` adds the uncached figures to the request cases only (docs/benchmarks.md), in the JSON
    /// lines and as two more table columns.
    @Test(.enabled(if: Processes.checkoutSim != nil), .timeLimit(.minutes(2)))
    func noCacheAddsUncachedFiguresToRequestCases() throws {
        let binary = try #require(Processes.checkoutSim)
        let json = try Processes.run(binary, ["bench", "--iterations", "2", "--case", "first-20", "--no-cache", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let rows = json.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(rows.compactMap { $0["case"]?.stringValue } == ["products-first-20", "products-first-20-deferred", "storefront-products-first-20", "peak-rss-mb"])
        let listing = try #require(rows.first)
        #expect(listing.objectValue?.keys == ["case", "median_us", "p99_us", "uncached_median_us", "uncached_p99_us", "iterations"])
        // A whole number of microseconds is written without a fraction ("610"), which reads back as an int.
        let uncached: Double
        switch listing["uncached_median_us"] {
        case .double(let value)?: uncached = value
        case .int(let value)?: uncached = Double(value)
        default:
            Issue.record("uncached_median_us is not a number: \(listing)")
            return
        }
        #expect(uncached > 0)

        let plain = try Processes.run(binary, ["bench", "--iterations", "2", "--case", "first-20", "--json"])
        #expect(plain.stdout.split(separator: "\n").first.map { !$0.contains("uncached") } == true)

        let table = try Processes.run(binary, ["bench", "--iterations", "2", "--case", "parse-validate", "--no-cache"])
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.contains("uncached µs") == true)
        // A case that always parses (no request through the cache) shows dashes, not a copy of its figures.
        #expect(lines.dropFirst().first.map { $0.hasPrefix("parse-validate-120k") && $0.contains(" - ") } == true, "\(lines)")
    }

    /// `bench --http` loads the real server over loopback: every row present, every request answered.
    @Test(.enabled(if: Processes.checkoutSim != nil), .timeLimit(.minutes(2)))
    func benchHTTPPrintsEveryRow() throws {
        let result = try Processes.run(try #require(Processes.checkoutSim), ["bench", "--http", "--connections", "1,4", "--duration", "0.1", "--catalog", "200", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(rows.compactMap { $0["case"]?.stringValue } == [
            "http-listing-cached-1c", "http-listing-cold-1c", "http-listing-cached-4c", "http-listing-cold-4c",
            "http-listing-cached-16c-1-sandbox", "http-listing-cached-16c-16-sandboxes", "http-idle-256-rss-mb", "http-stalled-50-cpu-ms/s",
            "sandbox-bundled-rss-mb-each", "sandbox-bundled-rss-mb-each-after-a-stock-change", "sandbox-200-rss-mb-each",
            "sandbox-200-rss-mb-each-after-a-stock-change",
        ])
        for row in rows where row["requests"] != nil {
            #expect((row["requests"]?.intValue ?? 0) > 0, "\(row)")
            #expect(row["failures"]?.intValue == 0, "\(row)")
        }
    }

    /// `bench --query F --storefront` measures F as a Storefront request (docs/cli.md): the
    /// journal records it so, and it answers with data.
    @Test(arguments: [false, true]) func aCustomQueryRunsInTheDialectAsked(storefront: Bool) throws {
        let simulator = try Simulator()
        let query = storefront ? "{ products(first: 2) { nodes { title vendor } } }" : "{ products(first: 2) { nodes { name } } }"
        let result = BenchmarkSuite.custom(GraphQLRequest(query: query), simulator: simulator, storefront: storefront, iterations: 2)
        #expect(result.iterations == 2)
        let entries = simulator.requests()
        #expect(!entries.isEmpty)
        #expect(entries.allSatisfy { $0.dialect == (storefront ? .storefront : .native) })
        let answer = simulator.execute(GraphQLRequest(query: query), dialect: storefront ? .storefront : .native)
        #expect(answer.errors.isEmpty, "\(answer.serialized(pretty: false))")
    }

    @Test func generatedCatalogsAreDeterministic() throws {
        let first = BenchmarkCatalog.source(products: 300, pages: 3)
        let second = BenchmarkCatalog.source(products: 300, pages: 3)
        #expect(first.files.map(\.text) == second.files.map(\.text))
        let fixtures = try Fixtures.load(first)
        #expect(fixtures.catalog.products.count == 300)
    }

    @Test func largeDocumentIsValidAndLarge() throws {
        let document = BenchmarkSuite.largeDocument()
        #expect(document.utf8.count >= 120_000)
        let schema = try Simulator().schema
        guard GraphQLEngine.prepare(document, schema: schema, limits: BenchmarkSuite.bigDocumentLimits).isValid else {
            Issue.record("the generated document does not validate")
            return
        }
    }
}

/// `bench --http --storefront` posts the Storefront listing to `/api/2026-04/graphql.json`: the body
/// answers 20 products through the one GraphQL-over-HTTP handler (the load itself is the native
/// rows', measured by `benchHTTPPrintsEveryRow`).
struct StorefrontBenchSmokeTests {
    @Test func theStorefrontListingBodyAnswersTwentyProducts() throws {
        var request = GraphQLHTTP.Request(
            method: "POST", query: "", contentType: "application/json",
            body: HTTPBenchmark.listingBody(tag: nil, query: BenchmarkSuite.storefrontProductsQuery))
        request.dialect = .storefront
        let answer = GraphQLHTTP.respond(to: request, simulator: try Simulator())
        #expect(answer.status == 200)
        let json = try JSONParser.parse(answer.body)
        #expect(json["errors"] == nil)
        #expect(json["data"]?["products"]?["nodes"]?.arrayValue?.count == 20)
    }
}
