import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimSupport

/// The request log names a request's operation as the journal does (issue 40): the one it names,
/// else its document's only one — for a persisted query sent by hash alone, the stored
/// document's; for a faulted request, the one the fault stopped.
struct RequestLogTests {
    @Test func theLogNamesOperationsAsTheJournalDoes() async throws {
        let lines = Locked<[String]>([])
        var configuration = SimulatorServer.Configuration()
        configuration.log = { entry in lines.withLock { $0.append(entry.description) } }
        try await ServerHarness.with(configuration) { harness in
            let document = "query Brands { brands { id } }"
            let hash = SHA256.hex(document)
            _ = try await harness.post(#"{"query": "\#(document)"}"#)
            _ = try await harness.post(#"{"query": "\#(document)", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "\#(hash)"}}}"#)
            _ = try await harness.post(#"{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "\#(hash)"}}}"#)
            _ = try await harness.send("POST", "/__sim/network", body: #"{"failNext": {"status": 503}}"#)
            _ = try await harness.post(#"{"query": "\#(document)"}"#)
            _ = try await harness.post(#"[{"query": "\#(document)"}, {"query": "{ cart { totalQuantity } }"}]"#)
        }
        let graphQL = lines.withLock { $0 }.filter { $0.hasPrefix("POST /graphql ") }
        #expect(graphQL.map { String($0.split(separator: " ").last ?? "") } == ["op=Brands", "op=Brands", "op=Brands", "op=Brands", "op=Brands,-"],
                "\(graphQL)")
        #expect(graphQL[3].hasPrefix("POST /graphql 503 "))
    }
}
