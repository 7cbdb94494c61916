import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(Glibc)
import Glibc
#endif

/// A client that pipelines requests and never reads its answers (issue 59, item 4): once a
/// little of its answers wait unread, its connection stops being read and answered
/// (docs/http.md#the-server-under-pressure). The kernel used to take megabytes of answers
/// first, each request parsed and run: 30 such clients kept both loops busy for seconds.
struct StalledReaderTests {
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
}
