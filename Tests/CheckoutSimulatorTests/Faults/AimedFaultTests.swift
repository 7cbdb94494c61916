import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Faults aimed at an operation (docs/control.md#faults): only matching requests meet them or use
/// them up, several at once, on the server, through the URL protocol and in scenarios; each
/// journaled and recorded so that the recording replays.
struct AimedFaultTests {
    static let named = RecordingTests.named
    static let card = #"{"card": {"number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123"}}"#

    @Test func aimedFaultsMeetOnlyTheirOperationOnTheServerAndReplayFromTheRecording() async throws {
        var recorded = ""
        try await ServerHarness.with(simulator: try Simulator()) { harness in
            let set = try await harness.send("POST", "/__sim/network", body: """
                {"failNext": {"status": 503, "operation": "AddToCart"},
                 "errorNext": {"operation": "Checkout", "message": "Try again", "code": "TRY_LATER"},
                 "truncate": [{"operation": "Cart"}, {"operation": "Favorites", "count": 2}],
                 "garbage": {"operation": "Offers"}}
                """)
            #expect(set.body == #"{"ok":true,"network":{"offline":false,"faults":[{"fault":"failNext","status":503,"operation":"AddToCart","count":1},{"fault":"errorNext","message":"Try again","code":"TRY_LATER","operation":"Checkout","count":1},{"fault":"truncate","operation":"Cart","count":1},{"fault":"truncate","operation":"Favorites","count":2},{"fault":"garbage","operation":"Offers","count":1}]}}"#, "in the order they were set")
            #expect(try await harness.post(try Self.named("Products", #"{"first": 2}"#)).status == 200, "the listing beside them goes through")
            #expect(try await harness.post(try Self.named("AddToCart", #"{"productId": "pixel-8"}"#)).status == 503)
            let added = try await harness.post(try Self.named("AddToCart", #"{"productId": "pixel-8"}"#))
            #expect(added.status == 200 && added.body.contains(#""totalQuantity":1"#), "the failure was used up, and the failed add never ran")
            let checkout = try await harness.post(try Self.named("Checkout", #"{"input": \#(Self.card)}"#))
            #expect(checkout.body == #"{"errors":[{"message":"Try again","extensions":{"code":"TRY_LATER"}}]}"#)
            let offers = try await harness.post(try Self.named("Offers", "{}"))
            #expect(offers.headers["content-type"] == "text/html; charset=utf-8" && offers.body.hasPrefix("<!DOCTYPE html>"))
            // A truncated answer reaches URLSession as an error; the operation ran all the same.
            await #expect(throws: (any Error).self) { try await harness.post(try Self.named("Cart", "{}")) }
            let faults = harness.simulator.requests().map { "\($0.operationName ?? "-"):\($0.fault ?? "-")" }
            #expect(faults == ["Products:-", "AddToCart:fail 503", "AddToCart:-", "Checkout:error TRY_LATER \"Try again\"", "Offers:garbage", "Cart:truncate"])
            recorded = try await harness.send("GET", "/__sim/requests.scenario?name=Aimed%20faults").body
        }
        for line in ["network fail 503 x1", #"network error TRY_LATER "Try again" x1"#, "expect error TRY_LATER", "network garbage x1",
                     "expect unreadable", "network truncate x1", "expect truncated"] {
            #expect(recorded.contains(line), "\(line) in \(recorded)")
        }
        try RecordingTests.replay([("aimed-faults", recorded)], folder: "recording-aimed-faults")
    }

    /// Issue 40, defect 12: Apollo sends a registered document by hash alone, often without
    /// `operationName`; an aimed fault meets it by the stored document's operation.
    @Test func anAimedFaultMeetsAPersistedQuerySentByHashAlone() async throws {
        try await ServerHarness.with(simulator: try Simulator()) { harness in
            let document = "query Brands { brands { id } }"
            let hash = SHA256.hex(document)
            let register = #"{"query": \#(JSONWriter.string(.string(document))), "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "\#(hash)"}}}"#
            #expect(try await harness.post(register).status == 200)
            _ = try await harness.send("POST", "/__sim/network", body: #"{"failNext": {"status": 503, "operation": "Brands"}}"#)
            let byHash = #"{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "\#(hash)"}}}"#
            let faulted = try await harness.post(byHash)
            #expect(faulted.status == 503, "\(faulted.body)")
            #expect(try await harness.post(byHash).status == 200, "used up")
            #expect(harness.simulator.requests().map { $0.fault ?? "-" } == ["-", "fail 503", "-"])
        }
    }

    @Test func theURLProtocolAimsTooAndSeveralAimsAddUp() async throws {
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shop.test/graphql", in: configuration)
        defer { route.unregister() }
        route.failNext(1, status: 502, operation: "AddToCart")
        route.inject(NetworkFault(.drop, operation: "Cart", count: 1))
        route.inject(NetworkFault(.fail(status: 500), operation: "Cart", count: 1))
        #expect(route.currentConditions.faults.count == 3)
        let session = URLSession(configuration: configuration)
        func post(_ body: String) async -> String {
            var request = URLRequest(url: URL(string: "https://shop.test/graphql")!)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
            do {
                let (_, response) = try await session.data(for: request)
                return "\((response as? HTTPURLResponse)?.statusCode ?? 0)"
            } catch let error as URLError {
                return "URLError \(error.code.rawValue)"
            } catch {
                return "\(error)"
            }
        }
        let products = try Self.named("Products", #"{"first": 2}"#)
        let cart = try Self.named("Cart", "{}")
        let add = try Self.named("AddToCart", #"{"productId": "pixel-8"}"#)
        let outcomes = [await post(products), await post(cart), await post(cart), await post(add), await post(add), await post(cart)]
        #expect(outcomes == ["200", "URLError -1005", "500", "502", "200", "200"], "the drop and the failure aimed at Cart each take one Cart request")
        #expect(route.currentConditions.faults.isEmpty)
    }

    @Test func scenariosAimFaultsAndExpectWhatTheyDo() throws {
        let report = try ScenarioLanguageTests.run("""
            step "Aimed at AddToCart: the listing goes through"
              network fail 503 x1 for AddToCart
              network drop x1 for Cart
              network error TRY_LATER "Try again" for Checkout
              network slow 2kB/s for Products
              send Products {"first": 2}
              expect status 200
            step "The add fails"
              send AddToCart {"productId": "pixel-8"}
              expect status 503
            step "The cart's connection drops"
              send Cart
              expect offline
            step "The add goes through"
              send AddToCart {"productId": "pixel-8"}
              expect $.data.addToCart.cart.totalQuantity == 1
            step "Checkout gets the GraphQL error"
              send Checkout {"input": \(Self.card)}
              expect status 200
              expect error TRY_LATER
            step "Truncated, yet it ran"
              network truncate for AddToCart
              send AddToCart {"productId": "pixel-8"}
              expect truncated
            step "Garbage"
              network garbage
              send Cart
              expect unreadable
            step "Back"
              send Cart
              expect $.data.cart.totalQuantity == 2
            """)
        #expect(ScenarioLanguageTests.outcome(report) == "passed")
        #expect(report.steps[0].rounds.first?.http?.bytesPerSecond == 2_000, "the slow rate is reported, never waited")
        #expect(report.steps[5].rounds.first?.http?.truncated == true)
        #expect(report.steps[6].rounds.first?.http?.unreadable == true)
        let cut = TerminalReport.verbose(report.steps[5])
        #expect(cut.contains("HTTP 200 (the body was cut short)"), "\(cut)")
        let dropped = TerminalReport.verbose(report.steps[2])
        #expect(dropped.contains("(no response: offline or dropped)"), "\(dropped)")
    }

    @Test func anUnexpectedCutOrUnreadableBodyFailsTheStep() throws {
        let cut = try ScenarioLanguageTests.run("""
            step "Cut"
              network truncate
              send Cart
            """)
        #expect(ScenarioLanguageTests.outcome(cut) == "HTTP 200 came back with its body cut short; add \"expect truncated\" if that is expected")
        let garbage = try ScenarioLanguageTests.run("""
            step "Garbage"
              network garbage
              send Cart
              expect truncated
            """)
        #expect(ScenarioLanguageTests.outcome(garbage) == "HTTP 200 came back with a body that is not JSON; add \"expect unreadable\" if that is expected")
    }
}
