import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(Glibc)
import Glibc
#endif

/// Clients that stall on purpose (docs/http.md#the-server-under-pressure; issue 59, items 4 and 5).
struct StalledClientTests {
    /// A client that pipelines requests and never reads its answers: once a little of its
    /// answers wait unread, its connection stops being read and answered. The kernel used to
    /// take megabytes of answers first, each request parsed and run: 30 such clients kept both
    /// loops busy for seconds.
    @Test func aClientThatNeverReadsIsAnsweredOnlyWhatItsSocketHolds() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            var small: Int32 = 4096
            setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            // About 10 KB of answer each (twenty products' ids, names and descriptions), 400 of them queued.
            let body = #"{"query": "{ products(first: 20) { nodes { id name description } } }"}"#
            let request = "POST /graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            try client.send(String(repeating: request, count: 400))
            // Wait for the server to stop answering: the count of answered requests stays put.
            var answered = -1
            for _ in 0..<50 {
                try await Task.sleep(for: .milliseconds(100))
                let now = harness.simulator.requestCount()
                if now == answered, now > 0 { break }
                answered = now
            }
            #expect(answered > 0, "it was answered at first")
            #expect(answered < 40, "\(answered) answers were written for a client that reads none")
            // Everyone else is served meanwhile.
            #expect(try await harness.send("GET", "/healthz").status == 200)
        }
    }

    /// Clients that send their request heads a byte at a time cannot hold every connection: at
    /// the limit, with none idle, the one whose head has been arriving longest makes room for a
    /// newcomer (every other client got 503 while they held the slots).
    @Test func slowHeadsMakeRoomForNewcomers() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.maxConnections = 8
        // Long enough that a loaded machine's slowness never ends a head before the test does.
        configuration.headerTimeout = .seconds(120)
        try await ServerHarness.with(configuration) { harness in
            var slow: [RawHTTPClient] = []
            for _ in 0..<8 {
                let client = try harness.raw()
                try client.send("GET /shop HTTP/1.1\r\nHost: shop\r\nX-Slow: ")
                slow.append(client)
                // In order: the server has read each head's beginning before the next comes.
                for _ in 0..<500 where harness.server.readingConnectionCount < slow.count { usleep(10_000) }
            }
            // Every slot holds a head that has begun.
            #expect(harness.server.readingConnectionCount == 8)
            for round in 0..<3 {
                let probe = try harness.raw()
                try probe.send("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
                #expect(try probe.response().status == 200, "newcomer \(round) was served")
                probe.abort()
            }
            // The oldest slow head made room: it was closed (its read ends at once), the others still wait.
            #expect(slow[0].isClosedByServer())
            // One made room for the first newcomer; each later one finds the place the one before
            // it left, unless it comes before that close is seen (a loaded machine): at most three.
            #expect((5...7).contains(harness.server.readingConnectionCount), "\(harness.server.readingConnectionCount)")
            // Gone before the server stops, which would otherwise give their heads time to end.
            for client in slow { client.abort() }
        }
    }

    /// A head that came in pieces is listed as arriving until it is whole, then no longer: an
    /// answered connection is never taken for a slow one.
    @Test func aHeadSentInPiecesIsListedUntilItIsWhole() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            try client.send("GET /healthz HTTP/1.1\r\nHo")
            for _ in 0..<500 where harness.server.readingConnectionCount < 1 { usleep(10_000) }
            #expect(harness.server.readingConnectionCount == 1)
            try client.send("st: shop\r\n\r\n")
            #expect(try client.response().status == 200)
            #expect(harness.server.readingConnectionCount == 0)
            // Whole in one read, the next request is never listed as arriving.
            try client.send("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
            #expect(try client.response().status == 200)
            #expect(harness.server.readingConnectionCount == 0)
        }
    }

    /// Clients that never read their answers cannot hold every connection either: at the limit,
    /// with none idle and no head arriving, the one whose answer has waited longest for its
    /// client makes room (one client opening the limit's worth such connections got every other
    /// client 503: 20 of 20 `/healthz` probes).
    @Test func clientsThatNeverReadMakeRoomForNewcomers() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.maxConnections = 8
        try await ServerHarness.with(configuration) { harness in
            var stuck: [RawHTTPClient] = []
            for _ in 0..<8 {
                let client = try harness.raw()
                // Each demo shop page is tens of KB: 64 of them fill both sides' buffers.
                try client.send(String(repeating: "GET /shop HTTP/1.1\r\nHost: shop\r\n\r\n", count: 64))
                stuck.append(client)
                // In order: each waits before the next comes, and keeps its place while it does
                // not read, so the first one's answer waits longest.
                for _ in 0..<500 where harness.server.stalledConnectionCount < stuck.count { usleep(10_000) }
            }
            #expect(harness.server.stalledConnectionCount == 8)
            for round in 0..<3 {
                let probe = try harness.raw()
                try probe.send("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
                #expect(try probe.response().status == 200, "newcomer \(round) was served")
                probe.abort()
            }
            // The one stalled longest made room: the server closed it.
            #expect(stuck[0].isClosedByServer())
            #expect((5...7).contains(harness.server.stalledConnectionCount), "\(harness.server.stalledConnectionCount)")
            // Reset and closed (a shut-down socket that is not closed would leave them waiting).
            for client in stuck { client.abort() }
            stuck.removeAll()
            // A closed connection leaves the table (its descriptor may be reused at once).
            for _ in 0..<500 where harness.server.stalledConnectionCount > 0 { usleep(10_000) }
            #expect(harness.server.stalledConnectionCount == 0)
        }
    }

    /// A client that reads its answers at last is no longer one that never reads: once they are
    /// written, nothing lists it to make room.
    @Test func aClientThatReadsAtLastIsNoLongerStalled() async throws {
        try await ServerHarness.with { harness in
            let client = try harness.raw()
            try client.send(String(repeating: "GET /shop HTTP/1.1\r\nHost: shop\r\n\r\n", count: 64))
            for _ in 0..<500 where harness.server.stalledConnectionCount < 1 { usleep(10_000) }
            #expect(harness.server.stalledConnectionCount == 1)
            for index in 0..<64 { #expect(try client.response().status == 200, "answer \(index)") }
            // Open and idle now, its last answer written whole.
            for _ in 0..<500 where harness.server.idleConnectionCount < 1 { usleep(10_000) }
            #expect(harness.server.stalledConnectionCount == 0)
        }
    }
}
