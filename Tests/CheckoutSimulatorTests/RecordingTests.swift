import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording (docs/journal.md, "Recording"): a journey driven over real HTTP, exported as a
/// scenario, replays green with `--update` and again without it, in this process and in a fresh one.
struct RecordingTests {
    static let operations: [String: String] = {
        let simulator = try? Simulator()
        guard let simulator, case .success(let library) = OperationLibrary.load(BundledOperations.files, schema: simulator.schema, origin: .bundled) else {
            return [:]
        }
        return library.documents
    }()

    /// The body for the bundled operation `name` with `variables` (JSON text).
    static func named(_ name: String, _ variables: String) throws -> String {
        let text = try #require(operations[name], "bundled operation \(name)")
        return #"{"query": \#(JSONWriter.string(.string(text))), "variables": \#(variables), "operationName": "\#(name)"}"#
    }

    static func value(_ body: String, _ keys: [String]) throws -> String {
        var json = try JSONParser.parse(body)
        for key in keys { json = try #require(Int(key).flatMap { json[$0] } ?? json[key], "\(keys) in \(body)") }
        return try #require(json.stringValue)
    }

    static let card = #"{"number": "%@", "expMonth": 12, "expYear": 2030, "cvc": "123"}"#

    /// Drives the journey; returns the exported scenario.
    static func journey() async throws -> String {
        var exported = ""
        try await ServerHarness.with(simulator: try Simulator()) { harness in
            let first = try await harness.post(try named("Products", #"{"first": 4}"#), session: "alice")
            let cursor = try value(first.body, ["data", "products", "pageInfo", "endCursor"])
            _ = try await harness.post(try named("Products", #"{"first": 4, "after": "\#(cursor)"}"#), session: "alice")
            _ = try await harness.post(try named("AddToCart", #"{"productId": "pixel-8", "quantity": 2}"#), session: "alice")
            _ = try await harness.post(try named("ApplyOffer", #"{"code": "WELCOME10"}"#), session: "alice")
            let cards = try await harness.post(JournalTests.body("query Cards { scratchCards { id status } }"), session: "alice")
            let cardID = try value(cards.body, ["data", "scratchCards", "0", "id"])
            _ = try await harness.post(try named("RevealScratchCard", #"{"id": "\#(cardID)"}"#), session: "alice")
            _ = try await harness.post(try named("ApplyScratchCard", #"{"id": "\#(cardID)"}"#), session: "alice")
            _ = try await harness.send("POST", "/__sim/advance", body: #"{"by": "1h"}"#)
            _ = try await harness.send("POST", "/__sim/network", body: #"{"failNext": {"count": 1}}"#)
            let declinedCard = String(format: card, "4000000000000002")
            #expect(try await harness.post(try named("Checkout", #"{"input": {"card": \#(declinedCard)}}"#), session: "alice").status == 503)
            _ = try await harness.post(try named("Checkout", #"{"input": {"card": \#(declinedCard)}}"#), session: "alice")
            let paid = try await harness.post(
                try named("Checkout", #"{"input": {"card": \#(String(format: card, "4242424242424242")), "idempotencyKey": "k1"}}"#), session: "alice")
            let order = try value(paid.body, ["data", "checkout", "order", "id"])
            _ = try await harness.post(try named("Order", #"{"id": "\#(order)"}"#), session: "alice")
            _ = try await harness.post(try named("AddToCart", #"{"productId": "pixel-8", "quantity": 1}"#), session: "bob")
            exported = try await harness.send("GET", "/__sim/requests.scenario?name=Round%20trip").body
        }
        return exported
    }

    /// Writes `scenarios` (name → text) into a new folder, replays them with `--update`, then
    /// again; both runs must pass. Returns the first run's report text when it fails.
    static func replay(_ scenarios: [(name: String, text: String)], folder name: String, variables: [String: String] = [:]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in scenarios {
            try text.write(to: folder.appendingPathComponent(name + ".scenario"), atomically: true, encoding: .utf8)
        }
        var update = ScenarioRun.Options()
        for (name, value) in variables { update.variables[name] = .string(value) }
        update.update = true
        let first = try ScenarioRun.run(paths: [folder.path], options: update)
        #expect(first.passed, "\(first.text())")
        update.update = false
        let second = try ScenarioRun.run(paths: [folder.path], options: update)
        #expect(second.passed, "\(second.text())")
    }

    /// A plain `URLSession` client routed through `SimulatorURLProtocol`: its journey records and replays too.
    @Test func aURLSessionJourneyReplaysFromItsRecording() async throws {
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shop.test/graphql", in: configuration)
        defer { route.unregister() }
        let session = URLSession(configuration: configuration)
        func post(_ body: String) async throws -> String {
            var request = URLRequest(url: try #require(URL(string: "https://shop.test/graphql")))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("app", forHTTPHeaderField: "X-Checkout-Session")
            request.httpBody = Data(body.utf8)
            return String(decoding: try await session.data(for: request).0, as: UTF8.self)
        }
        let page = try await post(try Self.named("ProductCells", #"{"first": 4}"#))
        let cursor = try Self.value(page, ["data", "products", "pageInfo", "endCursor"])
        _ = try await post(try Self.named("ProductCells", #"{"first": 4, "after": "\#(cursor)"}"#))
        _ = try await post(try Self.named("AddToCart", #"{"productId": "pixel-8"}"#))
        route.failNext(1, status: 502)
        _ = try await post(try Self.named("AddToCart", #"{"productId": "pixel-8"}"#))
        let text = simulator.recordedScenario(name: "URLSession journey")
        #expect(route.requests().map { $0.transport } == Array(repeating: Simulator.JournalEntry.Transport.urlprotocol, count: 4))
        #expect(text.contains(#""after":{{cursor1}}"#) && text.contains("network fail 502 x1"), "\(text)")
        try Self.replay([("urlsession-journey", text)], folder: "recording-urlsession")
    }

    /// Every bundled scenario's journey, run against a live simulator and recorded, replays green.
    @Test func everyBundledJourneyReplaysFromItsRecording() throws {
        let files = try ScenarioLoader.scenarioFiles([Processes.packageRoot.appendingPathComponent("Scenarios").path]).get()
        var recorded: [(name: String, text: String)] = []
        for file in files {
            let simulator = try Simulator()
            let scenarios = try ScenarioLoader.load([file], schema: simulator.schema, bundledOperations: BundledOperations.files, dialects: Simulator.scenarioDialects).get()
            _ = simulator.runLive(scenarios)
            let stem = String(file.split(separator: "/").last?.split(separator: ".").first ?? "journey")
            #expect(!simulator.requests().isEmpty, "\(stem) sent requests")
            recorded.append((stem, simulator.recordedScenario(name: stem)))
        }
        #expect(recorded.count >= 20)
        // The journal keeps no password: the signed-in journey's recording asks for the two it
        // sent (docs/journal.md#secrets), the wrong one first.
        let signedIn = try #require(recorded.first { $0.name == "signed-in" }?.text)
        #expect(signedIn.contains("#   password1: the password sent at step 2") && signedIn.contains("#   password2: the password sent at step 3"))
        try Self.replay(recorded, folder: "recording-bundled", variables: ["password1": "fortran-1957", "password2": "cobol-1959"])
    }

    @Test func aJourneyOverHTTPReplaysFromItsRecording() async throws {
        let text = try await Self.journey()
        for line in [
            #"scenario "Round trip""#, "seed 42", "now 2026-03-01T10:00:00Z", "session alice", "session bob", "advance 3600s",
            "capture cursor1 = $.data.products.pageInfo.endCursor", #""after":{{cursor1}}"#, "capture cardId = $.data.scratchCards[0].id",
            #"send RevealScratchCard {"id":{{cardId}}}"#, "network fail 503 x1", "expect status 503", "expect error PAYMENT_DECLINED",
            "capture orderId = $.data.checkout.order.id", #"send Order {"id":{{orderId}}}"#, #"step "AddToCart pixel-8 ×2""#,
            "```graphql", "snapshot",
        ] {
            #expect(text.contains(line), "the recording has \(line):\n\(text)")
        }
        #expect(try await Self.journey() == text, "the same journey records the same bytes")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("round-trip.scenario"), atomically: true, encoding: .utf8)
        var update = ScenarioRun.Options()
        update.update = true
        let first = try ScenarioRun.run(paths: [folder.path], options: update)
        #expect(first.passed, "\(first.text())")
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("__snapshots__/round-trip").path)
        #expect(snapshots.count == 12, "a snapshot per step that got a response: \(snapshots.sorted())")
        let second = try ScenarioRun.run(paths: [folder.path])
        #expect(second.passed, "\(second.text())")
        if let binary = Processes.checkoutSim {
            let fresh = try Processes.run(binary, ["run", folder.path])
            #expect(fresh.status == 0, "\(fresh.stdout)\(fresh.stderr)")
        }
    }
}
