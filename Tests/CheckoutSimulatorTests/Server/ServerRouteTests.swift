import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every route of docs/http.md through a real `URLSession` over loopback sockets.
@Suite struct ServerRouteTests {
    static let listing = #"{"query": "query Listing($n: Int) { products(first: $n) { nodes { id name price { amount formatted } brand { name } } pageInfo { endCursor hasNextPage } } }", "variables": {"n": 5}, "operationName": "Listing"}"#

    @Test func postGivesTheLibrarysBytes() async throws {
        try await ServerHarness.with { harness in
            let (status, body, headers) = try await harness.post(Self.listing)
            #expect(status == 200)
            #expect(headers["content-type"] == "application/json; charset=utf-8")
            #expect(headers["access-control-allow-origin"] == "*")
            let request = GraphQLRequest(
                query: "query Listing($n: Int) { products(first: $n) { nodes { id name price { amount formatted } brand { name } } pageInfo { endCursor hasNextPage } } }",
                variables: ["n": 5], operationName: "Listing")
            let expected = String(decoding: try Simulator().execute(request).compactBytes(), as: UTF8.self)
            #expect(body == expected)
        }
    }

    @Test func getRunsQueriesAndRefusesMutations() async throws {
        try await ServerHarness.with { harness in
            let query = "query ($n: Int) { products(first: $n) { nodes { id } } }".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let (status, body, _) = try await harness.send("GET", "/graphql?query=\(query)&variables=%7B%22n%22%3A1%7D")
            #expect(status == 200)
            #expect(body == #"{"data":{"products":{"nodes":[{"id":"iphone-15"}]}}}"#)
            let plus = try await harness.send("GET", "/graphql?query=%7B+brands+%7B+id+%7D+%7D")
            #expect(plus.body.hasPrefix(#"{"data":{"brands":[{"id":"apple"}"#), "a + in a query string is a space")
            let mutation = try await harness.send("GET", "/graphql?query=mutation+%7B+clearCart+%7B+cart+%7B+isEmpty+%7D+%7D+%7D")
            #expect(mutation.status == 405)
            #expect(mutation.headers["allow"] == "POST")
        }
    }

    /// Issue 40: CORS on the 404 and the route-level 405 (a mutation campaign dropped it there unnoticed).
    @Test func notFoundAndMethodNotAllowedCarryCORS() async throws {
        try await ServerHarness.with { harness in
            let missing = try await harness.send("GET", "/nope")
            #expect(missing.status == 404 && missing.headers["access-control-allow-origin"] == "*")
            let refused = try await harness.send("PUT", "/healthz", body: "{}")
            #expect(refused.status == 405 && refused.headers["access-control-allow-origin"] == "*")
            #expect(refused.headers["allow"] == "GET, HEAD")
            let sandboxed = try await harness.send("DELETE", "/sandbox/x/__sim/verify")
            #expect(sandboxed.status == 405 && sandboxed.headers["access-control-allow-origin"] == "*")
        }
    }

    @Test func sessionComesFromTheHeaderThenTheQueryParameter() async throws {
        try await ServerHarness.with { harness in
            let add = #"{"query": "mutation { addToCart(productId: \"pixel-8\") { cart { totalQuantity } } }"}"#
            _ = try await harness.post(add, session: "alice")
            _ = try await harness.send("POST", "/graphql?session=bob", body: add)
            _ = try await harness.send("POST", "/graphql?session=bob", body: add)
            let cart = #"{"query": "{ cart { totalQuantity } }"}"#
            #expect(try await harness.post(cart, session: "alice").body == #"{"data":{"cart":{"totalQuantity":1}}}"#)
            #expect(try await harness.send("POST", "/graphql?session=bob", body: cart).body == #"{"data":{"cart":{"totalQuantity":2}}}"#)
            #expect(try await harness.post(cart).body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
            let both = try await harness.send("POST", "/graphql?session=bob", body: cart, headers: ["Content-Type": "application/json", "X-Checkout-Session": "alice"])
            #expect(both.body == #"{"data":{"cart":{"totalQuantity":1}}}"#, "the header wins over the parameter")
        }
    }

    @Test(arguments: URLProtocolTests.statuses)
    func statusesMatchTheURLProtocolTransport(_ testCase: URLProtocolTests.StatusCase) async throws {
        try await ServerHarness.with { harness in
            var headers = ["Content-Type": testCase.contentType]
            if let accept = testCase.accept { headers["Accept"] = accept }
            let server = try await harness.send("POST", "/graphql", body: testCase.body, headers: headers)
            let local = try URLProtocolTests.Harness()
            defer { local.unregister() }
            let routed = try await local.post(testCase.body, accept: testCase.accept, contentType: testCase.contentType)
            #expect(server.status == testCase.status)
            #expect(server.status == routed.0)
            #expect(server.body == routed.1)
            #expect(server.headers["content-type"] == routed.2["content-type"])
        }
    }

    @Test func batchesAnswerInOrder() async throws {
        try await ServerHarness.with { harness in
            let batch = #"[{"query": "mutation { addToCart(productId: \"pixel-8\") { cart { totalQuantity } } }"}, {"query": "{ cart { totalQuantity } }"}, 7]"#
            let (status, body, _) = try await harness.post(batch)
            #expect(status == 200)
            #expect(body == #"[{"data":{"addToCart":{"cart":{"totalQuantity":1}}}},{"data":{"cart":{"totalQuantity":1}}},{"errors":[{"message":"Batch item 2 is not a JSON object.","extensions":{"code":"BAD_REQUEST"}}]}]"#)
            #expect(try await harness.post("[]").status == 400)
            let tooMany = "[" + Array(repeating: #"{"query": "{ __typename }"}"#, count: 101).joined(separator: ",") + "]"
            #expect(try await harness.post(tooMany).status == 400)
        }
    }

    @Test func corsPreflightAndOrigin() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.corsOrigin = "http://localhost:3000"
        try await ServerHarness.with(configuration) { harness in
            let preflight = try await harness.send("OPTIONS", "/graphql", headers: [
                "Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type, x-checkout-session",
            ])
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == "http://localhost:3000")
            #expect(preflight.headers["access-control-allow-headers"] == "content-type, x-checkout-session")
            #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
            #expect(preflight.headers["access-control-max-age"] == "600")
            #expect(try await harness.send("GET", "/healthz").headers["access-control-allow-origin"] == "http://localhost:3000")
        }
    }

    @Test func schemaHealthPlaygroundAndNotFound() async throws {
        try await ServerHarness.with { harness in
            let schema = try await harness.send("GET", "/schema.graphql")
            #expect(schema.status == 200)
            #expect(schema.headers["content-type"] == "text/plain; charset=utf-8")
            #expect(schema.body == harness.simulator.sdl)
            #expect(try await harness.send("GET", "/healthz").body == #"{"ok":true}"#)
            let page = try await harness.send("GET", "/")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.body.contains("<title>checkout-sim"))
            let missing = try await harness.send("GET", "/graphq")
            #expect(missing.status == 404)
            #expect(missing.body.contains(#""code":"NOT_FOUND""#))
            let wrongMethod = try await harness.send("POST", "/healthz", body: "{}")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "GET, HEAD")
            #expect(try await harness.send("PUT", "/graphql", body: "{}").status == 405)
        }
    }
}
