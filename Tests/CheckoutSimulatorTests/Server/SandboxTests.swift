import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import CheckoutSimSupport
@testable import CheckoutSimulator
@testable import CheckoutSimGraphQL

/// Sandboxes (docs/http.md#sandboxes): `/sandbox/NAME/…` is an independent shop on one server.
struct SandboxTests {
    static func post(_ harness: ServerHarness, _ path: String, _ query: String) async throws -> (status: Int, body: String) {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["query": query]), as: UTF8.self)
        let answer = try await harness.send("POST", path, body: body)
        return (answer.status, answer.body)
    }

    static let cart = "{ cart { totalQuantity } }"
    /// What one sandbox sells must not leave the others' stock.
    static let stock = #"{ product(id: "pixel-8") { stock } }"#

    /// A new sandbox is made off the loop (a `--preload` scenario may take long): while one is
    /// being made, another client on the same loop is answered at once, and the request that
    /// made it is answered from it once it is ready.
    @Test func makingASandboxHoldsUpNoOneOnItsLoop() async throws {
        var configuration = SimulatorServer.Configuration()
        let preparing = Locked(0)
        configuration.prepareSandbox = { _ in
            preparing.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: 1.5)
        }
        try await ServerHarness.with(configuration) { harness in
            let port = harness.port
            let (made, health) = try await Processes.offPool { () throws -> (Int, Duration) in
                // Connections go to the loops in turn: the first and the one a loop count later share one.
                let clients = try (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in try RawHTTPClient(port: port) }
                let (maker, neighbour) = (clients[0], clients[clients.count - 1])
                try maker.send(ServerHTTPTests.post(#"{"query":"{ cart { totalQuantity } }"}"#).replacingOccurrences(of: "POST /graphql ", with: "POST /sandbox/slow/graphql "))
                Thread.sleep(forTimeInterval: 0.2)
                let clock = ContinuousClock()
                let start = clock.now
                try neighbour.send("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
                guard try neighbour.response().status == 200 else { return (0, .zero) }
                let waited = clock.now - start
                return (try maker.response().status, waited)
            }
            #expect(health < .milliseconds(1000), "a neighbour on the loop waited \(health) for a sandbox being made")
            #expect(made == 200)
            #expect(preparing.withLock { $0 } == 1)
            #expect(try await Self.post(harness, "/sandbox/slow/graphql", Self.cart).body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
            #expect(preparing.withLock { $0 } == 1, "made once")
        }
    }

    /// Two first requests to one new sandbox at once each make a copy; the first copy kept is
    /// the sandbox, and both requests are answered from it.
    @Test func twoFirstRequestsToOneSandboxShareIt() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.prepareSandbox = { _ in Thread.sleep(forTimeInterval: 0.5) }
        try await ServerHarness.with(configuration) { harness in
            let add = #"mutation { addToCart(productId: "pixel-8", quantity: 1) { cart { totalQuantity } } }"#
            async let first = Self.post(harness, "/sandbox/twin/graphql", add)
            async let second = Self.post(harness, "/sandbox/twin/graphql", add)
            let statuses = try await [first.status, second.status]
            #expect(statuses == [200, 200])
            #expect(try await Self.post(harness, "/sandbox/twin/graphql", Self.cart).body == #"{"data":{"cart":{"totalQuantity":2}}}"#)
            let list = try await harness.send("GET", "/__sim/sandboxes").body
            #expect(list.components(separatedBy: #""name":"twin""#).count == 2, "listed once: \(list)")
        }
    }

    @Test func sandboxesKeepTheirOwnStockCartsClockFaultsAndJournals() async throws {
        try await ServerHarness.with { harness in
            let add = #"mutation { addToCart(productId: "pixel-8", quantity: 2) { cart { totalQuantity } } }"#
            #expect(try await Self.post(harness, "/sandbox/a/graphql", add).body.contains(#""totalQuantity":2"#))
            #expect(try await Self.post(harness, "/sandbox/b/graphql", Self.cart).body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
            #expect(try await Self.post(harness, "/graphql", Self.cart).body == #"{"data":{"cart":{"totalQuantity":0}}}"#)
            let pay = #"mutation { checkout(input: {card: {number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123"}}) { order { id } } }"#
            #expect(try await Self.post(harness, "/sandbox/a/graphql", pay).body.contains("order-1001"))
            let stockA = try await Self.post(harness, "/sandbox/a/graphql", Self.stock).body
            let stockB = try await Self.post(harness, "/sandbox/b/graphql", Self.stock).body
            #expect(stockA != stockB, "a sold two; b did not: \(stockA) \(stockB)")
            #expect(try await Self.post(harness, "/graphql", Self.stock).body == stockB)

            #expect(try await harness.send("POST", "/sandbox/a/__sim/advance", body: #"{"by": "1d"}"#).body.contains("2026-03-02T10:00:00Z"))
            #expect(harness.simulator.now.iso8601 == "2026-03-01T10:00:00Z", "the root clock did not move")

            _ = try await harness.send("POST", "/sandbox/b/__sim/network", body: #"{"failNext": {"count": 1, "status": 503}}"#)
            #expect(try await Self.post(harness, "/sandbox/a/graphql", Self.cart).status == 200, "b's fault never reaches a")
            #expect(try await Self.post(harness, "/sandbox/b/graphql", Self.cart).status == 503)

            #expect(try await harness.send("GET", "/sandbox/a/__sim/requests/count").body == #"{"count":4}"#)
            #expect(try await harness.send("GET", "/sandbox/b/__sim/requests/count").body == #"{"count":3}"#)
            #expect(try await harness.send("GET", "/__sim/requests/count").body == #"{"count":2}"#)
            #expect(try await harness.send("GET", "/__sim/sandboxes").body
                == #"{"sandboxes":[{"name":"default","requests":2,"sessions":1},{"name":"a","requests":4,"sessions":1},{"name":"b","requests":3,"sessions":1}]}"#)
        }
    }

    @Test func namesAreCheckedTyposMakeNothingAndTheBoundHolds() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.maxSandboxes = 2
        try await ServerHarness.with(configuration) { harness in
            for bad in ["/sandbox/a%20b/graphql", "/sandbox/" + String(repeating: "x", count: 65) + "/graphql", "/sandbox//graphql"] {
                let refused = try await harness.send("POST", bad, body: "{}")
                #expect(refused.status == 400, "\(bad)")
            }
            #expect(try await harness.send("GET", "/sandbox/typo/graphqll").status == 404)
            #expect(try await harness.send("GET", "/__sim/sandboxes").body.contains("typo") == false, "a 404 makes no sandbox")
            // Issue 40: nothing that leaves a shop untouched makes one — a refused method, a preflight,
            // the health check, the schema, the page — and the list is the server's, not a sandbox's.
            #expect(try await harness.send("PUT", "/sandbox/m405/graphql", body: "{}").status == 405)
            #expect(try await harness.send("OPTIONS", "/sandbox/preflight/graphql").status == 204)
            #expect(try await harness.send("GET", "/sandbox/health/healthz").status == 200)
            #expect(try await harness.send("GET", "/sandbox/sdl/schema.graphql").status == 200)
            #expect(try await harness.send("GET", "/sandbox/page/").status == 200)
            #expect(try await harness.send("GET", "/sandbox/listing/__sim/sandboxes").status == 404)
            let listed = try await harness.send("GET", "/__sim/sandboxes").body
            for name in ["m405", "preflight", "health", "sdl", "page", "listing"] {
                #expect(!listed.contains("\"\(name)\""), "\(name) made a sandbox: \(listed)")
            }
            #expect(try await harness.send("DELETE", "/__sim/requests?bogus=1").status == 400, "a clear takes no filter")
            // A persistedQuery with a key Apollo never sends is refused, not half read.
            let extra = try await harness.post(#"{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "ab", "extra": true}}}"#)
            #expect(extra.status == 400 && extra.body.contains("Expected extensions.persistedQuery to be"), "\(extra.body)")
            let client = try harness.raw()
            try client.send("GET /sandbox/one HTTP/1.1\r\nHost: x\r\n\r\n")
            let redirect = try client.response()
            #expect(redirect.status == 308)
            #expect(redirect.header("location") == "/sandbox/one/")

            #expect(try await Self.post(harness, "/sandbox/one/graphql", Self.cart).status == 200)
            #expect(try await Self.post(harness, "/sandbox/two/graphql", Self.cart).status == 200)
            let full = try await Self.post(harness, "/sandbox/three/graphql", Self.cart)
            #expect(full.status == 429)
            #expect(full.body.contains("TOO_MANY_SANDBOXES"))
            #expect(try await Self.post(harness, "/sandbox/one/graphql", Self.cart).status == 200, "nothing was evicted")
            #expect(try await harness.send("DELETE", "/sandbox/one").body == #"{"ok":true}"#)
            #expect(try await harness.send("DELETE", "/sandbox/one").status == 404)
            #expect(try await harness.send("DELETE", "/sandbox/default").status == 404)
            #expect(try await Self.post(harness, "/sandbox/three/graphql", Self.cart).status == 200)
            #expect(try await Self.post(harness, "/sandbox/default/graphql", Self.cart).status == 200, "default is the root shop")
        }
    }

    /// docs/http.md#sandboxes: one sandbox's slow requests never hold another's up. Sandbox a's
    /// requests meet a 60 s latency and 16 of them are in flight; b and the root shop answer at
    /// once (a latency is a timer on the loop, not a thread held), and stopping ends a's waits.
    @Test func aSandboxWhoseRequestsAreAllSlowHoldsNoOtherUp() async throws {
        try await ServerHarness.with { harness in
            let request = { (path: String) in
                ServerHTTPTests.post(#"{"query":"{ cart { totalQuantity } }"}"#).replacingOccurrences(of: "POST /graphql ", with: "POST \(path) ")
            }
            let slowed = try harness.raw()
            try slowed.send("POST /sandbox/a/__sim/network HTTP/1.1\r\nHost: x\r\nContent-Length: 19\r\n\r\n{\"latencyMs\":60000}")
            #expect(try slowed.response().status == 200)
            let waiting = try (0..<16).map { _ in try harness.raw() }
            for client in waiting { try client.send(request("/sandbox/a/graphql")) }
            usleep(100_000)
            // Each answers within the raw client's 5 s, not after a's 60 s.
            for path in ["/sandbox/b/graphql", "/graphql"] {
                let other = try harness.raw()
                try other.send(request(path))
                #expect(try other.response().status == 200, "\(path) is not held up")
            }
            harness.server.beginStopping()
            for client in waiting { #expect(try client.response().status == 200, "stopping cuts a's waits short") }
        }
    }
}
