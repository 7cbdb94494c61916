import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Apollo iOS's requests as it sends them (docs/apollo.md), each journey over a real socket and
/// through `SimulatorURLProtocol`, with the status, media type and body each answer must have.
struct ApolloWireTests {
    static let query = "query BrandNames {\n  brands {\n    __typename\n    id\n    name\n  }\n}"
    static let hash = SHA256.hex(query)
    static let data = #"{"data":{"brands":[{"__typename":"Brand","id":"apple","name":"Apple"},"#

    /// Apollo iOS's `Accept` headers by version.
    static let accept110 = #"multipart/mixed;boundary="graphql";deferSpec=20220824,application/json"#
    static let accept115 = "multipart/mixed;deferSpec=20220824,application/json"
    static let accept117 = "multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json"

    /// One HTTP exchange of a journey and what its answer must be.
    struct Exchange: Sendable {
        var method = "POST"
        /// The body (POST) or the query string (GET), as Apollo iOS writes it.
        var payload: String
        var accept = ApolloWireTests.accept117
        var status = 200
        var contentType = "application/graphql-response+json; charset=utf-8"
        /// What the body starts with (the whole body where it ends with `}`).
        var body: String
    }

    struct Journey: CustomTestStringConvertible, Sendable {
        let name: String
        let exchanges: [Exchange]
        var testDescription: String { name }
    }

    static func body(query: String? = query, hash: String? = nil, version: Int = 1, name: String = "BrandNames") -> String {
        var extensions = #""clientLibrary":{"name":"apollo-ios","version":"1.17.0"}"#
        if let hash { extensions = #""persistedQuery":{"version":\#(version),"sha256Hash":"\#(hash)"},"# + extensions }
        let text = query.map { #","query":\#(Simulator.JSON.string($0).serialized())"# } ?? ""
        return #"{"operationName":"\#(name)"\#(text),"variables":{},"extensions":{\#(extensions)}}"#
    }

    static func getQuery(hash: String) -> String {
        var components = URLComponents()
        components.queryItems = [
            .init(name: "operationName", value: "BrandNames"),
            .init(name: "extensions", value: #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#),
            .init(name: "variables", value: "{}"),
        ]
        return components.percentEncodedQuery ?? ""
    }

    static let notFound = #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#
    static let json = "application/json; charset=utf-8"
    static let multipart = #"multipart/mixed; boundary="-"; deferSpec=20220824"#
    /// The brands' names deferred, as Apollo iOS writes a deferred fragment.
    static let deferred = "query BrandNames {\n  brands {\n    __typename\n    id\n    ... @defer(label: \"names\") {\n      name\n    }\n  }\n}"

    static let journeys: [Journey] = [
        Journey(name: "1.10: the whole query, its Accept, clientLibrary", exchanges: [
            Exchange(payload: body(), accept: accept110, contentType: json, body: data),
        ]),
        Journey(name: "1.15: the whole query", exchanges: [Exchange(payload: body(), accept: accept115, contentType: json, body: data)]),
        Journey(name: "1.17: the whole query, graphql-response+json", exchanges: [Exchange(payload: body(), body: data)]),
        Journey(name: "APQ: a miss (200 whatever Accept), the retry with the query, then a hit", exchanges: [
            Exchange(payload: body(query: nil, hash: hash), body: notFound),
            Exchange(payload: body(query: query, hash: hash), body: data),
            Exchange(payload: body(query: nil, hash: hash), body: data),
            Exchange(payload: body(query: nil, hash: hash), accept: accept110, contentType: json, body: data),
        ]),
        Journey(name: "APQ over GET: a miss, a POST registers it, then a GET hit", exchanges: [
            Exchange(method: "GET", payload: getQuery(hash: hash), body: notFound),
            Exchange(payload: body(query: query, hash: hash), body: data),
            Exchange(method: "GET", payload: getQuery(hash: hash), body: data),
        ]),
        Journey(name: "APQ: a hash that is not the query's", exchanges: [
            Exchange(payload: body(query: query, hash: String(repeating: "0", count: 64)), status: 400,
                     body: #"{"errors":[{"message":"provided sha does not match query","extensions":{"code":"BAD_REQUEST"}}]}"#),
            Exchange(payload: body(query: nil, hash: String(repeating: "0", count: 64)), body: notFound),
        ]),
        Journey(name: "APQ: an unsupported version", exchanges: [
            Exchange(payload: body(query: query, hash: hash, version: 2), status: 400,
                     body: #"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#),
        ]),
        Journey(name: "@defer: parts for Apollo's Accept, one answer otherwise", exchanges: [
            Exchange(payload: body(query: deferred), contentType: multipart, body: "\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"
                     + #"{"data":{"brands":[{"__typename":"Brand","id":"apple"},"#),
            Exchange(payload: body(query: deferred), accept: accept110, contentType: multipart, body: "\r\n---\r\ncontent-type: application/json"),
            Exchange(payload: body(query: deferred), accept: accept115, contentType: multipart, body: "\r\n---\r\ncontent-type: application/json"),
            Exchange(payload: body(query: deferred), accept: "application/json", contentType: json, body: data),
            // Parts without the spec Apollo names, or refused with q=0, are not accepted.
            Exchange(payload: body(query: deferred), accept: "multipart/mixed, application/json", contentType: json, body: data),
            Exchange(payload: body(query: deferred), accept: "multipart/mixed; deferSpec=20220824; q=0, application/json", contentType: json, body: data),
            Exchange(payload: body(query: deferred.replacingOccurrences(of: "@defer(", with: "@defer(if: false, ")), body: data),
        ]),
        Journey(name: "a batch: an unknown hash answers in its place", exchanges: [
            Exchange(payload: "[" + body(query: nil, hash: hash) + "," + body() + "]", body: "[" + notFound + "," + data),
        ]),
    ]

    /// What one exchange's answer is: status, media type, body.
    typealias Answer = (status: Int, contentType: String, body: String)

    static func send(_ exchange: Exchange, to endpoint: URL, with session: URLSession) async throws -> Answer {
        var request: URLRequest
        if exchange.method == "GET" {
            request = URLRequest(url: try #require(URL(string: endpoint.absoluteString + "?" + exchange.payload)))
        } else {
            request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.httpBody = Data(exchange.payload.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.setValue(exchange.accept, forHTTPHeaderField: "Accept")
        request.setValue("BrandNames", forHTTPHeaderField: "X-APOLLO-OPERATION-NAME")
        request.setValue("query", forHTTPHeaderField: "X-APOLLO-OPERATION-TYPE")
        request.setValue("com.example.shop-apollo-ios", forHTTPHeaderField: "apollographql-client-name")
        request.setValue("1.0-1", forHTTPHeaderField: "apollographql-client-version")
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type") ?? "", String(decoding: data, as: UTF8.self))
    }

    static func check(_ answer: Answer, _ exchange: Exchange, _ index: Int, over transport: String) {
        #expect(answer.status == exchange.status, "\(transport) #\(index): \(answer.body)")
        #expect(answer.contentType == exchange.contentType, "\(transport) #\(index)")
        if exchange.body.hasSuffix("}") && !exchange.body.hasPrefix("[") && exchange.body != data {
            #expect(answer.body == exchange.body, "\(transport) #\(index)")
        } else {
            #expect(answer.body.hasPrefix(exchange.body), "\(transport) #\(index): \(answer.body.prefix(300))")
        }
    }

    @Test(arguments: journeys)
    func apolloIOSRequestsOverASocketAndThroughTheURLProtocol(_ journey: Journey) async throws {
        try await ServerHarness.with { harness in
            for (index, exchange) in journey.exchanges.enumerated() {
                Self.check(try await Self.send(exchange, to: try harness.url("/graphql"), with: harness.session), exchange, index, over: "socket")
            }
            let entries = harness.simulator.requests()
            #expect(entries.count == journey.exchanges.reduce(0) { $0 + ($1.payload.hasPrefix("[") ? 2 : 1) }, "every request is journaled")
            #expect(entries.allSatisfy { $0.client?.name == "com.example.shop-apollo-ios" })
            #expect(entries.allSatisfy { $0.operationName == "BrandNames" })
        }
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shop.test/graphql", in: configuration)
        defer { route.unregister() }
        let session = URLSession(configuration: configuration)
        for (index, exchange) in journey.exchanges.enumerated() {
            Self.check(try await Self.send(exchange, to: try #require(URL(string: "https://shop.test/graphql")), with: session),
                       exchange, index, over: "URLProtocol")
        }
    }

    @Test func theJournalKeepsAHitUnderItsDocumentAndAMissWithItsCode() async throws {
        let simulator = try Simulator()
        let stdio = StdioLines(simulator: simulator)
        #expect(stdio.respond(to: Self.body(query: nil, hash: Self.hash)) == Self.notFound)
        #expect(stdio.respond(to: Self.body(query: Self.query, hash: Self.hash))?.hasPrefix(Self.data) == true)
        #expect(stdio.respond(to: Self.body(query: nil, hash: Self.hash))?.hasPrefix(Self.data) == true, "stdio lines resolve hashes too")
        let entries = simulator.requests()
        #expect(entries.map(\.query) == ["", Self.query, Self.query])
        #expect(entries.map(\.errorCodes) == [["PERSISTED_QUERY_NOT_FOUND"], [], []])
    }
}
