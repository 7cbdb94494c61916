import CheckoutSimScenarios

/// Replays scenario files from Swift, as `checkout-sim run` does.
///
/// ```swift
/// let report = try ScenarioRun.run(paths: ["Scenarios"])
/// #expect(report.passed, "\(report.text())")
/// ```
public enum ScenarioRun {
    /// How to run: the `run` command's options.
    public struct Options: Sendable {
        /// Only scenarios whose name or file stem contains this text.
        public var filter: String?
        /// Rewrite snapshot files instead of comparing with them.
        public var update = false
        /// Stop at the first failed file.
        public var failFast = false
        /// The scratch-card seed for files whose header sets none.
        public var seed: UInt64?
        /// The clock's start (ISO-8601) for files whose header sets none.
        public var now: String?
        /// Values for `{{name}}` placeholders, as `--var name=value` gives them.
        public var variables: [String: Simulator.JSON] = [:]

        /// The defaults: every scenario, snapshots compared, the fixtures' seed and clock.
        public init() {}
    }

    /// Why nothing was run: every problem in the files, each located with its line and a caret.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// One entry per problem, like `Scenarios/cart.scenario:4:23: expected an operator …`.
        public let problems: [String]
        /// Every problem with its excerpt, as `checkout-sim run` prints them.
        public let description: String
    }

    /// The outcome of a run.
    public struct Report: Sendable {
        let run: RunReport

        /// Whether every step of every file passed.
        public var passed: Bool { run.passed }
        /// The exit code `checkout-sim run` would give (docs/cli.md): 0, 3 or 4.
        public var exitCode: Int32 { run.exitCode }
        /// Each file's scenario name and why its steps failed, in run order.
        public var scenarios: [(file: String, name: String, failures: [String])] {
            run.files.map { file in (file.file, file.scenario, file.steps.compactMap { $0.failure?.diagnostic.description }) }
        }
        /// The report `checkout-sim run` prints.
        public func text(color: Bool = false) -> String {
            let printer = TerminalReport(color: color)
            return run.files.map(printer.file).joined() + printer.summary(run)
        }
        /// The JUnit XML of `--junit`.
        public var junitXML: String { JUnitReport.xml(run) }
        /// The JSON report of `--json`.
        public var json: String { JSONReport.json(run).serialized(pretty: true) }
    }

    /// Loads every file under `paths` (files, or folders searched one level deep) first, then
    /// runs them in path order, each on a fresh simulator over `fixtures`.
    public static func run(
        paths: [String] = ["Scenarios"], fixtures source: FixtureSource = .bundled, options: Options = Options()
    ) throws(LoadError) -> Report {
        let fixtures: Fixtures
        let simulator: Simulator
        do {
            fixtures = try Fixtures.load(source)
        } catch {
            throw LoadError(problems: error.problems.map(\.description), description: error.description)
        }
        do {
            simulator = try Simulator(loaded: fixtures)
        } catch {
            throw LoadError(problems: [error.message], description: error.message)
        }
        let scenarios: [Scenario]
        switch ScenarioLoader.scenarioFiles(paths).flatMap({
            ScenarioLoader.load($0, schema: simulator.schema, bundledOperations: BundledOperations.files, dialects: Simulator.scenarioDialects)
        }) {
        case .success(let loaded): scenarios = loaded
        case .failure(let error):
            throw LoadError(problems: error.diagnostics.map { String($0.description.prefix { $0 != "\n" }) },
                            description: error.description)
        }
        var runOptions = RunOptions()
        runOptions.filter = options.filter
        runOptions.update = options.update
        runOptions.failFast = options.failFast
        runOptions.variables = options.variables
        let runner = ScenarioRunner.simulator(fixtures: fixtures, defaultSeed: options.seed, defaultNow: options.now)
        return Report(run: runner.run(scenarios, options: runOptions))
    }
}
