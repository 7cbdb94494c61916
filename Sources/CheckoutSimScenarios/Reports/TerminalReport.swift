/// The human summary of a run: a line per scenario, failures with their place and line.
public struct TerminalReport {
    /// Whether to colour PASS and FAIL with ANSI escapes.
    public var color: Bool

    /// A report, coloured or plain.
    public init(color: Bool) {
        self.color = color
    }

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The lines for one finished file.
    public func file(_ file: FileReport) -> String {
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

    /// The closing summary; its last line reads `steps: N passed, N failed, N skipped`.
    public func summary(_ report: RunReport) -> String {
        let failedFiles = report.files.filter(\.failed).count
        var out = "\n\(report.files.count) scenario\(report.files.count == 1 ? "" : "s"): \(report.files.count - failedFiles) passed, \(failedFiles) failed\n"
        out += "steps: \(report.count(.passed)) passed, \(report.count(.failed) + report.count(.error)) failed, \(report.count(.skipped)) skipped\n"
        for file in report.files where !file.snapshotsWritten.isEmpty {
            out += file.snapshotsWritten.map { "wrote \($0)\n" }.joined()
        }
        return out
    }
}
