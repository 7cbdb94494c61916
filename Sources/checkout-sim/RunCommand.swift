import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimulator
import Foundation

/// `checkout-sim run [PATH…]`: replays scenario files and reports.
enum RunCommand: Command {
    static let description = CommandDescription(
        name: "run", synopsis: "run [PATH…]", summary: "Replay scenario files or folders (default: Scenarios/)",
        usage: ["run [PATH…] [options]"],
        discussion: """
            Replays .scenario files (folders are searched one level deep; default Scenarios/), in
            path order. Every file and its Operations/ folder is checked before anything runs.
            """,
        options: [
            .valued("filter", "TEXT", "Only scenarios whose name or file name contains TEXT"),
            .flag("update", "Write missing or changed snapshots (nothing else ever writes)"),
            .valued("junit", "FILE", "Write a JUnit XML report (its folder is created)"),
            .valued("json", "FILE", "Write a JSON report (its folder is created)"),
            .flag("fail-fast", "Stop after the first failing scenario"),
            .flag("verbose", "Print every request and response"),
            .flag("narrate", "Tell the journey: product tables, cart boxes, receipts"),
            .valued("var", "NAME=VALUE", "A value for {{NAME}} (repeatable)"),
            .flag("no-color", "No colour, even on a terminal (so does a non-empty NO_COLOR)"),
        ],
        epilogue: """
            EXIT CODES: 0 all passed, 1 --filter matched nothing, 2 a file failed to parse or validate,
                        3 a runtime error, 4 an expectation or snapshot failed.
            """)

    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        var options = RunOptions()
        options.filter = arguments.value("filter")
        options.update = arguments.has("update")
        options.failFast = arguments.has("fail-fast")
        for assignment in arguments.values("var") {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw .init(message: "--var expects NAME=VALUE, found \"\(assignment)\"")
            }
            let value = String(assignment[assignment.index(after: equals)...])
            options.variables[String(assignment[..<equals])] = (try? JSONParser.parse(value)) ?? .string(value)
        }
        let seed: UInt64?
        switch CommandLineTool.seed(arguments) {
        case .success(let value): seed = value
        case .failure(let code): return code
        }
        if let now = arguments.value("now"), Instant(iso8601: now) == nil {
            throw .init(message: "--now: expected an ISO-8601 time like \"2026-03-01T10:00:00Z\" \(Instant.rangeDescription), found \"\(now)\"")
        }
        let fixtures: Fixtures
        switch CommandLineTool.fixtures(arguments) {
        case .success(let loaded): fixtures = loaded
        case .failure(let code): return code
        }
        let paths = arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
        let files: [String]
        switch ScenarioLoader.scenarioFiles(paths) {
        case .success(let found): files = found
        case .failure(let error): throw .init(message: error.diagnostics.map { "\($0.file): \($0.message)" }.joined(separator: "\n"))
        }
        let schema: Schema
        do {
            schema = try Simulator(loaded: fixtures).schema
        } catch {
            Output.error("error: \(error.message)")
            return .runtime
        }
        let scenarios: [Scenario]
        switch ScenarioLoader.load(files, schema: schema, bundledOperations: BundledOperations.files, dialects: Simulator.scenarioDialects) {
        case .success(let loaded): scenarios = loaded
        case .failure(let error):
            Output.error(error.description)
            Output.error("\(error.diagnostics.count) problem\(error.diagnostics.count == 1 ? "" : "s") found; nothing was run.")
            return .invalidInput
        }
        if let filter = options.filter, !scenarios.contains(where: { ScenarioRunner.selected($0, filter: filter) }) {
            throw .init(message: "--filter \"\(filter)\" matches none of the \(scenarios.count) scenarios")
        }
        let terminal = isatty(1) == 1
        // no-color.org: NO_COLOR counts only when it is set and not empty.
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let color = terminal && !arguments.has("no-color") && !noColor
        let printer = TerminalReport(color: color)
        let verbose = arguments.has("verbose")
        let narrate = arguments.has("narrate")
        let total = scenarios.count
        var finished = 0
        let runner = ScenarioRunner.simulator(fixtures: fixtures, defaultSeed: seed, defaultNow: arguments.value("now"))
        var reported: [String] = []
        let report = runner.run(scenarios, options: options) { scenario, step in
            if narrate {
                if !reported.contains(scenario.file) {
                    reported.append(scenario.file)
                    Output.out("\n=== \(scenario.name) ===\n")
                }
                Output.out(Narrator.narrate(step))
            }
            if verbose { Output.out(TerminalReport.verbose(step)) }
            if step.index == scenario.steps.count, terminal, !narrate, !verbose {
                finished += 1
                Output.out("\r\u{1B}[2K[\(finished)/\(total)] \(scenario.name)\r\u{1B}[2K")
            }
        }
        for file in report.files { Output.out(printer.file(file)) }
        Output.out(printer.summary(report))
        do {
            if let path = arguments.value("junit") { try Output.writeFile(JUnitReport.xml(report), to: path) }
            if let path = arguments.value("json") { try Output.writeFile(JSONReport.json(report).serialized(pretty: true), to: path) }
        } catch {
            Output.error("error: \(error.message)")
            return .runtime
        }
        return ExitCode(rawValue: report.exitCode) ?? .runtime
    }
}
