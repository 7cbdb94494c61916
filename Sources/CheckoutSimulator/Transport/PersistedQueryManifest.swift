import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimScenarios
import CheckoutSimSupport

/// Apollo's persisted-query manifest (docs/apollo.md#manifests):
/// `{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id", "body", "name", "type"}]}`.
package enum PersistedQueryManifest {
    static let format = "apollo-persisted-query-manifest"

    /// Reads a manifest and checks each body against `schema`. Problems are
    /// `FILE:LINE:COLUMN: message` for JSON that does not parse, else `FILE: $.operations[i].field: message`
    /// (a body's GraphQL errors add their line and column within the body).
    static func parse(_ text: String, file: String, simulator: Simulator) -> Result<PersistedQueries.Manifest, ManifestProblems> {
        func problem(_ message: String) -> Diagnostic { Diagnostic(file: file, line: 0, column: 0, message: message, excerpt: "") }
        let json: JSON
        do {
            json = try JSONParser.parse(text)
        } catch {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let lineText = lines.indices.contains(error.line - 1) ? String(lines[error.line - 1]) : ""
            return .failure(ManifestProblems(diagnostics: [
                Diagnostic(file: file, line: error.line, column: error.column, message: error.message, lineText: lineText),
            ]))
        }
        guard case .object(let root) = json else { return .failure(ManifestProblems(diagnostics: [problem("$: expected an object")])) }
        var problems: [Diagnostic] = []
        if root["format"]?.stringValue != format { problems.append(problem(#"$.format: expected "\#(format)""#)) }
        if root["version"] != .int(1) { problems.append(problem("$.version: expected 1")) }
        guard case .array(let operations)? = root["operations"] else {
            problems.append(problem("$.operations: expected an array of {id, body, name, type}"))
            return .failure(ManifestProblems(diagnostics: problems))
        }
        var manifest = PersistedQueries.Manifest()
        for (index, item) in operations.enumerated() {
            let path = "$.operations[\(index)]"
            guard case .object(let operation) = item else {
                problems.append(problem("\(path): expected an object with id, body, name and type"))
                continue
            }
            guard let id = operation["id"]?.stringValue, !id.isEmpty else {
                problems.append(problem("\(path).id: expected a non-empty string"))
                continue
            }
            guard let body = operation["body"]?.stringValue else {
                problems.append(problem("\(path).body: expected the operation's text"))
                continue
            }
            if let type = operation["type"]?.stringValue, !["query", "mutation", "subscription"].contains(type) {
                problems.append(problem("\(path).type: expected query, mutation or subscription, found \"\(type)\""))
            }
            if manifest.documents[id] != nil {
                problems.append(problem("\(path).id: \"\(id)\" is already the id of an earlier operation"))
            }
            // An app's manifest holds the operations of the dialect it speaks: one that is a valid
            // Storefront operation, in any API version (an app pins one), is as known as a native
            // one (docs/storefront.md#the-endpoint). Older versions' schemas are built only when
            // the newest refuses the operation.
            let native = simulator.prepare(body)
            let storefront = native.errors.isEmpty ? nil : StorefrontAPIVersion.allCases.reversed().lazy
                .map { simulator.prepare(body, dialect: .storefront, version: $0) }.first { $0.errors.isEmpty }
                ?? simulator.prepare(body, dialect: .storefront)
            for error in storefront?.errors.isEmpty == true ? [] : native.errors {
                let at = error.locations.first.map { " \($0.line):\($0.column):" } ?? ""
                problems.append(problem("\(path).body:\(at) \(error.message)"))
            }
            manifest.documents[id] = body
        }
        return problems.isEmpty ? .success(manifest) : .failure(ManifestProblems(diagnostics: problems))
    }

    /// The bundled operations as a manifest: each body composed as Apollo's tooling composes it,
    /// its id the SHA-256 of the body, in the operation files' order.
    package static func bundled(simulator: Simulator) -> String {
        let library = (try? simulator.bundledOperations.get()) ?? .empty
        let operations = library.names.compactMap { name -> JSON? in
            guard let body = library.documents[name] else { return nil }
            let type = simulator.prepare(body).operation(named: name)?.kind.rawValue ?? "query"
            return .object(JSONObject([("id", .string(SHA256.hex(body))), ("body", .string(body)), ("name", .string(name)), ("type", .string(type))]))
        }
        return JSON.object(JSONObject([("format", .string(format)), ("version", .int(1)), ("operations", .array(operations))])).serialized(pretty: true)
    }
}

/// Every problem a manifest has; the server does not start while there is one.
package struct ManifestProblems: Error, Sendable, CustomStringConvertible {
    package let diagnostics: [Diagnostic]
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension Simulator {
    /// Loads a persisted-query manifest: its ids are known hashes from now on, and with
    /// `onlyPersisted` only its documents run (`serve --persisted-queries FILE --only-persisted`).
    package func usePersistedQueries(_ text: String, file: String, onlyPersisted: Bool) -> Result<Void, ManifestProblems> {
        PersistedQueryManifest.parse(text, file: file, simulator: self).map { manifest in
            var manifest = manifest
            manifest.onlyPersisted = onlyPersisted
            persistedQueries.use(manifest)
        }
    }
}
