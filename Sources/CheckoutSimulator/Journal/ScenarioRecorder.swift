import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimSupport

/// Writes journal entries as the `.scenario` file that replays them (docs/journal.md, "Recording").
///
/// One step per request, in order: `session` and `advance` lines where the session or the clock
/// changed, `lever` lines for the levers pulled since the request before, a `network` line before a request that met a fault (and `network online` after an
/// outage), `send NAME {…}` for a bundled
/// operation's text (else the document inline), values an earlier response gave (cursors; order,
/// payment, card and new product ids) as `capture` on the step that got them and `{{name}}` where
/// they are used, the status and error codes it got as `expect` lines, and `snapshot`.
struct ScenarioRecorder {
    let entries: [Simulator.JournalEntry]
    /// The levers pulled, each after the entry it followed: written before the next request's send.
    var levers: [(after: Int, lever: Lever)] = []
    /// Bundled operation texts by name.
    let operations: [String: String]
    let seed: UInt64
    let start: Instant

    /// A value a later request took from an earlier response: who gave it, where, and its name.
    private struct Capture {
        let name: String
        let producer: Int
        let path: String
    }

    func scenario(named name: String) -> String {
        let captures = findCaptures()
        var out = "scenario \"\(Self.clean(name))\"\nseed \(seed)\nnow \(start.iso8601)\n"
        var session = "default"
        var clock = start
        var nextLever = 0
        for (index, entry) in entries.enumerated() {
            var lines: [String] = []
            while nextLever < levers.count, levers[nextLever].after < entry.seq {
                lines.append(levers[nextLever].lever.scenarioLine)
                nextLever += 1
            }
            if entry.session != session {
                lines.append("session \(Self.sessionName(entry.session))")
                session = entry.session
            }
            if entry.at > clock {
                lines.append("advance \(entry.at.seconds - clock.seconds)s")
                clock = entry.at
            }
            switch entry.faultMet {
            case .offline?: lines.append("network offline")
            case .network(let kind)?: lines.append("network \(NetworkFault(kind).summary) x1")
            case nil: break
            }
            // Only values captured on an earlier step are substituted: a step that sent a value
            // before any response gave it writes it as it is.
            let variables = Self.variablesText(entry.variables, captures: captures.byValue.compactMapValues { $0.producer < index ? $0.name : nil })
            // A library operation's text ends at its last definition; a file or client may add a newline.
            if let name = entry.operationName, let known = operations[name], entry.query.utf8.starts(with: known.utf8),
               entry.query.utf8.dropFirst(known.utf8.count).allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                lines.append("send \(name) \(variables)")
            } else {
                lines.append("send \(variables)")
                lines.append("```graphql")
                lines += entry.query.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
                lines.append("```")
            }
            switch entry.faultMet {
            case .offline?:
                lines.append("expect offline")
                lines.append("network online")
            case .network(.drop)?:
                lines.append("expect offline")
            case .network(.truncate)?:
                lines.append("expect truncated")
            case .network(.garbage)?:
                lines.append("expect unreadable")
            default:
                if entry.status != 200 { lines.append("expect status \(entry.status)") }
                if entry.faultMet?.ran ?? true || entry.status == 200 {
                    var seen = Set<String>()
                    for code in entry.errorCodes where seen.insert(code).inserted {
                        lines.append("expect error \(code)")
                    }
                }
                for capture in captures.all where capture.producer == index {
                    lines.append("capture \(capture.name) = \(capture.path)")
                }
                lines.append("snapshot")
            }
            out += "\nstep \"\(title(entry, index: index))\"\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// `AddToCart pixel-8 ×2`: the operation and its key variables (top-level strings, a quantity).
    private func title(_ entry: Simulator.JournalEntry, index: Int) -> String {
        var words = [entry.operationName ?? "Request \(index + 1)"]
        for (key, value) in zip(entry.variables.keys, entry.variables.values) {
            switch value {
            case .string(let text) where text.utf8.count <= 40 && !Self.isCapturable(text): words.append(text)
            case .int(let number) where key == "quantity" || key == "n": words.append("×\(number)")
            default: break
            }
        }
        return Self.clean(String(words.joined(separator: " ").prefix(80)))
    }

    /// The values later requests sent that an earlier response had, each named once.
    private func findCaptures() -> (all: [Capture], byValue: [String: Capture]) {
        var parsed: [Int: JSON] = [:]
        var byValue: [String: Capture] = [:]
        var all: [Capture] = []
        var counts: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            for value in Self.strings(in: .object(entry.variables)) where byValue[value] == nil {
                guard let base = Self.captureBase(value) else { continue }
                for producer in stride(from: index - 1, through: 0, by: -1) {
                    if parsed[producer] == nil { parsed[producer] = (try? JSONParser.parse(entries[producer].response)) ?? .null }
                    guard let path = Self.path(of: value, in: parsed[producer] ?? .null, at: "$") else { continue }
                    counts[base, default: 0] += 1
                    let name = counts[base] == 1 && base != "cursor" ? base : base + String(counts[base] ?? 1)
                    let capture = Capture(name: name, producer: producer, path: path)
                    byValue[value] = capture
                    all.append(capture)
                    break
                }
            }
        }
        return (all, byValue)
    }

    /// The simulator's own ids by prefix, and the capture name each gets.
    private static let idNames = [("order-", "orderId"), ("pay-", "paymentId"), ("card-", "cardId"), ("new-", "productId")]

    /// The capture name for `value`: `cursor` for a cursor (base64 text of a `v1|…` key), the
    /// id's name for the simulator's own ids; nil for anything else (product ids from fixtures
    /// are written as they are).
    private static func captureBase(_ value: String) -> String? {
        if value.hasPrefix("djF8") { return "cursor" }
        for (prefix, name) in idNames where value.hasPrefix(prefix) {
            let digits = value.dropFirst(prefix.count)
            if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) { return name }
        }
        return nil
    }

    private static func isCapturable(_ value: String) -> Bool {
        captureBase(value) != nil
    }

    /// The first path at which `value` stands as a string in `json`, written as a scenario path.
    private static func path(of value: String, in json: JSON, at path: String) -> String? {
        switch json {
        case .string(let text): return text == value ? path : nil
        case .object(let object):
            for (key, member) in zip(object.keys, object.values) {
                if let found = Self.path(of: value, in: member, at: path + "." + key) { return found }
            }
            return nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = Self.path(of: value, in: item, at: path + "[\(index)]") { return found }
            }
            return nil
        default: return nil
        }
    }

    private static func strings(in json: JSON) -> [String] {
        switch json {
        case .string(let text): return [text]
        case .object(let object): return object.values.flatMap(strings(in:))
        case .array(let items): return items.flatMap(strings(in:))
        default: return []
        }
    }

    /// The variables as compact JSON, a captured value written as `{{name}}` in its place.
    private static func variablesText(_ variables: JSONObject, captures: [String: String]) -> String {
        func write(_ value: JSON) -> String {
            switch value {
            case .string(let text): return captures[text].map { "{{\($0)}}" } ?? value.serialized()
            case .object(let object):
                return "{" + zip(object.keys, object.values).map { JSON.string($0).serialized() + ":" + write($1) }.joined(separator: ",") + "}"
            case .array(let items): return "[" + items.map(write).joined(separator: ",") + "]"
            default: return value.serialized()
            }
        }
        return write(.object(variables))
    }

    /// A session name as a `session` line takes it.
    private static func sessionName(_ name: String) -> String {
        clean(name).replacingOccurrences(of: " ", with: "-")
    }

    /// Text safe inside a scenario's quotes and on one line.
    private static func clean(_ text: String) -> String {
        String(text.map { $0 == "\"" || $0.isNewline ? " " : $0 })
    }
}

extension Simulator {
    /// The journal's entries that `filter` matches, written as a scenario that replays them
    /// (docs/journal.md, "Recording").
    public func recordedScenario(name: String = "Recorded journey", matching filter: RequestFilter = RequestFilter()) -> String {
        let library = (try? OperationLibrary.load(BundledOperations.files, schema: schema, origin: .bundled).get()) ?? .empty
        let operations = library.documents.merging(recordingOperations.withLock { $0 }) { _, own in own }
        var recorder = ScenarioRecorder(entries: requests(matching: filter), operations: operations, seed: startSeed, start: startClock)
        recorder.levers = journal.withLock { $0.levers }
        return recorder.scenario(named: name)
    }
}
