import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL

/// What a run keeps and what a posted run reads are bounded in bytes (issue 40, defect 2;
/// docs/scenarios.md): `collect all += $` in a long `repeat` once grew a server by ~20 MB a round
/// until an allocation failed.
struct ScenarioBudgetTests {
    static let hoarder = """
        scenario "Hoarder"

        step "Collect every response"
          send Products {"first": 64}
          collect all += $
          repeat until $.data.products.totalCount == 0 max 10000

        """

    /// Runs `text` live with `change` applied to the options; the one step's report.
    static func run(_ text: String, _ change: (inout RunOptions) -> Void) throws -> StepReport {
        let simulator = try Simulator()
        let scenario = try simulator.parseScenario(text, file: "hoarder.scenario").get()
        var options = RunOptions()
        change(&options)
        let report = simulator.runLive([scenario], options: options)
        return try #require(report.files.first?.steps.first)
    }

    @Test func collectedValuesHaveAByteBudget() throws {
        let step = try Self.run(Self.hoarder) { $0.maxKeptBytes = 1 << 20 }
        #expect(step.status == .error)
        let failure = try #require(step.failure)
        #expect(failure.diagnostic.line == 5, "the collect line is named")
        #expect(failure.message.contains("passed their budget of 1048576 bytes here, keeping all"), "\(failure.message)")
        #expect(step.rounds.count < 100, "stopped once past the budget, not at max: \(step.rounds.count)")
    }

    @Test func theDefaultBudgetIsEightMiB() {
        #expect(RunOptions().maxKeptBytes == 8 << 20)
        #expect(SimulatorServer.maxScenarioResponseBytes == 256 << 20)
    }

    @Test func aRunsResponsesHaveAByteBudget() throws {
        let reader = Self.hoarder.replacingOccurrences(of: "  collect all += $\n", with: "")
        let step = try Self.run(reader) { $0.maxResponseBytes = 1 << 20 }
        #expect(step.status == .error)
        let failure = try #require(step.failure)
        #expect(failure.message.contains("the responses it read passed 1 MiB"), "\(failure.message)")
        #expect(failure.diagnostic.line == 4)
        // Rounds keep responses for the report only up to 4 MiB: a long repeat holds no more.
        let kept = step.rounds.compactMap(\.response).reduce(0) { $0 + $1.approximateTextSize }
        #expect(kept <= StepRunner.maxRoundBytes)
    }
}
