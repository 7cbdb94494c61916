import CheckoutSimGraphQL

/// Options for a run (docs/cli.md `run`).
package struct RunOptions: Sendable {
    /// Only scenarios whose name or file name contains this text.
    package var filter: String?
    /// Write missing or changed snapshots instead of failing.
    package var update = false
    /// Stop after the first failing file.
    package var failFast = false
    /// Values for `{{name}}` given with `--var`.
    package var variables: [String: JSON] = [:]
    /// The most requests the whole run may send, `repeat` rounds included; past it the step
    /// fails (a scenario posted to a live server is bounded so; docs/http.md#the-server-under-pressure). Nil: no bound.
    package var maxSends: Int?
    /// The most bytes of responses one file's run may read, `repeat` rounds included (a posted
    /// run's bound); past it the step fails. Nil: no bound.
    package var maxResponseBytes: Int?
    /// The most bytes the values a run keeps (captures, `let`s, collected values) may take, by
    /// their JSON; past it the step fails naming the line (docs/scenarios.md).
    package var maxKeptBytes = 8 << 20
    /// Asked before every send; true ends the run there (its client has gone, the server stops).
    package var shouldStop: CancellationCheck?

    /// Run everything, write nothing.
    package init() {}
}

/// Replays scenarios: one fresh target per file, steps in order, the first failure skips the rest.
package struct ScenarioRunner: Sendable {
    /// Makes the target each scenario file runs against.
    package let factory: ScenarioTargetFactory

    /// A runner using `factory` for every file.
    package init(factory: @escaping ScenarioTargetFactory) {
        self.factory = factory
    }

    /// Runs `scenarios`, calling `observe` after each step (for progress and narration).
    package func run(_ scenarios: [Scenario], options: RunOptions = RunOptions(), observe: (Scenario, StepReport) -> Void = { _, _ in }) -> RunReport {
        var files: [FileReport] = []
        // The send budget is the whole run's, not each file's.
        var sendsLeft = options.maxSends
        for scenario in scenarios where Self.selected(scenario, filter: options.filter) {
            let report = run(scenario, options: options, sendsLeft: &sendsLeft) { observe(scenario, $0) }
            files.append(report)
            if options.failFast, report.failed { break }
        }
        return RunReport(files: files)
    }

    package static func selected(_ scenario: Scenario, filter: String?) -> Bool {
        guard let filter, !filter.isEmpty else { return true }
        return scenario.name.localizedCaseInsensitiveContains(filter) || scenario.stem.localizedCaseInsensitiveContains(filter)
    }

    func run(_ scenario: Scenario, options: RunOptions, sendsLeft: inout Int?, observe: (StepReport) -> Void) -> FileReport {
        var steps: [StepReport] = []
        var written: [String] = []
        let target: any ScenarioTarget
        do {
            target = try factory(scenario.seed, scenario.now)
        } catch {
            let diagnostic = Diagnostic(file: scenario.file, line: 1, column: 1, message: "cannot start the simulator: \(error)", excerpt: "")
            let report = StepReport(
                index: 1, name: scenario.steps.first?.name ?? "start", line: 1, status: .error,
                failure: StepFailure(message: diagnostic.message, diagnostic: diagnostic), operationName: nil, request: nil,
                session: "default", response: nil)
            observe(report)
            return FileReport(file: scenario.file, scenario: scenario.name, tags: scenario.tags, steps: [report], snapshotsWritten: [])
        }
        var state = StepRunner.State(captures: options.variables, session: "default")
        state.sendsLeft = sendsLeft
        state.maxSends = options.maxSends ?? 0
        state.responseBytesLeft = options.maxResponseBytes
        state.maxResponseBytes = options.maxResponseBytes ?? 0
        state.maxKeptBytes = options.maxKeptBytes
        state.shouldStop = options.shouldStop
        defer { sendsLeft = state.sendsLeft }
        var stopped = false
        for (offset, step) in scenario.steps.enumerated() {
            let report: StepReport
            if stopped {
                report = StepReport(
                    index: offset + 1, name: step.name, line: step.position.line, status: .skipped, failure: nil, operationName: nil,
                    request: nil, session: state.session, response: nil)
            } else {
                var runner = StepRunner(scenario: scenario, step: step, index: offset + 1, target: target, update: options.update)
                report = runner.run(&state)
                written += runner.written
                stopped = report.status != .passed
            }
            steps.append(report)
            observe(report)
        }
        return FileReport(file: scenario.file, scenario: scenario.name, tags: scenario.tags, steps: steps, snapshotsWritten: written)
    }
}
