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

    /// The scenario; nil when `stopIf` said to stop (the client left, the server stops). Past
    /// `Simulator.maxListingBytes` it ends at the step before, with a comment saying where the
    /// next export starts (`since`).
    func scenario(named name: String, stopIf shouldStop: () -> Bool = { false }) -> String? {
        let captures = findCaptures()
        var out = "scenario \(NetworkFault.quotedText(name))\nseed \(seed)\nnow \(start.iso8601)\n" + Self.secretsNeeded(captures.needed)
        var session = "default"
        // The dialect later steps speak, as a `dialect` line names it (the version pinned).
        var dialect = "native"
        var clock = start
        var nextLever = 0
        for (index, entry) in entries.enumerated() {
            if index % 64 == 0, shouldStop() { return nil }
            if out.utf8.count > Simulator.maxListingBytes, index > 0 {
                let last = entries[index - 1].seq
                out += "\n# The export stops here, at \(Simulator.maxListingBytes >> 20) MiB: \(entries.count - index) more requests follow; export them with since=\(last).\n"
                break
            }
            var lines: [String] = []
            while nextLever < levers.count, levers[nextLever].after < entry.seq {
                lines.append(levers[nextLever].lever.scenarioLine)
                nextLever += 1
            }
            if entry.persistedRefusal {
                // A scenario sends documents, not hashes: the refusal is noted, not replayed
                // (Apollo's client follows a miss with the document, recorded as the next step).
                out += "\n# request \(index + 1): refused by the persisted-query step (\(entry.errorCodes.first ?? "")); not replayed\n"
                if !lines.isEmpty { out += lines.map { $0 + "\n" }.joined() }
                continue
            }
            if entry.dialect == .customerAccount {
                // Its customer is the access token's, which a scenario cannot hold: noted, not replayed
                // (docs/customers.md#customer-accounts).
                out += "\n# request \(index + 1): a Customer Account API request (\(entry.operationName ?? "anonymous")); not replayed\n"
                if !lines.isEmpty { out += lines.map { $0 + "\n" }.joined() }
                continue
            }
            if entry.session != session {
                lines.append("session \(NetworkFault.word(entry.session))")
                session = entry.session
            }
            let spoken = entry.apiVersion.map { "storefront \($0.rawValue)" } ?? entry.dialect.rawValue
            if spoken != dialect {
                lines.append("dialect \(spoken)")
                dialect = spoken
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
            var secrets: [String: String] = [:]
            for place in entry.secretPlaces where place.part == .variables { secrets[place.path] = place.label }
            let variables = Self.variablesText(entry.variables, secrets: secrets) {
                captures.byValue[$0].flatMap { $0.producer < index ? $0.name : nil }
            }
            // A library operation's text ends at its last definition; a file or client may add a newline.
            // The operations library is the native schema's: a Storefront document is written inline.
            if entry.dialect == .native, let name = entry.operationName, let known = operations[name], entry.query.utf8.starts(with: known.utf8),
               entry.query.utf8.dropFirst(known.utf8.count).allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                lines.append("send \(name) \(variables)")
            } else {
                // The operation the request named is named again (a document of several operations).
                lines.append("send " + (entry.requestedOperation.map { NetworkFault.word($0) + " " } ?? "") + variables)
                lines += Self.fenced(entry.query)
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
                        // A payload error whose code the app did not select has no code to expect.
                        if NetworkFault.isErrorCode(code) {
                            lines.append("expect error \(code)")
                        } else {
                            lines.append("# a payload error without a selected code: select errors { code } to expect it")
                        }
                    }
                }
                for capture in captures.all where capture.producer == index {
                    lines.append("capture \(capture.name) = \(capture.path)")
                }
                // A response that gave a token is not snapshotted: the snapshot would keep it.
                if !entry.secretPlaces.contains(where: { $0.part == .response }) { lines.append("snapshot") }
            }
            out += "\nstep \(NetworkFault.quotedText(title(entry, index: index)))\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// A document between fence lines of backticks: three, or more when a line of the document is
    /// itself a fence of that length (a block string may hold one), so the document cannot close
    /// its own fence.
    private static func fenced(_ document: String) -> [String] {
        let body = document.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // Measured as the parser reads a fence: after trimming the same white space (NBSP too).
        let longest = body.map { $0.trimmingCharacters(in: .whitespaces).prefix { $0 == "`" }.count }.max() ?? 0
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [fence + "graphql"] + body + [fence]
    }

    /// `AddToCart pixel-8 ×2`: the operation and its key variables (top-level strings, a quantity).
    private func title(_ entry: Simulator.JournalEntry, index: Int) -> String {
        var words = [entry.operationName ?? "Request \(index + 1)"]
        for (key, value) in zip(entry.variables.keys, entry.variables.values) {
            switch value {
            case .string(let text) where text.utf8.count <= 40 && !Self.isCapturable(text) && text != SecretRedaction.redacted: words.append(text)
            case .int(let number) where key == "quantity" || key == "n": words.append("×\(number)")
            default: break
            }
        }
        return String(words.joined(separator: " ").prefix(80))
    }

    /// The values later requests sent that an earlier response had, each named once.
    ///
    /// Each response is read once, as the walk passes it: its capture-like strings (the only ones
    /// a later request can be said to take from it) go into an index, a newer response's path
    /// replacing an older one's, so finding a value's producer is one lookup — the export is
    /// linear in the journal, however many values are never found.
    private func findCaptures() -> (all: [Capture], byValue: [String: Capture], needed: [NeededSecret]) {
        var produced: [String: (producer: Int, path: String)] = [:]
        var byValue: [String: Capture] = [:]
        var all: [Capture] = []
        var counts: [String: Int] = [:]
        // Each token a response gave, by label; each secret a request sent that none gave.
        var producedSecrets: [String: (producer: Int, path: String)] = [:]
        var labelsSeen = Set<String>()
        var needed: [NeededSecret] = []
        for (index, entry) in entries.enumerated() {
            for place in entry.secretPlaces where place.part == .variables && labelsSeen.insert(place.label).inserted {
                if let found = producedSecrets[place.label] {
                    all.append(Capture(name: place.label, producer: found.producer, path: found.path))
                } else {
                    needed.append(NeededSecret(label: place.label, kind: place.kind, step: index + 1))
                }
            }
            for place in entry.secretPlaces where place.part == .response && place.kind == .token && producedSecrets[place.label] == nil {
                producedSecrets[place.label] = (index, place.path)
            }
            for value in Self.strings(in: .object(entry.variables)) where byValue[value] == nil {
                guard let base = Self.captureBase(value), let found = produced[value] else { continue }
                counts[base, default: 0] += 1
                let name = counts[base] == 1 && base != "cursor" ? base : base + String(counts[base] ?? 1)
                let capture = Capture(name: name, producer: found.producer, path: found.path)
                byValue[value] = capture
                all.append(capture)
            }
            if !entry.response.isEmpty, let response = try? JSONParser.parse(entry.response) {
                Self.capturable(in: response, at: "$", producer: index, into: &produced)
            }
        }
        return (all, byValue, needed)
    }

    /// A secret a request sent that no earlier response of the recording gave: a replay is given
    /// it with `--var` (docs/journal.md#secrets).
    private struct NeededSecret {
        let label: String
        let kind: CustomerSecret.Kind
        let step: Int
    }

    /// The header comment naming each secret a replay must be given; empty when none.
    private static func secretsNeeded(_ needed: [NeededSecret]) -> String {
        guard !needed.isEmpty else { return "" }
        var lines = ["# The journal keeps no password or token: give a replay each one this journey sent with --var,"]
        lines.append("# as in: checkout-sim run FILE " + needed.map { "--var \($0.label)=…" }.joined(separator: " "))
        for secret in needed {
            let what = secret.kind == .password ? "the password" : "the token (no earlier response gave it)"
            lines.append("#   \(secret.label): \(what) sent at step \(secret.step)")
        }
        return lines.joined(separator: "\n") + "\n"
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

    /// Indexes every capture-like string in `json`, the response of entry `producer`, at the
    /// first path it stands at there (a scenario path), replacing what an older response gave.
    private static func capturable(
        in json: JSON, at path: String, producer: Int, into found: inout [String: (producer: Int, path: String)]
    ) {
        switch json {
        case .string(let text):
            if found[text]?.producer != producer, isCapturable(text) { found[text] = (producer, path) }
        case .object(let object):
            for (key, member) in zip(object.keys, object.values) { capturable(in: member, at: path + "." + key, producer: producer, into: &found) }
        case .array(let items):
            for (index, item) in items.enumerated() { capturable(in: item, at: path + "[\(index)]", producer: producer, into: &found) }
        default: break
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

    /// The variables as compact JSON, a captured value written as `{{name}}` in its place. Strings
    /// are written with every control character and line separator escaped, and one that holds
    /// `{{` has every `{` written `\\u007B`, so a replay reads the text, not a placeholder.
    private static func variablesText(_ variables: JSONObject, secrets: [String: String], capture: (String) -> String?) -> String {
        func text(_ string: String) -> String {
            let written = NetworkFault.quotedText(string)
            return written.contains("{{") ? written.replacingOccurrences(of: "{", with: "\\u007B") : written
        }
        // A hidden secret is written as the placeholder of its label, found by its path.
        func write(_ value: JSON, at path: String) -> String {
            switch value {
            case .string(let string):
                if let label = secrets.isEmpty ? nil : secrets[path] { return "\"{{\(label)}}\"" }
                return capture(string).map { "{{\($0)}}" } ?? text(string)
            case .object(let object):
                return "{" + zip(object.keys, object.values).map { text($0) + ":" + write($1, at: path + "." + $0) }.joined(separator: ",") + "}"
            case .array(let items): return "[" + items.enumerated().map { write($1, at: path + "[\($0)]") }.joined(separator: ",") + "]"
            default: return value.serialized()
            }
        }
        return write(.object(variables), at: "$")
    }
}

extension Simulator {
    /// The journal's entries that `filter` matches, written as a scenario that replays them
    /// (docs/journal.md, "Recording").
    public func recordedScenario(name: String = "Recorded journey", matching filter: RequestFilter = RequestFilter()) -> String {
        recordedScenario(name: name, matching: filter, stopIf: { false }) ?? ""
    }

    /// The recording, or nil when `shouldStop` says to stop (its client has gone).
    func recordedScenario(name: String, matching filter: RequestFilter, stopIf shouldStop: () -> Bool) -> String? {
        let library = (try? bundledOperations.get()) ?? .empty
        let operations = library.documents.merging(recordingOperations.withLock { $0 }) { _, own in own }
        var recorder = ScenarioRecorder(entries: requests(matching: filter), operations: operations, seed: startSeed, start: startClock)
        recorder.levers = journal.withLock { $0.levers }
        return recorder.scenario(named: name, stopIf: shouldStop)
    }
}
