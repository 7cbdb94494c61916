import Foundation
import Testing

/// docs/scenarios.md's two examples, copied verbatim, run as written with the bundled fixtures and
/// operations: the first records its snapshot with `--update`, then passes as is.
struct SpecExampleTests {
    static let journey = """
        scenario "Brand browsing, offer, scratch card, decline then pay"
        seed 42
        now 2026-03-01T10:00:00Z
        tags checkout, demo

        step "First page of brand sections"
          send BrandSections {"first": 4}
          expect $.data.brandSections.sections count > 0
          capture cursor = $.data.brandSections.pageInfo.endCursor

        step "Second page repeats nothing"
          send BrandSections {"first": 4, "after": "{{cursor}}"}
          expect $.data.brandSections.sections[*].products[*].id isUnique

        step "Too many"
          send AddToCart {"productId": "iphone-15", "quantity": 99}
          expect error QUANTITY_LIMIT_EXCEEDED

        step "Two in the cart"
          send AddToCart {"productId": "iphone-15", "quantity": 2}
          expect $.data.addToCart.cart.totalQuantity == 2

        step "Pay"
          send Checkout {"input": {"card": {"number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123"}}}
          expect $.data.checkout.order.total.amount == "1998.00"
          snapshot
        """

    static let loops = """
        step "Scroll the whole catalog, four at a time"
          let cursor = null
          send Products {"first": 4, "after": {{cursor}}}
          expect $.data.products.nodes count <= 4
          collect ids += $.data.products.nodes[*].id
          capture cursor = $.data.products.pageInfo.endCursor
          repeat until $.data.products.pageInfo.hasNextPage == false max 50
          expect {{ids}} isUnique
          expect {{ids}} count == 64

        step "Offline, then back"
          network offline
          send Products {"first": 4}
          expect offline
          network fail 503 x1
          network online
        """

    /// The copies are docs/scenarios.md's examples, so a change to the examples there fails here
    /// until they run again.
    @Test func theCopiesAreTheDocsExamples() throws {
        let text = try String(contentsOf: Processes.packageRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        #expect(text.contains("```\n" + Self.journey + "\n```"))
        #expect(text.contains("```\n" + Self.loops + "\n```"))
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func theExamplesRunAsWritten() throws {
        let workspace = try ScenarioRunTests.Workspace([
            "journey.scenario": Self.journey,
            "loops.scenario": "scenario \"Journeys with loops, negation, network faults\"\n" + Self.loops,
        ])
        defer { workspace.remove() }
        let recorded = try workspace.run(["--update", "--no-color"])
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        #expect(recorded.stdout.contains("wrote "))
        let again = try workspace.run(["--no-color", "--verbose"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("step 1 \"Scroll the whole catalog, four at a time\" passed (sent 16 times)"))
        #expect(again.stdout.contains("step 2 \"Offline, then back\" passed\n  → [default] Products {\"first\":4}\n  ← (no response: offline or dropped)"))
        #expect(again.stdout.hasSuffix("steps: 7 passed, 0 failed, 0 skipped\n"))
    }
}
