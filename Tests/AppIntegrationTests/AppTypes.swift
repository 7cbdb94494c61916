import CheckoutSimulator
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// An app's own model types, named as apps name them. With `import CheckoutSimulator` beside
// them they must stay unambiguous (docs/swift-api.md, §9): this file compiling is the test, and the
// tests below use them unqualified.

struct Money: Decodable, Equatable {
    let amount: String
    let currencyCode: String
}

struct Brand: Decodable, Equatable {
    let name: String
}

struct Product: Decodable, Equatable {
    let id: String
    let name: String
    let price: Money
    let brand: Brand
}

struct ProductPage: Decodable {
    struct PageInfo: Decodable { let hasNextPage: Bool; let endCursor: String? }
    let nodes: [Product]
    let pageInfo: PageInfo
}

struct Cart: Decodable {
    let totalQuantity: Int
}

struct Order: Decodable {
    let id: String
    let total: Money
}

struct Schema {}
struct Document {}
struct Field {}
struct JSONObject {}

struct AppTypeTests {
    static let listing = """
        query ($first: Int, $after: String) {
          products(first: $first, after: $after) {
            nodes { id name price { amount currencyCode } brand { name } }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    /// docs/swift-api.md's sample, as written there.
    @Test func specSampleCompilesAndRuns() async throws {
        let sim = try Simulator(fixtures: .bundled, seed: 42, now: "2026-03-01T10:00:00Z")
        let response = sim.execute(GraphQLRequest(query: Self.listing, variables: ["first": 4, "after": nil]), session: "alice")
        let page = try response.decode(ProductPage.self, at: "products")
        #expect(page.nodes.map(\.id) == ["iphone-15", "iphone-15-256", "iphone-15-pro", "iphone-se"])
        #expect(page.nodes.first?.price == Money(amount: "999.00", currencyCode: "USD"))
        #expect(page.nodes.first?.brand == Brand(name: "Apple"))
        #expect(response.json(pretty: true).hasPrefix("{\n  \"data\": {\n    \"products\": {\n      \"nodes\": [\n"))
        #expect(response.json(pretty: false) == String(decoding: response.body, as: UTF8.self))

        let asynchronous = await sim.response(to: GraphQLRequest(query: Self.listing, variables: ["first": 4]), session: "alice")
        #expect(asynchronous.json(pretty: false) == response.json(pretty: false))

        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(sim, in: configuration)
        defer { route.unregister() }
        #expect(route.baseURL == nil)

        let report = try ScenarioRun.run(paths: [Self.packageRoot + "/Scenarios/cart-editing.scenario"])
        #expect(report.passed, "\(report.text())")
    }

    /// Variables from any `Encodable`, and the app's own types decoded at a path.
    @Test func encodableVariablesAndDecodingAtAPath() throws {
        struct Page: Encodable { let first: Int; let after: String? }
        let sim = try Simulator()
        let first = sim.execute(try GraphQLRequest(query: Self.listing, encoding: Page(first: 2, after: nil)))
        let cursor = try first.decode(String.self, at: "products.pageInfo.endCursor")
        let second = sim.execute(try GraphQLRequest(query: Self.listing, encoding: Page(first: 2, after: cursor)))
        let product = try second.decode(Product.self, at: "products.nodes.0")
        #expect(product.id == "iphone-15-pro")
        #expect(throws: ResponseDecodingError.self) { try second.decode(Product.self, at: "products.nodes.7") }
        #expect(throws: ResponseDecodingError.self) { try GraphQLRequest(query: "{ brands { id } }", encoding: [1, 2]) }
        do {
            _ = try second.decode(Product.self, at: "products.edges")
            Issue.record("decoded a missing path")
        } catch {
            #expect("\(error)" == #"The response has nothing at "edges" under data.products."#)
        }
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
