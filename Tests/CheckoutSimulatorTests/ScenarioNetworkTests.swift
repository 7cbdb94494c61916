import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL

/// docs/scenarios.md's `network` lines, `expect status` and `expect offline`, run against the real
/// simulator through the GraphQL-over-HTTP handler the URL protocol and the server share.
struct ScenarioNetworkTests {
    static let run = ScenarioLanguageTests.run
    static let outcome = ScenarioLanguageTests.outcome

    @Test func offlineSendsGetNoResponseAndFailuresWaitForTheNetwork() throws {
        let report = try Self.run("""
            step "Offline"
              network offline
              network fail 503 x1
              send Products {"first": 4}
              expect offline
              expect $.data absent
              network online
            step "The pending failure meets the first send that goes out"
              send Products {"first": 4}
              expect status 503
              expect error INTERNAL_SERVER_ERROR
              expect $.errors[0].message == "Injected failure: HTTP 503."
            step "Back"
              send Products {"first": 4}
              expect status 200
              expect $.data.products.nodes count == 4
            """)
        #expect(Self.outcome(report) == "passed")
        #expect(report.steps.map { $0.rounds.first?.http?.status } == [nil, 503, 200])
        #expect(report.steps[0].rounds.first?.http != nil)
        #expect(report.steps[0].response == nil)
    }

    @Test func anOfflineSendFailsTheStepUnlessItIsExpected() throws {
        let report = try Self.run("""
            step "Offline by surprise"
              network offline
              send Products {"first": 4}
            step "Skipped"
              send Products {"first": 4}
            """)
        #expect(report.steps.map(\.status) == [.failed, .skipped])
        #expect(Self.outcome(report) == "no response came: the network is offline or dropped the connection; add \"expect offline\" if that is expected")
        #expect(report.steps[0].failure?.diagnostic.line == 4)
    }

    @Test func failuresCountDownAcrossSendsAndRepeatRounds() throws {
        let report = try Self.run("""
            step "Retry until the server recovers"
              network fail 502 x3
              send Products {"first": 4}
              repeat until $.data.products.totalCount == 64 max 5
              expect status 200
            """)
        #expect(Self.outcome(report) == "passed")
        #expect(report.steps[0].rounds.map { $0.http?.status } == [502, 502, 502, 200])
    }

    @Test func statusAndOfflineExpectationsSayWhatCameBack() throws {
        let wrongStatus = try Self.run("""
            step "Healthy"
              send Products {"first": 4}
              expect status 404
            """)
        #expect(Self.outcome(wrongStatus) == "expected HTTP status 404, found 200")
        let notOffline = try Self.run("""
            step "Healthy"
              send Products {"first": 4}
              expect offline
            """)
        #expect(Self.outcome(notOffline) == "expected no response (offline), but HTTP 200 came back")
        let noStatus = try Self.run("""
            step "Offline"
              network offline
              send Products {"first": 4}
              expect offline
              expect status 200
            """)
        #expect(Self.outcome(noStatus) == "expected HTTP status 200, but no response came (the network is offline)")
    }

    /// Only `expect error` or a failure status expects errors: a 200 with a payload error still fails.
    @Test func aSuccessStatusDoesNotExcuseErrors() throws {
        let report = try Self.run("""
            step "Sold out"
              send AddToCart {"productId": "dell-s2721ds"}
              expect status 200
            """)
        #expect(report.steps[0].status == .failed)
        #expect(Self.outcome(report).hasPrefix("the response has errors (OUT_OF_STOCK)"))
    }

    /// Latency is reported, not slept: a minute of it costs nothing.
    @Test func latencyIsVirtualAndReported() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let report = try Self.run("""
            step "Slow"
              network latency 60s
              send Products {"first": 4}
              repeat until $.data.products.totalCount == 64
            step "Reset"
              network reset
              send Products {"first": 4}
            """)
        #expect(clock.now - start < .seconds(30))
        #expect(Self.outcome(report) == "passed")
        #expect(report.steps.map { $0.rounds.first?.http?.latencyMilliseconds } == [60_000, 0])
        let verbose = TerminalReport.verbose(report.steps[0])
        #expect(verbose.contains("← HTTP 200 after 60000 ms (virtual) {\"data\""))
        let json = JSONReport.json(RunReport(files: [report]))
        #expect(json["files"]?[0]?["steps"]?[0]?["http"] == [["status": 200, "latencyMs": 60_000]])
        #expect(json["files"]?[0]?["steps"]?[1]?["http"] == [["status": 200, "latencyMs": 0]])
    }

    /// Over HTTP the response is the same as straight from the engine, and the session travels
    /// in the `X-Checkout-Session` header.
    @Test func sendsOverHTTPGiveTheEngineResponseInTheStepSession() throws {
        let report = try Self.run("""
            step "Direct"
              session alice
              send AddToCart {"productId": "iphone-15", "quantity": 2}
            step "Over HTTP, same session"
              network reset
              send Cart
              expect $.data.cart.totalQuantity == 2
              expect status 200
            step "Over HTTP, another session"
              session bob
              send Cart
              expect $.data.cart.totalQuantity == 0
            step "Validation errors get 422 from a modern client"
              send
              ```
              { cart { nope } }
              ```
              expect error GRAPHQL_VALIDATION_FAILED
              expect status 422
              expect $.errors[0].message == "Cannot query field \\"nope\\" on type \\"Cart\\"."
            """)
        #expect(Self.outcome(report) == "passed")
        let simulator = try Simulator()
        _ = simulator.execute(GraphQLRequest(query: "mutation { addToCart(productId: \"iphone-15\", quantity: 2) { cart { id } } }"), session: "alice")
        let cart = try #require(report.steps[1].request)
        #expect(report.steps[1].response == simulator.execute(cart, session: "alice").json)
    }
}
