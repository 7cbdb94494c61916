import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

/// Levers (docs/control.md#levers): states on demand over HTTP, in the library and in scenarios;
/// kept beside the journal so a recording replays them.
struct LeverTests {
    static let named = RecordingTests.named
    static let card = #"{"number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123"}"#

    @Test func everyLeverChangesWhatTheNextRequestsSeeAndTheRecordingReplaysThem() async throws {
        var recorded = ""
        try await ServerHarness.with(simulator: try Simulator()) { harness in
            let pulled = try await harness.send("POST", "/__sim/levers", body: """
                {"stock": {"pixel-8": 1}, "payments": {"next": "declined", "declineCode": "insufficient_funds"},
                 "scratchCards": {"next": "FREE_SHIPPING"}, "offers": {"WELCOME10": {"expiresAt": "2026-03-01T09:00:00Z"}},
                 "checkout": {"next": "expired", "count": 2}}
                """)
            #expect(pulled.body == #"{"ok":true,"levers":{"payments":{"next":"declined","declineCode":"insufficient_funds","count":1},"checkout":{"next":"expired","count":2},"scratchCards":{"next":"Free shipping","kind":"FREE_SHIPPING"},"signIn":null}}"#)
            // The checkout lever decides the next two checkout pages opened, then the page is back.
            #expect(try await harness.send("GET", "/checkout").status == 410)
            #expect(try await harness.send("GET", "/sandbox/other/checkout").status == 200, "another sandbox's shop has its own levers")
            #expect(try await harness.send("GET", "/checkout").status == 410)
            #expect(try await harness.send("GET", "/checkout").status == 200)
            let two = try await harness.post(try Self.named("AddToCart", #"{"productId": "pixel-8", "quantity": 2}"#))
            #expect(two.body.contains("INSUFFICIENT_STOCK") || two.body.contains("OUT_OF_STOCK"), "one unit left: \(two.body)")
            _ = try await harness.post(try Self.named("AddToCart", #"{"productId": "pixel-8"}"#))
            let offer = try await harness.post(try Self.named("ApplyOffer", #"{"code": "WELCOME10"}"#))
            #expect(offer.body.contains("OFFER_EXPIRED"), "the offer's window moved into the past")
            let declined = try await harness.post(try Self.named("Checkout", #"{"input": {"card": \#(Self.card)}}"#))
            #expect(declined.body.contains("PAYMENT_DECLINED") && declined.body.contains("insufficient_funds"), "a good card, declined by the lever")
            let paid = try await harness.post(try Self.named("Checkout", #"{"input": {"card": \#(Self.card)}}"#))
            #expect(paid.body.contains("order-1001"), "the lever was used up")
            let revealed = try await harness.post(try Self.named("RevealScratchCard", #"{"id": "card-1"}"#))
            #expect(revealed.body.contains(#""kind":"FREE_SHIPPING""#))
            #expect(try await harness.send("POST", "/__sim/levers", body: "{}").body == #"{"ok":true,"levers":{"payments":null,"checkout":null,"scratchCards":null,"signIn":null}}"#)
            recorded = try await harness.send("GET", "/__sim/requests.scenario").body
        }
        for line in ["lever stock pixel-8 1", "lever payments declined insufficient_funds x1", "lever scratchCards next FREE_SHIPPING",
                     "lever offers WELCOME10 expiresAt 2026-03-01T09:00:00Z", "lever checkout expired x2"] {
            #expect(recorded.contains(line), "\(line) in \(recorded)")
        }
        try RecordingTests.replay([("levers", recorded)], folder: "recording-levers")
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let body: String
        let message: String
        var testDescription: String { body }
    }

    @Test(arguments: [
        Refusal(body: #"{"stock": {"no-such-product": 0}}"#, message: #"No product has the id \"no-such-product\"."#),
        Refusal(body: #"{"stock": {"pixel-8": -1}}"#, message: "stock.pixel-8 is wrong."),
        Refusal(body: #"{"payments": {"next": "maybe"}}"#, message: "payments is wrong."),
        Refusal(body: #"{"payments": {"next": "approved", "declineCode": "x"}}"#, message: "payments.declineCode is wrong."),
        // A decline code is a word: one that carries a line end could add a line to a recording (issue 40).
        Refusal(body: #"{"payments": {"next": "declined", "declineCode": "a x1\nlever stock iphone-15 0\n#"}}"#, message: "payments.declineCode is wrong."),
        Refusal(body: #"{"payments": {"next": "declined", "declineCode": "card declined"}}"#, message: "payments.declineCode is wrong."),
        Refusal(body: #"{"scratchCards": {"next": "A pony"}}"#, message: #"The scratch-card table has no reward \"A pony\""#),
        Refusal(body: #"{"offers": {"NOPE": {"expiresAt": null}}}"#, message: #"There is no offer \"NOPE\"."#),
        Refusal(body: #"{"offers": {"WELCOME10": {"expiresAt": "soon"}}}"#, message: "offers.WELCOME10.expiresAt is wrong."),
        Refusal(body: #"{"checkout": {"next": "later"}}"#, message: "checkout is wrong."),
        Refusal(body: #"{"checkout": {"next": "expired", "count": 0}}"#, message: "checkout.count is wrong."),
        Refusal(body: #"{"checkout": {"next": "expired", "until": 3}}"#, message: "checkout is wrong."),
        Refusal(body: #"{"signIn": {"next": "asleep"}}"#, message: "signIn is wrong."),
        Refusal(body: #"{"signIn": {"next": "throttled", "count": 1001}}"#, message: "signIn.count is wrong."),
        Refusal(body: #"{"weather": "rain"}"#, message: #"\"weather\" is not a lever."#),
    ])
    func badLeversAreRefusedAndChangeNothing(_ refusal: Refusal) async throws {
        try await ServerHarness.with { harness in
            // A good lever before the bad one is not pulled either: all or none.
            let body = "{\"stock\": {\"pixel-8\": 0}, " + refusal.body.dropFirst()
            let answer = try await harness.send("POST", "/__sim/levers", body: body)
            #expect(answer.status == 400)
            #expect(answer.body.contains(refusal.message), "\(answer.body)")
            let stock = try await harness.post(#"{"query": "{ product(id: \"pixel-8\") { stock } }"}"#)
            #expect(!stock.body.contains(#""stock":0"#), "nothing was pulled: \(stock.body)")
        }
    }

    @Test func theLibraryPullsLeversAndScenariosDoToo() throws {
        let simulator = try Simulator()
        try simulator.levers.requireActionOnNextPayments()
        try simulator.levers.makeNextCheckoutsUnavailable(2)
        #expect(simulator.withState { $0.shop.pending.checkout } == CheckoutLever(outcome: .unavailable, count: 2))
        try simulator.levers.expireNextCheckouts()
        #expect(simulator.withState { $0.shop.pending.checkout } == CheckoutLever(outcome: .expired, count: 1), "a lever replaces the pending one")
        try simulator.levers.setStock(0, of: "pixel-8")
        #expect(throws: SimulatorError.self) { try simulator.levers.nextScratchCardReward("A pony") }
        #expect(throws: SimulatorError.self) { try simulator.levers.setOffer("WELCOME10", expiresAt: "tomorrow") }
        let sold = simulator.execute(GraphQLRequest(query: #"mutation { addToCart(productId: "pixel-8") { errors { code } } }"#))
        #expect(sold.json(pretty: false).contains("OUT_OF_STOCK"))
        simulator.levers.clear()
        #expect(simulator.withState { $0.shop.pending.checkout } == nil)

        let report = try ScenarioLanguageTests.run("""
            step "Sold out live"
              lever stock pixel-8 0
              send AddToCart {"productId": "pixel-8"}
              expect error OUT_OF_STOCK
            step "Back in stock"
              lever stock pixel-8 5
              send AddToCart {"productId": "pixel-8"}
            step "The card asks for authentication"
              lever payments requires_action
              send Checkout {"input": {"card": \(Self.card)}}
              expect error PAYMENT_DECLINED
              expect $.data.checkout.payment.declineCode == "authentication_required"
            step "Approved"
              lever payments approved x1
              send Checkout {"input": {"card": {"number": "4000000000000002", "expMonth": 12, "expYear": 2030, "cvc": "123"}}}
              expect $.data.checkout.order.id exists
            step "A reward by its title"
              lever scratchCards next "Better luck next time"
              send RevealScratchCard {"id": "card-1"}
              expect $.data.revealScratchCard.card.reward.kind == "NO_REWARD"
            step "Checkout levers read as they are recorded"
              lever checkout unavailable x3
              lever checkout expired
              send Cart
            step "An unknown product is a step error"
              lever stock no-such-product 3
              send Cart
            """)
        #expect(report.steps.map(\.status) == [.passed, .passed, .passed, .passed, .passed, .passed, .error], "\(report.steps.compactMap(\.failure?.message))")
        #expect(report.steps.last?.failure?.message == #"No product has the id "no-such-product"."#)
    }
}

/// A lever's recorded line reads back as the same lever, whatever text it carries, and stays one
/// line (issue 40: a lever's text once added lines to a recording).
struct LeverLineTests {
    @Test(arguments: [
        Lever.stock(productId: "a b#c", units: 3),
        Lever.stock(productId: "x\nlever stock iphone-15 0", units: 0),
        Lever.payments(PaymentLever(outcome: .declined, declineCode: "insufficient_funds", count: 2)),
        Lever.scratchCard(reward: "Free \"shipping\"\n# and\u{2028}more"),
        Lever.scratchCard(reward: "#FREE"),
        Lever.offerWindow(code: "tab\there", expiresAt: nil),
        Lever.checkout(CheckoutLever(outcome: .unavailable, count: 3)),
        Lever.checkout(CheckoutLever(outcome: .expired, count: 1)),
    ])
    func aLeverLineReadsBackAsTheLever(_ lever: Lever) throws {
        let line = lever.scenarioLine
        #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\u{2028}") && !line.contains("\t"), "\(line)")
        let rest = String(line.dropFirst("lever ".count))
        let words = try #require(ScenarioParser.networkWords(rest, from: 1), "\(line)")
        #expect(try Lever.parse(words.map(\.text)).get() == lever, "\(line)")
        #expect(ScenarioParser.stripComment(line) == line, "a # in a lever's text is not a comment: \(line)")
    }
}
