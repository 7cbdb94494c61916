import Foundation
import Testing
@testable import CheckoutSimulator

/// HTTP/1.1 at the byte level (docs/http.md) over raw loopback sockets.
@Suite struct ServerHTTPTests {
    static let cart = #"{"query":"{ cart { totalQuantity } }"}"#
    static let add = #"{"query":"mutation { addToCart(productId: \"pixel-8\") { cart { totalQuantity } } }"}"#

    static func post(_ body: String, extra: String = "") -> String {
        "POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n\(extra)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            try client.send("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n" + Self.post(Self.add) + Self.post(Self.cart))
            #expect(try client.response().body == #"{"ok":true}"#)
            #expect(try client.response().body == #"{"data":{"addToCart":{"cart":{"totalQuantity":1}}}}"#)
            #expect(try client.response().body == #"{"data":{"cart":{"totalQuantity":1}}}"#)
        }
    }

    @Test func requestsTrickledOneByteAtATimeStillParse() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            for byte in Array(Self.post(Self.cart).utf8) { try client.send([byte]) }
            let response = try client.response()
            #expect(response.status == 200)
            #expect(response.body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
        }
    }

    @Test func chunkedBodiesWithExtensionsAndTrailers() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            let body = Array(Self.cart.utf8)
            let first = String(decoding: body[0..<10], as: UTF8.self)
            let rest = String(decoding: body[10...], as: UTF8.self)
            try client.send("POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "a;name=value\r\n\(first)\r\n" + String(rest.utf8.count, radix: 16) + "\r\n\(rest)\r\n0\r\nX-Trailer: yes\r\n\r\n")
            let response = try client.response()
            #expect(response.status == 200)
            #expect(response.body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
            #expect(response.header("content-length") == "37", "responses always carry Content-Length")
        }
    }

    @Test func expectContinueIsAnsweredBeforeTheBody() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            try client.send("POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: \(Self.cart.utf8.count)\r\n\r\n")
            #expect(try client.response(bodyless: true).status == 100)
            try client.send(Self.cart)
            #expect(try client.response().status == 200)

            let large = try harness.raw()
            try large.send("POST /graphql HTTP/1.1\r\nHost: shop\r\nExpect: 100-continue\r\nContent-Length: 2000000\r\n\r\n")
            #expect(try large.response().status == 413, "a body that is too large is refused before it is sent")
            #expect(large.isClosedByServer())
        }
    }

    @Test func headHasTheLengthButNoBody() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            try client.send("HEAD /healthz HTTP/1.1\r\nHost: shop\r\n\r\nGET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
            let head = try client.response(bodyless: true)
            #expect(head.status == 200)
            #expect(head.header("content-length") == "11")
            #expect(try client.response().body == #"{"ok":true}"#, "no body bytes were sent for HEAD")
        }
    }

    @Test func connectionPersistenceByVersion() async throws {
        try await ServerHarness.with { harness in
            let plain10 = try harness.raw()
            try plain10.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(try plain10.response().header("connection") == "close")
            #expect(plain10.isClosedByServer())

            let keepAlive10 = try harness.raw()
            try keepAlive10.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try keepAlive10.response().header("connection") == "keep-alive")
            try keepAlive10.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(try keepAlive10.response().status == 200)

            let close11 = try harness.raw()
            try close11.send("GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n")
            #expect(try close11.response().status == 200)
            #expect(close11.isClosedByServer())
        }
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let request: String
        let status: Int
        var testDescription: String { name }
        var code: String {
            [400: "BAD_REQUEST", 413: "PAYLOAD_TOO_LARGE", 417: "EXPECTATION_FAILED", 431: "REQUEST_HEADER_FIELDS_TOO_LARGE",
             501: "NOT_IMPLEMENTED", 505: "HTTP_VERSION_NOT_SUPPORTED"][status] ?? "?"
        }
    }

    static let refusals: [Refusal] = [
        .init(name: "bare LF", request: "GET /healthz HTTP/1.1\nHost: shop\n\n\r\n\r\n", status: 400),
        .init(name: "two spaces", request: "GET  /healthz HTTP/1.1\r\nHost: shop\r\n\r\n", status: 400),
        .init(name: "space after the version", request: "GET /healthz HTTP/1.1 \r\nHost: shop\r\n\r\n", status: 400),
        .init(name: "no target", request: "GET HTTP/1.1\r\nHost: shop\r\n\r\n", status: 400),
        .init(
            name: "too many fields", request: "GET /healthz HTTP/1.1\r\nHost: shop\r\n" + String(repeating: "X-A: 1\r\n", count: 100) + "\r\n",
            status: 431),
        .init(name: "space before colon", request: "GET /healthz HTTP/1.1\r\nHost : shop\r\n\r\n", status: 400),
        .init(name: "folded line", request: "GET /healthz HTTP/1.1\r\nHost: shop\r\nX-A: 1\r\n  2\r\n\r\n", status: 400),
        .init(name: "no Host", request: "GET /healthz HTTP/1.1\r\n\r\n", status: 400),
        .init(name: "two Hosts", request: "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400),
        .init(name: "control character", request: "GET /healthz HTTP/1.1\r\nHost: shop\r\nX-A: a\u{1}b\r\n\r\n", status: 400),
        .init(name: "relative target", request: "GET healthz HTTP/1.1\r\nHost: shop\r\n\r\n", status: 400),
        .init(name: "not HTTP", request: "HELLO\r\n\r\n", status: 400),
        .init(name: "HTTP/2", request: "GET /healthz HTTP/2.0\r\nHost: shop\r\n\r\n", status: 505),
        .init(name: "length and chunked", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400),
        .init(name: "length not a number", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Length: 3x\r\n\r\n", status: 400),
        .init(name: "lengths disagree", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", status: 400),
        .init(name: "gzip coding", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: gzip\r\n\r\n", status: 501),
        .init(name: "bad chunk size", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: 400),
        .init(name: "chunk without CRLF", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcd", status: 400),
        .init(name: "chunk too large", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\n\r\n100001\r\n", status: 413),
        .init(name: "body too large", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Length: 1048577\r\n\r\n", status: 413),
        .init(name: "head too large", request: "GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Big: \(String(repeating: "a", count: 17_000))\r\n\r\n", status: 431),
        .init(name: "unknown expectation", request: "POST /graphql HTTP/1.1\r\nHost: shop\r\nExpect: tea\r\nContent-Length: 2\r\n\r\n", status: 417),
    ]

    @Test(arguments: refusals)
    func malformedRequestsAreRefusedThenClosed(_ refusal: Refusal) async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            try client.send(refusal.request)
            let response = try client.response()
            #expect(response.status == refusal.status)
            #expect(response.header("connection") == "close")
            #expect(response.body.contains(#""code":"\#(refusal.code)""#), "one code per status")
            #expect(response.header("access-control-allow-origin") == "*", "protocol errors carry CORS too")
            #expect(client.isClosedByServer())
        }
    }

    static var shortTimeouts: SimulatorServer.Configuration {
        var configuration = SimulatorServer.Configuration()
        configuration.headerTimeout = .milliseconds(300)
        configuration.bodyTimeout = .milliseconds(300)
        configuration.idleTimeout = .milliseconds(300)
        return configuration
    }

    @Test func slowHeadersAndBodiesGet408() async throws {
        try await ServerHarness.with(Self.shortTimeouts) { harness in
            let slowHead = try harness.raw()
            try slowHead.send("GET /healthz HTTP/1.1\r\nHo")
            let headTimeout = try slowHead.response()
            #expect(headTimeout.status == 408)
            #expect(slowHead.isClosedByServer())

            let slowBody = try harness.raw()
            try slowBody.send("POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"qu")
            #expect(try slowBody.response().status == 408)
            #expect(slowBody.isClosedByServer())
        }
    }

    @Test func idleKeepAliveConnectionsCloseQuietly() async throws {
        try await ServerHarness.with(Self.shortTimeouts) { harness in
            let client = try harness.raw()
            try client.send("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
            #expect(try client.response().status == 200)
            #expect(client.isClosedByServer())
            #expect(throws: RawHTTPClient.Failure.self) { try client.response() }
        }
    }

    @Test func stalledClientsDoNotDelayOthers() async throws {
        try await ServerHarness.with { harness in
            var stalled: [RawHTTPClient] = []
            for _ in 0..<50 {
                let client = try harness.raw()
                try client.send("GET /healthz HTTP/1.1\r\nHost: sh")
                stalled.append(client)
            }
            // Timed on this thread with a blocking client: an awaited URLSession answer would also
            // count the wait for a free task-pool thread, which the full suite's blocking tests hold.
            let client = try harness.raw()
            let clock = ContinuousClock()
            let start = clock.now
            try client.send(Self.post(Self.cart))
            #expect(try client.response().status == 200)
            #expect(clock.now - start < .seconds(1), "50 connections stuck mid-header held another client up")
            withExtendedLifetime(stalled) {}
        }
    }

    @Test func connectionsBeyondTheLimitGet503WhenNoneIsIdle() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.maxConnections = 3
        try await ServerHarness.with(configuration) { harness in
            // Each held in an injected latency: past its head, neither idle nor sending a head
            // slowly, so none of them can make room (docs/http.md#the-server-under-pressure).
            harness.server.setNetworkConditions({ var slow = NetworkConditions(); slow.latency = .seconds(30); return slow }())
            var open: [RawHTTPClient] = []
            for _ in 0..<3 {
                let client = try harness.raw()
                try client.send(Self.post(Self.cart))
                open.append(client)
            }
            // Blocking, so the wait is real even when the task pool is busy: the server must have
            // read each request (a connection with nothing read yet counts as idle).
            usleep(500_000)
            let refused = try harness.raw()
            let response = try refused.response()
            #expect(response.status == 503)
            #expect(response.body.contains(#""code":"SERVICE_UNAVAILABLE""#))
            #expect(response.header("access-control-allow-origin") == "*")
            #expect(refused.isClosedByServer())
            open.removeAll()
            try await Task.sleep(for: .milliseconds(200))
            let later = try harness.raw()
            try later.send("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
            #expect(try later.response().status == 200, "a closed connection frees its place")
        }
    }

    @Test func stopFinishesResponsesInFlight() async throws {
        let simulator = try Simulator()
        let server = try await SimulatorServer.start(simulator, port: 0)
        server.setNetworkConditions({ var slow = NetworkConditions(); slow.latency = .seconds(1); return slow }())
        let busy = try RawHTTPClient(port: server.port)
        let idle = try RawHTTPClient(port: server.port)
        try busy.send(Self.post(Self.cart))
        // A blocking sleep: `Task.sleep` resumes only when a task-pool thread is free, which under
        // the full suite's load came after the response had already gone out.
        usleep(200_000)
        await server.stop()
        let response = try busy.response()
        #expect(response.status == 200)
        #expect(response.body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
        #expect(response.header("connection") == "close")
        #expect(idle.isClosedByServer(), "idle connections close at once")
        #expect(throws: RawHTTPClient.Failure.self) { _ = try RawHTTPClient(port: server.port) }
    }
}
