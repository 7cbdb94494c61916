import Foundation
import CheckoutSimGraphQL

/// Golden snapshots: `__snapshots__/<file-stem>/<NN>-<step-slug>.json` beside the scenario.
extension StepRunner {
    /// `checkout-flow` from `Checkout flow!`: lower case, runs of other characters as one dash.
    static func slug(_ name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "step" : slug
    }

    var snapshotPath: String {
        let folder = scenario.file.contains("/") ? String(scenario.file[..<(scenario.file.lastIndex(of: "/") ?? scenario.file.startIndex)]) : "."
        let number = index < 10 ? "0\(index)" : "\(index)"
        return "\(folder)/__snapshots__/\(scenario.stem)/\(number)-\(Self.slug(step.name)).json"
    }

    /// Compares the response with its snapshot; with `--update`, writes it when missing or different.
    mutating func checkSnapshot(_ response: JSON, position: SourcePosition) -> Diagnostic? {
        let path = snapshotPath
        let text = response.serialized(pretty: true)
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        if existing == text { return nil }
        if update {
            do {
                try FileManager.default.createDirectory(
                    atPath: String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                written.append(path)
                return nil
            } catch {
                return diagnostic(position.line, position.column, "cannot write snapshot \(path): \(error.localizedDescription)")
            }
        }
        guard let existing else {
            return diagnostic(position.line, position.column, "snapshot \(path) does not exist; run with --update to record it")
        }
        let old = (try? JSONParser.parse(existing)) ?? .string(existing)
        var lines = JSONDiff.lines(from: old, to: response)
        if lines.isEmpty { lines = ["(formatting differs)"] }
        let shown = lines.prefix(20).joined(separator: "\n    ") + (lines.count > 20 ? "\n    … and \(lines.count - 20) more" : "")
        return diagnostic(position.line, position.column,
                          "the response differs from snapshot \(path):\n    \(shown)\n  run with --update to accept the new response")
    }
}
