import CheckoutSimSupport
import Foundation
import Testing

/// `.ci/availability` keeps Sources below the Apple floor (docs/swift-api.md). It must pass on the package
/// and fail, naming file, line and floor, on a planted API.
struct AvailabilityScriptTests {
    /// A planted line and the message for it; `@` is removed before use, so the script run over
    /// Tests does not flag this file.
    struct Case: CustomTestStringConvertible, Sendable {
        let line: String
        let message: String
        init(line: String, message: String) {
            self.line = line.replacingOccurrences(of: "@", with: "")
            self.message = message.replacingOccurrences(of: "@", with: "")
        }
        var testDescription: String { line }
    }

    static let planted: [Case] = [
        Case(line: "let lock = Mu@tex(0)", message: "Mu@tex needs macOS 15 / iOS 18 (use Locked)"),
        Case(line: "import Synchro@nization", message: "Synchro@nization needs macOS 15 / iOS 18 (use Locked)"),
        Case(line: "var buffer = Inline@Array<4, Int>(repeating: 0)", message: "Inline@Array needs the Swift 6.2 runtime (macOS 26 / iOS 26)"),
        Case(line: "let id = UU@ID()", message: "random ids break determinism"),
        Case(line: "let price = 12.5.formatted@(.currency(code: \"USD\"))", message: "Foundation formatting depends on the locale (output must be byte-identical)"),
    ]

    static func run(_ arguments: [String]) throws -> Processes.Result {
        try Processes.run(URL(fileURLWithPath: "/usr/bin/env"),
                          ["bash", Processes.packageRoot.appendingPathComponent(".ci/availability").path] + arguments)
    }

    @Test func thePackagePasses() throws {
        let result = try Self.run([Processes.packageRoot.appendingPathComponent("Sources").path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: planted)
    func aPlantedAPIFails(_ testCase: Case) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("availability-\(ProcessInfo.processInfo.processIdentifier)-\(abs(testCase.line.hashValue))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Planted.swift")
        try Data("import Foundation\n// \(testCase.line) in a comment is fine\n\(testCase.line)\n".utf8).write(to: file)
        let result = try Self.run([folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(file.path):3: \(testCase.message)\n    \(testCase.line)\n"), "\(result.stderr)")
    }
}
