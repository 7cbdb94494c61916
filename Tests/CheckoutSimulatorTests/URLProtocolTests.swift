import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Drives a real `URLSession` through `SimulatorURLProtocol`. Every harness uses the same base
/// URL, as tests copied from the README would; routes are isolated per configuration.
struct URLProtocolTests {
    /// A simulator behind its own base URL, and a session routed to it.
    struct Harness {
        let simulator: Simulator
        let route: SimulatorRoute
        let session: URLSession
        let endpoint: URL

        init() throws {
            simulator = try Simulator()
            let base = "https://shop.test/graphql"
            let configuration = URLSessionConfiguration.ephemeral
            route = SimulatorURLProtocol.register(simulator, baseURL: base, in: configuration)
            session = URLSession(configuration: configuration)
            endpoint = try #require(URL(string: base))
        }

        func post(_ body: String, accept: String? = nil, contentType: String = "application/json", session name: String? = nil, stream: Bool = false) async throws -> (Int, String, [String: String]) {
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            if let accept { request.setValue(accept, forHTTPHeaderField: "Accept") }
            if let name { request.setValue(name, forHTTPHeaderField: "X-Checkout-Session") }
            if stream {
                request.httpBodyStream = InputStream(data: Data(body.utf8))
            } else {
                request.httpBody = Data(body.utf8)
            }
            return try await send(request)
        }

        func get(_ items: [URLQueryItem], accept: String? = nil) async throws -> (Int, String, [String: String]) {
            var components = try #require(URLComponents(url: endpoint, resolvingAgainstBaseURL: false))
            components.queryItems = items
            var request = URLRequest(url: try #require(components.url))
            if let accept { request.setValue(accept, forHTTPHeaderField: "Accept") }
            return try await send(request)
        }

        func send(_ request: URLRequest) async throws -> (Int, String, [String: String]) {
            let (data, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (http.statusCode, String(decoding: data, as: UTF8.self), http.lowercasedFields)
        }

        func unregister() { route.unregister() }
    }

    @Test func postsJSONAndGetsJSON() async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        let (status, body, headers) = try await harness.post(#"{"query": "{ product(id: \"pixel-8\") { name } }"}"#)
        #expect(status == 200)
        #expect(body == #"{"data":{"product":{"name":"Pixel 8 128 GB"}}}"#)
        #expect(headers["content-type"] == "application/json; charset=utf-8")
    }

    @Test func streamsBodiesAndReadsTheSessionHeader() async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        let add = #"{"query": "mutation ($id: ID!) { addToCart(productId: $id) { cart { totalQuantity } } }", "variables": {"id": "pixel-8"}}"#
        let (status, body, _) = try await harness.post(add, session: "alice", stream: true)
        #expect(status == 200)
        #expect(body == #"{"data":{"addToCart":{"cart":{"totalQuantity":1}}}}"#)
        let (_, alice, _) = try await harness.post(#"{"query": "{ cart { totalQuantity } }"}"#, session: "alice")
        let (_, other, _) = try await harness.post(#"{"query": "{ cart { totalQuantity } }"}"#)
        #expect(alice == #"{"data":{"cart":{"totalQuantity":1}}}"#)
        #expect(other == #"{"data":{"cart":{"totalQuantity":0}}}"#)
    }

    @Test func getRunsQueriesButNotMutations() async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        let (status, body, _) = try await harness.get([
            URLQueryItem(name: "query", value: "query ($n: Int) { products(first: $n) { totalCount nodes { id } } }"),
            URLQueryItem(name: "variables", value: #"{"n": 1}"#),
        ])
        #expect(status == 200)
        #expect(body == #"{"data":{"products":{"totalCount":64,"nodes":[{"id":"iphone-15"}]}}}"#)
        let (mutationStatus, _, headers) = try await harness.get([URLQueryItem(name: "query", value: "mutation { clearCart { errors { code } } }")])
        #expect(mutationStatus == 405)
        #expect(headers["allow"] == "POST")
    }

    struct StatusCase: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        let contentType: String
        let accept: String?
        let status: Int
        var testDescription: String { name }
    }

    static let statuses: [StatusCase] = [
        .init(name: "data, modern media type", body: #"{"query": "{ brands { id } }"}"#, contentType: "application/json", accept: GraphQLHTTP.graphQLResponseType, status: 200),
        .init(name: "syntax error, modern", body: #"{"query": "{ brands "}"#, contentType: "application/json", accept: GraphQLHTTP.graphQLResponseType, status: 400),
        .init(name: "validation error, modern", body: #"{"query": "{ nope }"}"#, contentType: "application/json", accept: GraphQLHTTP.graphQLResponseType, status: 422),
        .init(name: "variable error, modern", body: #"{"query": "query ($n: Int!) { products(first: $n) { totalCount } }"}"#, contentType: "application/json", accept: GraphQLHTTP.graphQLResponseType, status: 422),
        .init(name: "validation error, plain JSON", body: #"{"query": "{ nope }"}"#, contentType: "application/json", accept: "application/json", status: 200),
        .init(name: "field error keeps 200", body: #"{"query": "{ products(first: 0) { totalCount } }"}"#, contentType: "application/json", accept: GraphQLHTTP.graphQLResponseType, status: 200),
        .init(name: "bad JSON", body: #"{"query": "#, contentType: "application/json", accept: nil, status: 400),
        .init(name: "query is not a string", body: #"{"query": 5}"#, contentType: "application/json", accept: nil, status: 400),
        .init(name: "wrong content type", body: "{ brands { id } }", contentType: "application/graphql", accept: nil, status: 415),
    ]

    @Test(arguments: statuses)
    func statusCodesFollowTheMediaType(_ testCase: StatusCase) async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        let (status, _, headers) = try await harness.post(testCase.body, accept: testCase.accept, contentType: testCase.contentType)
        #expect(status == testCase.status)
        let expectedType = testCase.accept == GraphQLHTTP.graphQLResponseType ? GraphQLHTTP.graphQLResponseType : "application/json"
        #expect(headers["content-type"]?.hasPrefix(expectedType) == true)
    }

    @Test func offlineFailsLikeAPhoneInAirplaneMode() async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        harness.route.setOffline(true)
        await #expect(throws: URLError.self) { _ = try await harness.post(#"{"query": "{ brands { id } }"}"#) }
        do {
            _ = try await harness.post(#"{"query": "{ brands { id } }"}"#)
        } catch let error as URLError {
            #expect(error.code == .notConnectedToInternet)
        }
        harness.route.setOffline(false)
        #expect(try await harness.post(#"{"query": "{ brands { id } }"}"#).0 == 200)
    }

    @Test func injectedFailuresThenRecovery() async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        harness.route.failNext(2, status: 503)
        let query = #"{"query": "mutation { addToCart(productId: \"pixel-8\") { cart { totalQuantity } } }"}"#
        #expect(try await harness.post(query).0 == 503)
        #expect(try await harness.post(query).0 == 503)
        let (status, body, _) = try await harness.post(query)
        #expect(status == 200)
        #expect(body.contains(#""totalQuantity":1"#), "failed requests must not reach the simulator")
    }

    @Test func latencyDelaysResponses() async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        harness.route.setLatency(.milliseconds(150))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await harness.post(#"{"query": "{ brands { id } }"}"#).0 == 200)
        #expect(clock.now - start >= .milliseconds(150))
        #expect(harness.route.currentConditions.latency == .milliseconds(150))
    }

    static func sessionScript(_ index: Int) -> [String] {
        let products = ["pixel-8", "iphone-15", "galaxy-s24", "nest-audio", "sony-srs-xb100"]
        let product = products[index % products.count]
        return [
            #"{"query": "mutation { addFavorite(productId: \"\#(product)\") { favorites { id } } }"}"#,
            #"{"query": "{ products(first: 2, filter: {search: \"term\#(index)\"}) { totalCount } }"}"#,
            #"{"query": "mutation { addToCart(productId: \"apple-magsafe-charger\", quantity: \#(1 + index % 3)) { cart { totalQuantity subtotal { amount } } errors { code } } }"}"#,
            #"{"query": "{ recentSearches favorites { id } cart { total { amount } } }"}"#,
            #"{"query": "mutation { revealScratchCard(id: \"card-\#(1 + index % 3)\") { card { reward { kind } } } }"}"#,
            #"{"query": "{ scratchCards { id status reward { title } } }"}"#,
            #"{"query": "mutation { applyOffer(code: \"WELCOME10\") { cart { total { amount } } errors { code } } }"}"#,
            #"{"query": "mutation { removeFavorite(productId: \"\#(product)\") { favorites { id } } }"}"#,
            #"{"query": "{ cart { lines { id quantity } discountTotal { amount } } }"}"#,
            #"{"query": "mutation { clearCart { cart { isEmpty } } }"}"#,
        ]
    }

    @Test func twoHundredConcurrentRequestsMatchSerialResults() async throws {
        let harness = try Harness()
        defer { harness.unregister() }
        let concurrent = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<20 {
                group.addTask {
                    var bodies: [String] = []
                    for line in Self.sessionScript(index) {
                        bodies.append(try await harness.post(line, session: "shopper-\(index)").1)
                    }
                    return (index, bodies)
                }
            }
            var results: [Int: [String]] = [:]
            for try await (index, bodies) in group { results[index] = bodies }
            return results
        }
        let serialSimulator = try Simulator()
        let serial = StdioLines(simulator: serialSimulator)
        for index in 0..<20 {
            let expected = Self.sessionScript(index).map { line -> String in
                let json = (try? JSONParser.parse(line).objectValue) ?? JSONObject()
                var object = json
                object["session"] = .string("shopper-\(index)")
                return serial.respond(to: JSON.object(object).serialized()) ?? ""
            }
            #expect(concurrent[index] == expected, "session \(index)")
        }
        #expect(concurrent.count == 20)
    }

    /// docs/swift-api.md: two simulators registered under one base URL in two configurations, used at the
    /// same time, each see only their own requests and network conditions.
    /// The Customer Account API's path, as Shopify's URL has it, speaks that dialect in process,
    /// for the customer the `Authorization` field names (docs/customers.md#customer-accounts).
    @Test func theCustomerAccountAPIsPathSpeaksItsDialect() async throws {
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shopify.com", in: configuration)
        defer { route.unregister() }
        let session = URLSession(configuration: configuration)
        let token = try CustomerAccountSchemaTests.token(simulator, "grace@example.com")
        var request = URLRequest(url: try #require(URL(string: "https://shopify.com/68000000001/account/customer/api/2026-04/graphql")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"query":"{ customer { emailAddress { emailAddress } } }"}"#.utf8)
        let (data, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"data":{"customer":{"emailAddress":{"emailAddress":"grace@example.com"}}}}"#)
        request.setValue(nil, forHTTPHeaderField: "Authorization")
        let (_, refused) = try await session.data(for: request)
        #expect((refused as? HTTPURLResponse)?.statusCode == 401)
    }

    @Test func routesUnderOneBaseURLStayIsolated() async throws {
        let first = try Harness()
        let second = try Harness()
        defer {
            first.unregister()
            second.unregister()
        }
        second.route.failNext(1_000, status: 503)
        let add = #"{"query": "mutation { addToCart(productId: \"pixel-8\", quantity: 1) { cart { totalQuantity } } }"}"#
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 { group.addTask { try await first.post(add).0 } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 10), "the second route's failures stay on it")
        second.route.failNext(0)
        let read = #"{"query": "{ cart { totalQuantity } }"}"#
        let firstCart = try await first.post(read).1
        #expect(firstCart == #"{"data":{"cart":{"totalQuantity":10}}}"#, "\(firstCart)")
        #expect(try await second.post(read).1 == #"{"data":{"cart":{"totalQuantity":0}}}"#)
        first.unregister()
        await #expect(throws: (any Error).self, "an unregistered route answers nothing") { _ = try await first.post(read) }
        #expect(try await second.post(read).0 == 200)
    }
}
