import CheckoutSimGraphQL

/// The named operations of an `Operations/` folder: all its `.graphql` files form one document.
public struct OperationLibrary: Sendable {
    /// Operation name → a document holding that operation and the fragments it needs.
    public let documents: [String: String]
    /// The operation names, in document order.
    public let names: [String]

    /// A library without operations.
    public static let empty = OperationLibrary(documents: [:], names: [])

    /// Parses and validates `files` (path, text) against `schema`; every problem is reported.
    public static func load(_ files: [(path: String, text: String)], schema: Schema) -> Result<OperationLibrary, ScenarioLoadError> {
        var diagnostics: [Diagnostic] = []
        var combined = ""
        var starts: [(path: String, line: Int, text: String)] = []
        var line = 1
        for file in files {
            starts.append((file.path, line, file.text))
            combined += file.text
            if !file.text.hasSuffix("\n") { combined += "\n" }
            line += file.text.split(separator: "\n", omittingEmptySubsequences: false).count - (file.text.hasSuffix("\n") ? 1 : 0)
        }
        func diagnostic(_ error: GraphQLError) -> Diagnostic {
            let location = error.locations.first ?? SourceLocation(line: 1, column: 1)
            let owner = starts.last { $0.line <= location.line } ?? (starts.first?.path ?? "Operations", 1, "")
            let localLine = location.line - owner.line + 1
            let lineText = owner.text.split(separator: "\n", omittingEmptySubsequences: false)
            let text = lineText.indices.contains(localLine - 1) ? String(lineText[localLine - 1]) : ""
            return Diagnostic(file: owner.path, line: localLine, column: location.column, message: error.message, lineText: text)
        }
        guard !combined.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .success(.empty) }
        let document: Document
        do {
            document = try Parser.parse(combined)
        } catch {
            return .failure(ScenarioLoadError(diagnostics: [diagnostic(error)]))
        }
        for operation in document.operations where operation.name == nil {
            diagnostics.append(diagnostic(GraphQLError(
                "Operations in an Operations folder must be named, so that scenarios can send them.",
                locations: [document.location(operation.offset)], code: .validationFailed)))
        }
        var seen: [String: Int] = [:]
        for operation in document.operations {
            guard let name = operation.name else { continue }
            if let first = seen[name.value] {
                let firstLocation = document.location(first)
                let earlier = diagnostic(GraphQLError("", locations: [firstLocation], code: .validationFailed))
                diagnostics.append(diagnostic(GraphQLError(
                    "Duplicate operation name \"\(name.value)\"; it is already defined at \(earlier.file):\(earlier.line).",
                    locations: [document.location(name.offset)], code: .validationFailed)))
            }
            seen[name.value] = name.offset
        }
        diagnostics += Validator.validate(document, schema: schema)
            .filter { !$0.message.hasPrefix("There can be only one operation named") && !$0.message.hasPrefix("This anonymous operation") }
            .map(diagnostic)
        guard diagnostics.isEmpty else { return .failure(ScenarioLoadError(diagnostics: diagnostics)) }

        let bytes = document.source
        var ends: [Int] = document.order.map { $0.isFragment ? document.fragments[$0.index].offset : document.operations[$0.index].offset }
        ends.append(bytes.count)
        func text(startingAt offset: Int) -> String {
            let end = ends.first { $0 > offset } ?? bytes.count
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }
        var documents: [String: String] = [:]
        var names: [String] = []
        for operation in document.operations {
            guard let name = operation.name?.value else { continue }
            var spreads: [Validator.SpreadRef] = []
            var pending = [operation.selectionSet]
            var fragments: [String] = []
            while let set = pending.popLast() {
                spreads.removeAll()
                Validator.collectSpreads(set, into: &spreads)
                for spread in spreads where !fragments.contains(spread.name) {
                    fragments.append(spread.name)
                    if let fragment = document.fragment(named: spread.name) { pending.append(fragment.selectionSet) }
                }
            }
            var source = text(startingAt: operation.offset)
            for fragment in fragments.compactMap({ document.fragment(named: $0) }) {
                source += "\n" + text(startingAt: fragment.offset)
            }
            documents[name] = source
            names.append(name)
        }
        return .success(OperationLibrary(documents: documents, names: names))
    }
}
