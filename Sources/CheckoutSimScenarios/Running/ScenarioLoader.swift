import CheckoutSimSupport
import Foundation
import CheckoutSimGraphQL

/// Finds scenario files, loads the operations beside them, and parses everything up front.
package enum ScenarioLoader {
    /// The `.scenario` files named by `paths` (files, or folders searched one level deep), in path order.
    package static func scenarioFiles(_ paths: [String]) -> Result<[String], ScenarioLoadError> {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                diagnostics.append(Diagnostic(file: path, line: 0, column: 0, message: "no such file or folder", excerpt: ""))
                continue
            }
            if isFolder.boolValue {
                let names = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".scenario") }
                let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
                files += names.sorted { $0.precedesBytewise($1) }.map { folder + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return diagnostics.isEmpty ? .success(files) : .failure(ScenarioLoadError(diagnostics: diagnostics))
    }

    /// Parses every file and every operation folder; all problems are reported together.
    package static func load(
        _ files: [String], schema: Schema, bundledOperations: [(path: String, text: String)], dialects: ScenarioDialects = .none
    ) -> Result<[Scenario], ScenarioLoadError> {
        var libraries: [String: OperationLibrary] = [:]
        var diagnostics: [Diagnostic] = []
        var scenarios: [Scenario] = []
        for file in files {
            let folder = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)]) : "."
            if libraries[folder] == nil {
                let own = operationFiles(in: folder, diagnostics: &diagnostics)
                let origin: OperationLibrary.Origin = own == nil ? .bundled : .folder(folder + "/Operations")
                switch OperationLibrary.load(own ?? bundledOperations, schema: schema, origin: origin) {
                case .success(let library): libraries[folder] = library
                case .failure(let error):
                    diagnostics += error.diagnostics
                    libraries[folder] = .broken
                }
            }
            guard let text = readText(file, diagnostics: &diagnostics) else { continue }
            switch ScenarioParser.parse(file: file, text: text, library: libraries[folder] ?? .empty, schema: schema, dialects: dialects) {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let error): diagnostics += error.diagnostics
            }
        }
        return diagnostics.isEmpty ? .success(scenarios) : .failure(ScenarioLoadError(diagnostics: diagnostics))
    }

    /// The `.graphql` files of `folder/Operations`, or nil when there is no such folder; a file
    /// that is not UTF-8 is reported in `diagnostics` and left out.
    static func operationFiles(in folder: String, diagnostics: inout [Diagnostic]) -> [(path: String, text: String)]? {
        graphQLFiles(in: folder + "/Operations", diagnostics: &diagnostics)
    }

    /// The operations of `folder`'s `.graphql` files (`serve --operations DIR`), checked as a
    /// scenario folder's `Operations/` are; every problem is reported together.
    package static func operations(in folder: String, schema: Schema) -> Result<OperationLibrary, ScenarioLoadError> {
        var diagnostics: [Diagnostic] = []
        guard let files = graphQLFiles(in: folder, diagnostics: &diagnostics) else {
            return .failure(ScenarioLoadError(diagnostics: [
                Diagnostic(file: folder, line: 1, column: 1, message: "is not a folder of .graphql operation files", excerpt: ""),
            ]))
        }
        guard diagnostics.isEmpty else { return .failure(ScenarioLoadError(diagnostics: diagnostics)) }
        return OperationLibrary.load(files, schema: schema, origin: .folder(folder))
    }

    /// The `.graphql` files of `operations` in bytewise name order, or nil when it is not a folder.
    private static func graphQLFiles(in operations: String, diagnostics: inout [Diagnostic]) -> [(path: String, text: String)]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: operations, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: operations)) ?? []).filter { $0.hasSuffix(".graphql") }
        return names.sorted { $0.precedesBytewise($1) }.compactMap { name in
            let path = operations + "/" + name
            return readText(path, diagnostics: &diagnostics).map { (path, $0) }
        }
    }

    /// The file's text, or nil with a diagnostic when it cannot be read or is not UTF-8.
    static func readText(_ path: String, diagnostics: inout [Diagnostic]) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.append(Diagnostic(file: path, line: 1, column: 1, message: "cannot be read", excerpt: ""))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            diagnostics.append(notUTF8(file: path, bytes: Array(data)))
            return nil
        }
        return text
    }

    /// Where the first byte that does not decode as UTF-8 is, with its line shown.
    static func notUTF8(file: String, bytes: [UInt8]) -> Diagnostic {
        let offset = SourceLocation.firstInvalidUTF8Offset(in: bytes)
        let location = SourceLocation.of(offset: offset, in: bytes)
        return Diagnostic(
            file: file, line: location.line, column: location.column,
            message: "expected UTF-8 text, found a byte that does not decode (0x\(String(bytes[min(offset, bytes.count - 1)], radix: 16)))",
            excerpt: location.excerpt(in: bytes))
    }
}
