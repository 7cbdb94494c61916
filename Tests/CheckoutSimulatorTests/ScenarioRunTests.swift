import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

struct ScenarioRunTests {
    static func runBundled() throws -> (RunReport, String) {
        let fixtures = try Fixtures.bundled()
        let schema = try Simulator(loaded: fixtures).schema
        let folder = Processes.packageRoot.appendingPathComponent("Scenarios").path
        let files = try ScenarioLoader.scenarioFiles([folder]).get()
        let scenarios = try ScenarioLoader.load(files, schema: schema, bundledOperations: BundledOperations.files, dialects: Simulator.scenarioDialects).get()
        let report = ScenarioRunner.simulator(fixtures: fixtures).run(scenarios)
        return (report, JUnitReport.xml(report))
    }

    @Test func everyBundledScenarioPasses() throws {
        let (report, _) = try Self.runBundled()
        #expect(report.files.count >= 14)
        #expect(report.passed)
        for file in report.files where file.failed {
            Issue.record("\(file.file): \(file.steps.compactMap { $0.failure?.diagnostic.description }.joined(separator: "\n"))")
        }
        #expect(report.files.contains { $0.file.hasSuffix("/demo.scenario") })
    }

    @Test func runningTwiceGivesTheSameJUnit() throws {
        let first = try Self.runBundled().1
        let second = try Self.runBundled().1
        #expect(first == second)
        #expect(first.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"checkout-sim\" tests=\""))
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func theCommandLineRunIsByteIdenticalTwice() throws {
        let binary = try #require(Processes.checkoutSim)
        let folder = Processes.packageRoot.appendingPathComponent("Scenarios").path
        let first = try Processes.run(binary, ["run", folder, "--narrate"])
        let second = try Processes.run(binary, ["run", folder, "--narrate"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("┌─ receipt"))
    }

    @Test func bundledOperationsAreEmbedded() {
        let names = BundledOperations.files.map(\.path)
        #expect(names.contains("Scenarios/Operations/Cart.graphql"))
        #expect(names.contains("Scenarios/Operations/Checkout.graphql"))
    }

    /// A temporary folder with scenario files and no Operations folder (so the bundled ones are used).
    struct Workspace {
        static let counter = Locked(0)
        let folder: URL

        init(_ files: [String: String]) throws {
            let number = Self.counter.withLock { value in
                value += 1
                return value
            }
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenarios-\(getpid())-\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        }

        func run(_ arguments: [String]) throws -> Processes.Result {
            let binary = try #require(Processes.checkoutSim)
            return try Processes.run(binary, ["run", folder.path] + arguments)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static let passing = """
        scenario "Passing"
        step "Brands"
          send Brands
          expect $.data.brands[0].id == "apple"
        """

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func aWrongExpectationExitsFourAndPointsAtTheLine() throws {
        let workspace = try Workspace(["a.scenario": Self.passing, "b.scenario": """
            scenario "Wrong"
            step "Count brands"
              send Brands
              expect $.data.brands count == 7
            step "Never runs"
              send Brands
            """])
        defer { workspace.remove() }
        let result = try workspace.run(["--no-color"])
        #expect(result.status == 4)
        #expect(result.stdout.contains("PASS  Passing"))
        #expect(result.stdout.contains("FAIL  Wrong"))
        #expect(result.stdout.contains("b.scenario:4:3: expected count of $.data.brands == 7, found 8"))
        #expect(result.stdout.contains("      skipped: 2 \"Never runs\""))
        #expect(result.stdout.hasSuffix("steps: 1 passed, 1 failed, 1 skipped\n"))
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func aMalformedFileExitsTwoAndNothingRuns() throws {
        let workspace = try Workspace(["a.scenario": Self.passing, "b.scenario": "scenario \"Broken\"\nstep \"x\"\n  send Brands {oops}\n"])
        defer { workspace.remove() }
        let result = try workspace.run([])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("b.scenario:3:16: invalid JSON in the variables: expected a string key, found \"o\""))
        #expect(result.stderr.contains("nothing was run"))
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func snapshotsAreOnlyWrittenWithUpdateAndMismatchesShowADiff() throws {
        let workspace = try Workspace(["snap.scenario": """
            scenario "Snap"
            step "Cart total"
              send AddToCart {"productId": "nest-audio"}
              snapshot
            """])
        defer { workspace.remove() }
        let missing = try workspace.run(["--no-color"])
        #expect(missing.status == 4)
        #expect(missing.stdout.contains("does not exist; run with --update to record it"))
        let snapshot = workspace.folder.appendingPathComponent("__snapshots__/snap/01-cart-total.json")
        #expect(!FileManager.default.fileExists(atPath: snapshot.path))
        let update = try workspace.run(["--update"])
        #expect(update.status == 0)
        let recorded = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(recorded.contains("\"amount\": \"109.98\""))
        #expect(try workspace.run([]).status == 0)
        try Data(recorded.replacingOccurrences(of: "\"109.98\"", with: "\"108.98\"").utf8).write(to: snapshot)
        let changed = try workspace.run(["--no-color"])
        #expect(changed.status == 4)
        #expect(changed.stdout.contains(#"@ $.data.addToCart.cart.total.amount  - "108.98"  + "109.98""#))
        #expect(changed.stdout.contains("run with --update to accept the new response"))
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func reportsJUnitAndJSON() throws {
        let workspace = try Workspace(["a.scenario": Self.passing, "b.scenario": """
            scenario "Fails <here>"
            step "One"
              send Brands
              expect $.data.brands count == 1
            step "Two"
              send Brands
            """])
        defer { workspace.remove() }
        let junit = workspace.folder.appendingPathComponent("report.xml").path
        let json = workspace.folder.appendingPathComponent("report.json").path
        let result = try workspace.run(["--junit", junit, "--json", json])
        #expect(result.status == 4)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"checkout-sim\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("<testsuite name=\"Passing\""))
        #expect(xml.contains("<testsuite name=\"Fails &lt;here&gt;\""))
        #expect(xml.contains("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("<testcase name=\"01 One\""))
        #expect(xml.contains("<failure message=\"expected count of $.data.brands == 1, found 8\">"))
        #expect(xml.contains("<skipped/>"))
        let report = try JSONParser.parse(String(contentsOfFile: json, encoding: .utf8))
        #expect(report["summary"] == ["files": 2, "passed": 1, "failed": 1, "errors": 0, "skipped": 1])
        #expect(report["files"]?[1]?["steps"]?[0]?["failure"]?["line"] == 4)
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func unknownVariablesAreRuntimeErrorsAndVarFillsThem() throws {
        let workspace = try Workspace(["v.scenario": """
            scenario "Vars"
            step "Detail"
              send ProductDetail {"id": "{{product}}"}
              expect $.data.product.id == "{{product}}"
            """])
        defer { workspace.remove() }
        let missing = try workspace.run(["--no-color"])
        #expect(missing.status == 3)
        #expect(missing.stdout.contains("v.scenario:3:30: unknown variable {{product}}; capture, collect or let it first, or pass --var product=VALUE."))
        #expect(try workspace.run(["--var", "product=pixel-8"]).status == 0)
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func filterAndFailFastSelectWhatRuns() throws {
        let failing = "scenario \"Broken journey\"\nstep \"x\"\n  send Brands\n  expect $.data.brands == []\n"
        let workspace = try Workspace(["a.scenario": failing, "b.scenario": Self.passing])
        defer { workspace.remove() }
        let filtered = try workspace.run(["--filter", "pass"])
        #expect(filtered.status == 0)
        #expect(filtered.stdout.contains("1 scenario: 1 passed"))
        let fast = try workspace.run(["--fail-fast"])
        #expect(fast.status == 4)
        #expect(fast.stdout.contains("1 scenario: 0 passed, 1 failed"))
    }
}
