import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimulator
import Foundation

/// `checkout-sim run [PATH…]`: replays scenario files and reports.
enum RunCommand {
    static func run(_ words: [String]) throws(Arguments.Failure) -> ExitCode {
        let arguments = try Arguments(
            words, valued: CommandLineTool.commonValued.union(["filter", "junit", "json", "var"]),
            flags: CommandLineTool.commonFlags.union(["update", "fail-fast", "verbose", "narrate", "no-color"]))
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
        switch ScenarioLoader.load(files, schema: schema, bundledOperations: BundledOperations.files) {
        case .success(let loaded): scenarios = loaded
        case .failure(let error):
            Output.error(error.description)
            Output.error("\(error.diagnostics.count) problem\(error.diagnostics.count == 1 ? "" : "s") found; nothing was run.")
            return .invalidInput
        }
        let terminal = isatty(1) == 1
        let color = terminal && !arguments.has("no-color") && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
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
            if verbose, let request = step.request {
                Output.out("  → [\(step.session)] \(request.operationName ?? "inline") \(JSON.object(request.variables).serialized())\n")
                Output.out("  ← \(step.response?.serialized() ?? "")\n")
            }
            if step.index == scenario.steps.count, terminal, !narrate, !verbose {
                finished += 1
                Output.out("\r\u{1B}[2K[\(finished)/\(total)] \(scenario.name)\r\u{1B}[2K")
            }
        }
        for file in report.files { Output.out(printer.file(file)) }
        Output.out(printer.summary(report))
        do {
            if let path = arguments.value("junit") { try Data(JUnitReport.xml(report).utf8).write(to: URL(fileURLWithPath: path)) }
            if let path = arguments.value("json") {
                try Data(JSONReport.json(report).serialized(pretty: true).utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            Output.error("error: cannot write the report: \(error.localizedDescription)")
            return .runtime
        }
        return ExitCode(rawValue: report.exitCode) ?? .runtime
    }
}
