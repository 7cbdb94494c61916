import CheckoutSimGraphQL

/// The human summary of a run: a line per scenario, failures with their place and line.
package struct TerminalReport {
    /// Whether to colour PASS and FAIL with ANSI escapes.
    package var color: Bool

    /// A report, coloured or plain.
    package init(color: Bool) {
        self.color = color
    }

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The lines for one finished file.
    package func file(_ file: FileReport) -> String {
        let steps = "\(file.steps.count) step\(file.steps.count == 1 ? "" : "s")"
        guard file.failed else {
            return "\(paint("PASS", "32"))  \(file.scenario)  (\(file.file), \(steps))\n"
        }
        var out = "\(paint("FAIL", "31"))  \(file.scenario)  (\(file.file), \(steps))\n"
        for step in file.steps where step.status == .failed || step.status == .error {
            let what = step.status == .error ? "could not run" : "failed"
            out += "      step \(step.index) \"\(step.name)\" \(what)\n"
            if let failure = step.failure {
                out += failure.diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        let skipped = file.steps.filter { $0.status == .skipped }
        if !skipped.isEmpty {
            out += "      skipped: " + skipped.map { "\($0.index) \"\($0.name)\"" }.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// `--verbose`'s account of a step: its name and status, then each round's request and what
    /// came back (with the HTTP status and virtual latency for sends over HTTP).
    package static func verbose(_ step: StepReport) -> String {
        let times = step.rounds.count > 1 ? " (sent \(step.rounds.count) times)" : ""
        var out = "step \(step.index) \"\(step.name)\" \(step.status.rawValue)\(times)\n"
        for (number, round) in step.rounds.enumerated() {
            guard let request = round.request else { continue }
            let label = step.rounds.count > 1 ? " #\(number + 1)" : ""
            out += "  →\(label) [\(step.session)] \(request.operationName ?? "inline") \(JSON.object(request.variables).serialized())\n"
            var http = ""
            var missing = "(no response)"
            if let outcome = round.http {
                http = outcome.status.map { "HTTP \($0) " } ?? ""
                if outcome.latencyMilliseconds > 0 { http += "after \(outcome.latencyMilliseconds) ms (virtual) " }
                if let rate = outcome.bytesPerSecond { http += "at \(rate) B/s (virtual) " }
                missing = outcome.status == nil ? "(no response: offline or dropped)"
                    : outcome.truncated ? "(the body was cut short)" : outcome.unreadable ? "(the body is not JSON)" : missing
            }
            if round.responseNotKept { missing = "(a response came; not kept: the step's rounds had kept 4 MiB of responses)" }
            out += "  ←\(label) \(http)\(round.response?.serialized() ?? missing)\n"
        }
        return out
    }

    /// The closing summary; its last line reads `steps: N passed, N failed, N skipped`.
    package func summary(_ report: RunReport) -> String {
        let failedFiles = report.files.filter(\.failed).count
        var out = "\n\(report.files.count) scenario\(report.files.count == 1 ? "" : "s"): \(report.files.count - failedFiles) passed, \(failedFiles) failed\n"
        out += "steps: \(report.count(.passed)) passed, \(report.count(.failed) + report.count(.error)) failed, \(report.count(.skipped)) skipped\n"
        for file in report.files where !file.snapshotsWritten.isEmpty {
            out += file.snapshotsWritten.map { "wrote \($0)\n" }.joined()
        }
        return out
    }
}
