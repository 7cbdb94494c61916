import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimGraphQL

/// Listing and exporting the journal cost memory and time bounded by the journal, not by
/// entries × document (issue 40, defects 3 and 4; docs/journal.md, "Reading it").
struct JournalListingBoundsTests {
    /// Many entries sharing one large document: the journal keeps it once, but each listed entry
    /// writes it out, so the answer is cut at `maxListingBytes` with the `since` that reads on.
    @Test func aListingOfOneLargeDocumentManyTimesIsPaged() throws {
        let simulator = try Simulator()
        let document = "query Big { brands { id } }" + String(repeating: " ", count: 600_000)
        for _ in 1...40 { _ = simulator.execute(GraphQLRequest(query: document)) }
        #expect(simulator.requests().count == 40)

        var since = 0
        var seen = 0
        for page in 1...10 {
            let body = simulator.journalListing(matching: Simulator.RequestFilter(since: since))
            #expect(body.count <= Simulator.maxListingBytes + 700_000, "page \(page): \(body.count) bytes")
            let json = try JSONParser.parse(body)
            let requests = try #require(json["requests"]?.arrayValue)
            #expect(!requests.isEmpty)
            seen += requests.count
            #expect(json["total"]?.intValue == 40 - since)
            guard let next = json["next"]?.intValue else { break }
            #expect(next == requests.last?["seq"]?.intValue)
            since = next
        }
        #expect(seen == 40, "paging with next reads every entry once")

        let exported = simulator.recordedScenario()
        #expect(exported.utf8.count <= Simulator.maxListingBytes + 700_000)
        #expect(exported.contains("# The export stops here, at 16 MiB"), "\(exported.suffix(300))")
    }

    /// 600 requests each sending 100 id-like strings no response ever gave: finding their
    /// producers once searched every earlier response for each (63 s of CPU in a release build).
    @Test(.timeLimit(.minutes(1))) func exportIsLinearInTheJournal() throws {
        let simulator = try Simulator()
        for request in 0..<600 {
            let ids = JSON.array((0..<100).map { .string("order-\(request * 100 + $0)") })
            _ = simulator.execute(GraphQLRequest(query: "query Brands { brands { id name } }", variables: ["ids": ids]))
        }
        let exported = simulator.recordedScenario()
        #expect(exported.components(separatedBy: "\nstep ").count == 601)
        #expect(!exported.contains("capture"), "no value was produced by a response")
    }
}
