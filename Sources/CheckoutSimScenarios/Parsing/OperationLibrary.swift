import CheckoutSimGraphQL

/// The named operations of an `Operations/` folder: all its `.graphql` files form one document.
package struct OperationLibrary: Sendable {
    /// Where a library's operations come from, named in "unknown operation" hints.
    package enum Origin: Sendable, Equatable {
        /// A scenario's own `Operations/` folder, at this path.
        case folder(String)
        /// The operations compiled into checkout-sim (used when a scenario has no folder).
        case bundled
        /// Operations given in code, as the tests do.
        case given
        /// A folder whose operations failed to load; its problems are reported already, so
        /// scenarios are not also told that its operations are unknown.
        case broken

        var hint: String {
            switch self {
            case .folder(let path): "operations come from the .graphql files in \(path)"
            case .bundled: "operations come from checkout-sim's bundled set (an Operations folder beside the scenario replaces it)"
            case .given: "operations come from the library given to the parser"
            case .broken: "the Operations folder did not load"
            }
        }
    }

    /// Operation name → a document holding that operation and the fragments it needs.
    package let documents: [String: String]
    /// The operation names, in document order.
    package let names: [String]
    /// Bundled operations these fixtures cannot run (say, a `Home` query over a fixture folder
    /// without `collections/`), each with the first reason. Sending one is a load error.
    package let unavailable: [String: String]
    /// Where the operations were looked for.
    package let origin: Origin

    /// A library without operations.
    package static let empty = OperationLibrary(documents: [:], names: [], unavailable: [:], origin: .given)
    /// Stands for a folder whose operations failed to load.
    package static let broken = OperationLibrary(documents: [:], names: [], unavailable: [:], origin: .broken)

    /// Parses and validates `files` (path, text) against `schema`; every problem is reported.
    ///
    /// A folder's operations must all be valid. The bundled ones are written for the bundled
    /// fixtures, so against another fixture set an operation that does not validate is set aside
    /// in `unavailable` instead of failing every scenario.
    package static func load(
        _ files: [(path: String, text: String)], schema: Schema, origin: Origin = .given
    ) -> Result<OperationLibrary, ScenarioLoadError> {
        let source = CombinedSource(files)
        guard !source.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return .success(OperationLibrary(documents: [:], names: [], unavailable: [:], origin: origin))
        }
        let document: Document
        do {
            document = try Parser.parse(source.text)
        } catch {
            return .failure(ScenarioLoadError(diagnostics: [source.diagnostic(error)]))
        }
        var diagnostics = namingProblems(document, source)
        if origin != .bundled {
            diagnostics += Validator.validate(document, schema: schema)
                .filter { !$0.message.hasPrefix("There can be only one operation named") && !$0.message.hasPrefix("This anonymous operation") }
                .map(source.diagnostic)
        }
        guard diagnostics.isEmpty else { return .failure(ScenarioLoadError(diagnostics: diagnostics)) }

        var documents: [String: String] = [:]
        var names: [String] = []
        var unavailable: [String: String] = [:]
        for (name, text) in operationDocuments(document) {
            if origin == .bundled, let error = GraphQLEngine.prepare(text, schema: schema).errors.first {
                unavailable[name] = error.message
                continue
            }
            documents[name] = text
            names.append(name)
        }
        return .success(OperationLibrary(documents: documents, names: names, unavailable: unavailable, origin: origin))
    }

    /// Unnamed operations and names used twice (the earlier place named by file and line).
    private static func namingProblems(_ document: Document, _ source: CombinedSource) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for operation in document.operations where operation.name == nil {
            problems.append(source.diagnostic(GraphQLError(
                "Operations in an Operations folder must be named, so that scenarios can send them.",
                locations: [document.location(operation.offset)], code: .validationFailed)))
        }
        var seen: [String: Int] = [:]
        for operation in document.operations {
            guard let name = operation.name else { continue }
            if let first = seen[name.value] {
                let earlier = source.place(document.location(first))
                problems.append(source.diagnostic(GraphQLError(
                    "Duplicate operation name \"\(name.value)\"; it is already defined at \(earlier.path):\(earlier.line).",
                    locations: [document.location(name.offset)], code: .validationFailed)))
            }
            seen[name.value] = name.offset
        }
        return problems
    }

    /// Each named operation's own document, composed as Apollo's tooling composes an operation's
    /// body for its id (docs/apollo.md#manifests): the operation's definition as written, then
    /// each fragment it reaches, once, in the order first reached (depth first), joined by "\n".
    private static func operationDocuments(_ document: Document) -> [(name: String, text: String)] {
        let bytes = document.source
        var starts: [Int] = document.order.map { $0.isFragment ? document.fragments[$0.index].offset : document.operations[$0.index].offset }
        starts.sort()
        /// A definition's text: from its start to the next one's, less the blank and comment
        /// lines between them.
        func text(startingAt offset: Int) -> String {
            let end = starts.first { $0 > offset } ?? bytes.count
            var lines = String(decoding: bytes[offset..<end], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            while let last = lines.last, last.allSatisfy(\.isWhitespace) || last.drop(while: \.isWhitespace).hasPrefix("#") {
                lines.removeLast()
            }
            return String(lines.joined(separator: "\n").reversed().drop(while: \.isWhitespace).reversed())
        }
        func spreads(of set: SelectionSet) -> [String] {
            var found: [Validator.SpreadRef] = []
            Validator.collectSpreads(set, in: document, into: &found)
            return found.map(\.name)
        }
        var result: [(name: String, text: String)] = []
        for operation in document.operations {
            guard let name = operation.name?.value else { continue }
            // Depth first with a stack of its own: a long chain of fragments cannot exhaust the call stack.
            var fragments: [String] = []
            var stack: [(names: [String], next: Int)] = [(spreads(of: operation.selectionSet), 0)]
            while let top = stack.last {
                guard top.next < top.names.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let name = top.names[top.next]
                guard !fragments.contains(name) else { continue }
                fragments.append(name)
                if let fragment = document.fragment(named: name) { stack.append((spreads(of: fragment.selectionSet), 0)) }
            }
            var source = text(startingAt: operation.offset)
            for fragment in fragments.compactMap({ document.fragment(named: $0) }) {
                source += "\n" + text(startingAt: fragment.offset)
            }
            result.append((name, source))
        }
        return result
    }
}

/// Several `.graphql` files read as one document, with locations mapped back to each file.
private struct CombinedSource {
    let text: String
    private let starts: [(path: String, line: Int, text: String)]

    init(_ files: [(path: String, text: String)]) {
        var combined = ""
        var starts: [(path: String, line: Int, text: String)] = []
        var line = 1
        for file in files {
            starts.append((file.path, line, file.text))
            combined += file.text
            if !file.text.hasSuffix("\n") { combined += "\n" }
            line += file.text.split(separator: "\n", omittingEmptySubsequences: false).count - (file.text.hasSuffix("\n") ? 1 : 0)
        }
        text = combined
        self.starts = starts
    }

    /// The file holding a line of the combined text, that line's number in it, and its text.
    func place(_ location: SourceLocation) -> (path: String, line: Int, lineText: String) {
        let owner = starts.last { $0.line <= location.line } ?? (starts.first?.path ?? "Operations", 1, "")
        let line = location.line - owner.line + 1
        let lines = owner.text.split(separator: "\n", omittingEmptySubsequences: false)
        return (owner.path, line, lines.indices.contains(line - 1) ? String(lines[line - 1]) : "")
    }

    /// The error at its file, line and column, with the line shown.
    func diagnostic(_ error: GraphQLError) -> Diagnostic {
        let location = error.locations.first ?? SourceLocation(line: 1, column: 1)
        let place = place(location)
        return Diagnostic(file: place.path, line: place.line, column: location.column, message: error.message, lineText: place.lineText)
    }
}
