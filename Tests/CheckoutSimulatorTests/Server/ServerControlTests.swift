import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The control API of docs/http.md, driven the way a UI test or a demo script would.
@Suite struct ServerControlTests {
    static let add = #"{"query": "mutation { addToCart(productId: \"pixel-8\") { cart { totalQuantity } } }"}"#
    static let cart = #"{"query": "{ cart { totalQuantity } }"}"#

    @Test func resetRestoresTheInitialState() async throws {
        try await ServerHarness.with { harness in
            _ = try await harness.post(Self.add)
            #expect(try await harness.post(Self.cart).body.contains(#""totalQuantity":1"#))
            let reset = try await harness.send("POST", "/__sim/reset")
            #expect(reset.status == 200)
            #expect(reset.body == #"{"ok":true}"#)
            #expect(try await harness.post(Self.cart).body.contains(#""totalQuantity":0"#))
            #expect(try await harness.send("GET", "/__sim/reset").status == 405)
        }
    }

    @Test func advanceMovesTheClock() async throws {
        try await ServerHarness.with(simulator: try Simulator(now: "2026-03-01T10:00:00Z")) { harness in
            let moved = try await harness.send("POST", "/__sim/advance", body: #"{"by": "2h"}"#)
            #expect(moved.status == 200)
            #expect(moved.body == #"{"ok":true,"now":"2026-03-01T12:00:00Z"}"#)
            #expect(harness.simulator.now.iso8601 == "2026-03-01T12:00:00Z")
            for bad in [#"{"by": "2 hours"}"#, "{}", "not json", #"{"by": "2h", "extra": 1}"#] {
                let refused = try await harness.send("POST", "/__sim/advance", body: bad)
                #expect(refused.status == 400, "\(bad)")
                #expect(refused.body.contains("BAD_REQUEST"))
            }
        }
    }

    @Test func failNextThenRecovery() async throws {
        try await ServerHarness.with { harness in
            let set = try await harness.send("POST", "/__sim/network", body: #"{"failNext": {"count": 2, "status": 503}}"#)
            #expect(set.body == #"{"ok":true,"network":{"offline":false,"faults":[{"fault":"failNext","status":503,"operation":null,"count":2}]}}"#)
            #expect(try await harness.post(Self.add).status == 503)
            #expect(try await harness.post(Self.add).status == 503)
            #expect(try await harness.post(Self.add).body.contains(#""totalQuantity":1"#), "failed requests never reach the simulator")
            #expect(try await harness.send("GET", "/healthz").status == 200, "faults apply to /graphql only")
        }
    }

    @Test func offlineClosesTheConnectionWithoutAResponse() async throws {
        try await ServerHarness.with { harness in
            _ = try await harness.send("POST", "/__sim/network", body: #"{"offline": true}"#)
            // A new URLSession: on Linux, FoundationNetworking waits for its timeout when a
            // reused keep-alive connection is reset, instead of failing at once as Apple's does.
            var request = URLRequest(url: harness.server.url)
            request.httpMethod = "POST"
            request.httpBody = Data(Self.cart.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            // What the client hears is a lost connection, not its own timeout running out.
            request.timeoutInterval = 30
            do {
                _ = try await URLSession(configuration: .ephemeral).data(for: request)
                Issue.record("an offline server answered")
            } catch let error as URLError {
                #expect(error.code != .timedOut, "the client hears of the outage at once, not after its timeout")
            }
            let raw = try harness.raw()
            try raw.send("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(Self.cart.utf8.count)\r\n\r\n\(Self.cart)")
            #expect(raw.isClosedByServer())
            let cleared = try await harness.send("POST", "/__sim/network", body: "{}")
            #expect(cleared.body.contains(#""offline":false"#))
            #expect(try await harness.post(Self.cart).status == 200)
        }
    }

    @Test func latencyDelaysOnlyGraphQL() async throws {
        try await ServerHarness.with { harness in
            _ = try await harness.send("POST", "/__sim/network", body: #"{"latencyMs": 200}"#)
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try await harness.post(Self.cart).status == 200)
            #expect(clock.now - start >= .milliseconds(200))
            #expect(harness.server.networkConditions.latency == .milliseconds(200))
        }
    }

    @Test(arguments: [
        #"{"offline": "yes"}"#, #"{"latencyMs": -1}"#, #"{"latencyMs": 600001}"#, #"{"failNext": {"count": 0}}"#,
        #"{"failNext": {"count": 1, "status": 200}}"#, #"{"failNext": {"count": 1, "extra": 2}}"#, #"{"lag": 1}"#, "[]",
    ])
    func networkRefusesBadSettings(_ body: String) async throws {
        try await ServerHarness.with { harness in
            let refused = try await harness.send("POST", "/__sim/network", body: body)
            #expect(refused.status == 400)
            #expect(refused.body.contains("Send {"))
            #expect(harness.server.networkConditions == NetworkConditions(), "a refused setting changes nothing")
        }
    }

    @Test func scenarioRunsAgainstTheLiveState() async throws {
        try await ServerHarness.with { harness in
            let passing = """
                scenario "Fill the cart for the demo"
                seed 7

                step "Add two"
                  send AddToCart {"productId": "iphone-15", "quantity": 2}
                  expect $.data.addToCart.cart.totalQuantity == 2
                """
            let ran = try await harness.send("POST", "/__sim/scenario", body: passing, headers: ["Content-Type": "text/plain"])
            #expect(ran.status == 200)
            #expect(ran.body.hasPrefix(#"{"passed":true"#))
            #expect(try await harness.post(Self.cart).body.contains(#""totalQuantity":2"#), "the steps changed the live state")

            let failing = passing.replacingOccurrences(of: "== 2", with: "== 3")
            let failed = try await harness.send("POST", "/__sim/scenario", body: failing, headers: ["Content-Type": "text/plain"])
            #expect(failed.status == 422)
            #expect(failed.body.contains("expected $.data.addToCart.cart.totalQuantity == 3, found 4"))

            let broken = try await harness.send("POST", "/__sim/scenario", body: "scenario \"x\"\nstep \"y\"\n  sned Products\n", headers: ["Content-Type": "text/plain"])
            #expect(broken.status == 400)
            #expect(broken.body.contains("scenario:3:3"))

            // A scenario's network faults are its own: the live server stays online.
            let offline = try await harness.send("POST", "/__sim/scenario", body: """
                scenario "Offline in the scenario only"
                step "No response"
                  network offline
                  send Cart
                  expect offline
                """, headers: ["Content-Type": "text/plain"])
            #expect(offline.status == 200, "\(offline.body)")
            #expect(offline.body.contains(#""http":[{"status":null,"latencyMs":0}]"#))
            #expect(try await harness.post(Self.cart).body.contains(#""totalQuantity":4"#), "the server still answers")
        }
    }
}
