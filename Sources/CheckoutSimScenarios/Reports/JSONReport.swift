import CheckoutSimGraphQL

/// The `--json` report: files, steps, statuses and failures, in run order.
package enum JSONReport {
    /// The report as JSON: a summary, then every file and step.
    package static func json(_ report: RunReport) -> JSON {
        let files: [JSON] = report.files.map { file in
            let steps: [JSON] = file.steps.map { step in
                var object = JSONObject([("index", .int(step.index)), ("name", .string(step.name)), ("line", .int(step.line)),
                                         ("status", .string(step.status.rawValue)), ("sends", .int(step.rounds.count))])
                let http = step.rounds.compactMap(\.http)
                if !http.isEmpty {
                    object.append("http", .array(http.map { outcome in
                        var fields = JSONObject([("status", outcome.status.map(JSON.int) ?? .null), ("latencyMs", .int(outcome.latencyMilliseconds))])
                        // Only what a network fault did: a report without faults keeps its shape.
                        if let rate = outcome.bytesPerSecond { fields.append("bytesPerSecond", .int(rate)) }
                        if outcome.truncated { fields.append("truncated", .bool(true)) }
                        if outcome.unreadable { fields.append("unreadable", .bool(true)) }
                        return .object(fields)
                    }))
                }
                if let failure = step.failure {
                    object.append("failure", .object(JSONObject([
                        ("message", .string(failure.message)), ("line", .int(failure.diagnostic.line)), ("column", .int(failure.diagnostic.column)),
                    ])))
                }
                return .object(object)
            }
            return .object(JSONObject([
                ("file", .string(file.file)), ("scenario", .string(file.scenario)), ("tags", .array(file.tags.map { .string($0) })),
                ("passed", .bool(!file.failed)), ("steps", .array(steps)),
            ]))
        }
        return .object(JSONObject([
            ("passed", .bool(report.passed)),
            ("summary", .object(JSONObject([
                ("files", .int(report.files.count)), ("passed", .int(report.count(.passed))), ("failed", .int(report.count(.failed))),
                ("errors", .int(report.count(.error))), ("skipped", .int(report.count(.skipped))),
            ]))),
            ("files", .array(files)),
        ]))
    }
}
