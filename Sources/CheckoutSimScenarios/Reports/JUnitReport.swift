/// JUnit XML: one `<testsuite>` per scenario file, one `<testcase>` per step. No timestamps, so
/// the same run always writes the same bytes.
package enum JUnitReport {
    /// The report as JUnit XML.
    package static func xml(_ report: RunReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = report.files.reduce(0) { $0 + $1.steps.count }
        out += "<testsuites name=\"checkout-sim\" tests=\"\(total)\" failures=\"\(report.count(.failed))\" errors=\"\(report.count(.error))\" skipped=\"\(report.count(.skipped))\">\n"
        for file in report.files {
            out += "  <testsuite name=\"\(escape(file.scenario))\" file=\"\(escape(file.file))\" tests=\"\(file.steps.count)\" "
            out += "failures=\"\(file.count(.failed))\" errors=\"\(file.count(.error))\" skipped=\"\(file.count(.skipped))\">\n"
            for step in file.steps {
                let name = "\(step.index < 10 ? "0" : "")\(step.index) \(step.name)"
                out += "    <testcase name=\"\(escape(name))\" classname=\"\(escape(file.file))\""
                switch step.status {
                case .passed:
                    out += "/>\n"
                case .skipped:
                    out += ">\n      <skipped/>\n    </testcase>\n"
                case .failed, .error:
                    let tag = step.status == .failed ? "failure" : "error"
                    let failure = step.failure
                    out += ">\n      <\(tag) message=\"\(escape(failure?.message ?? ""))\">\(escape(failure?.diagnostic.description ?? ""))</\(tag)>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
