import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL

/// docs/scenarios.md's journey forms run against the real simulator: `let`, `collect`, `repeat until`,
/// `{{name}}` subjects and `not`.
struct ScenarioLanguageTests {
    /// Runs `steps` (the lines after the header) in a fresh simulator; the report of the one file.
    static func run(_ steps: String) throws -> FileReport {
        let simulator = try Simulator()
        let scenario = try simulator.parseScenario("scenario \"Language\"\n" + steps, file: "language.scenario").get()
        return try #require(simulator.runLive([scenario]).files.first)
    }

    /// The first failure's message, or "passed".
    static func outcome(_ report: FileReport) -> String {
        report.steps.compactMap(\.failure?.message).first ?? "passed"
    }

    @Test func repeatScrollsTheWholeCatalogAndReportsEveryRound() throws {
        let report = try Self.run("""
            step "Scroll"
              let cursor = null
              send Products {"first": 5, "after": {{cursor}}}
              collect ids += $.data.products.nodes[*].id
              capture cursor = $.data.products.pageInfo.endCursor
              repeat until $.data.products.pageInfo.hasNextPage == false
              expect {{ids}} count == 64
              expect {{ids}} isUnique
            """)
        #expect(Self.outcome(report) == "passed")
        let step = try #require(report.steps.first)
        // 64 products in pages of five: 13 sends, the first with a null cursor, each later one
        // with the previous page's end cursor.
        #expect(step.rounds.count == 13)
        #expect(step.rounds.first?.request?.variables["after"] == .null)
        #expect(step.rounds[1].request?.variables["after"] == step.rounds[0].response?["data"]?["products"]?["pageInfo"]?["endCursor"])
        #expect(step.rounds.last?.response?["data"]?["products"]?["nodes"]?.arrayValue?.count == 4)
    }

    @Test func conditionsAlreadyTrueSendOnceAndLinesBelowRunOnce() throws {
        let report = try Self.run("""
            step "One page"
              send Products {"first": 4}
              collect ids += $.data.products.nodes[*].id
              repeat until $.data.products.totalCount > 0
              collect ids += $.data.products.nodes[0].id
              expect {{ids}} count == 5
              expect {{ids}} not isUnique
            """)
        #expect(Self.outcome(report) == "passed")
        #expect(report.steps[0].rounds.count == 1)
    }

    @Test func reachingMaxFailsWithTheLastCheck() throws {
        let report = try Self.run("""
            step "Never ends"
              send Products {"first": 4}
              repeat until $.data.products.pageInfo.hasNextPage == false max 3
            """)
        #expect(report.steps[0].status == .failed)
        #expect(report.steps[0].rounds.count == 3)
        #expect(Self.outcome(report) == "repeat sent the operation 3 times (its max) and the condition still fails: expected $.data.products.pageInfo.hasNextPage == false, found true")
        #expect(report.steps[0].failure?.diagnostic.line == 4)
    }

    @Test func letValuesStandAloneAsAnyJSONType() throws {
        let report = try Self.run("""
            step "Filtered"
              let filter = {"brandIds": ["google"], "inStockOnly": true}
              let first = 2
              send Products {"first": {{first}}, "filter": {{filter}}}
              expect $.data.products.nodes count == {{first}}
              expect $.data.products.nodes[*].brand.name == ["Google", "Google"]
              expect {{filter}} contains {"inStockOnly": true}
            """)
        #expect(Self.outcome(report) == "passed")
        #expect(report.steps[0].request?.variables["filter"]?["brandIds"] == ["google"])
    }

    @Test func collectingIntoAValueThatIsNotAnArrayIsAnError() throws {
        let report = try Self.run("""
            step "Mixed"
              let ids = "x"
              send Products {"first": 1}
              collect ids += $.data.products.nodes[*].id
            """)
        #expect(report.steps[0].status == .error)
        #expect(Self.outcome(report) == "cannot collect into ids: it holds a string, not an array")
    }

    @Test func aNegatedCheckThatHoldsFailsSayingWhatItFound() throws {
        let report = try Self.run("""
            step "Not"
              send Products {"first": 2}
              expect $.data.products.nodes[*].id not contains "iphone-15"
            """)
        #expect(Self.outcome(report) == #"expected $.data.products.nodes[*].id not contains "iphone-15", but it does not hold (found ["iphone-15","iphone-15-256"])"#)
    }

    /// docs/scenarios.md: an unknown `{{name}}` is a runtime error on every kind of line, with "did you mean".
    @Test(arguments: ["isUnique", "exists", "absent", "count == 2", "not contains 1"])
    func anUnknownNameIsARuntimeErrorWhateverTheCheck(_ check: String) throws {
        let report = try Self.run("""
            step "Typo"
              send Products {"first": 2}
              collect ids += $.data.products.nodes[*].id
              expect {{idz}} \(check)
            """)
        #expect(report.steps[0].status == .error)
        #expect(Self.outcome(report) == "unknown variable {{idz}}; capture, collect or let it first, or pass --var idz=VALUE. Did you mean \"ids\"?")
    }
}
