import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `slow` fault is bounded (issue 40, defect 9; docs/http.md, "The server under pressure"): 270
/// connections to a slow-faulted sandbox once locked every sandbox, `/healthz` and the
/// `/__sim/network` call that would clear the fault out for minutes.
@Suite(.serialized) struct SlowFaultBoundsTests {
    static let body = #"{"query": "{ brands { id name } }"}"#
    static let request = "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body

    @Test func slowedResponsesCannotTakeTheLastSlots() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.maxConnections = 16
        try await ServerHarness.with(configuration) { harness in
            _ = try await harness.send("POST", "/__sim/network", body: #"{"slow": {"bytesPerSecond": 1}}"#)
            // Every slot taken by a client of the slowed endpoint.
            var clients: [RawHTTPClient] = []
            for _ in 0..<configuration.maxConnections {
                let client = try harness.raw()
                try client.send(Self.request)
                clients.append(client)
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(harness.server.maxSlowed == 12)
            let health = try await harness.send("GET", "/healthz")
            #expect(health.status == 200, "\(health.body)")
            let cleared = try await harness.send("POST", "/__sim/network", body: "{}")
            #expect(cleared.status == 200)
            for client in clients { client.abort() }
        }
    }

    @Test func aSlowedResponseHasADeadline() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.slowWriteLimit = .seconds(1)
        try await ServerHarness.with(configuration) { harness in
            _ = try await harness.send("POST", "/__sim/network", body: #"{"slow": {"bytesPerSecond": 1}}"#)
            // At 1 byte a second the body would take minutes; the limit writes the rest after a second.
            let client = try RawHTTPClient(port: harness.port, timeout: 8)
            try client.send(Self.request)
            let response = try client.response()
            #expect(response.status == 200)
            #expect(response.body.hasPrefix(#"{"data":{"brands":["#), "\(response.body.prefix(60))")
        }
    }
}
