import ChildProcesses
import Foundation
#if os(Linux)
import XCTest

/// An XCTest case with what a CI script does before the UI tests run: a server for the class,
/// its address in `CHECKOUT_SIM_URL` (the README's XCUITest reads it).
class TestCaseWithServer: XCTestCase {
    nonisolated(unsafe) static var server: ServerProcess?

    override class func setUp() {
        super.setUp()
        server = try? ServerProcess()
        if let server { setenv("CHECKOUT_SIM_URL", server.baseURL.absoluteString, 1) }
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }
}
#endif

/// A `checkout-sim serve --port 0` process, started as a CI script starts it before the UI tests
/// (docs/control-client.md): the tests in this target only talk to it over HTTP.
final class ServerProcess: @unchecked Sendable {
    let process: ChildProcess
    let baseURL: URL

    /// The `checkout-sim` binary built beside this test bundle.
    static var binary: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [beside, beside.deletingLastPathComponent(), root.appendingPathComponent(".build/debug")] {
            let candidate = folder.appendingPathComponent("checkout-sim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    struct NotStarted: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the server and waits for its one `listening on` line.
    init(arguments: [String] = []) throws {
        guard let binary = Self.binary else { throw NotStarted(description: "no checkout-sim binary beside the tests (swift build builds it)") }
        process = try ChildProcess(binary, ["serve", "--port", "0", "--quiet"] + arguments, standardOutput: .pipe, standardError: .null)
        let text = process.readFirstLine()
        guard let range = text.range(of: "http://"), let url = URL(string: String(text[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            process.waitUntilExit()
            throw NotStarted(description: "the server said \(text)")
        }
        baseURL = url.deletingLastPathComponent()
    }

    /// Runs `body` against a fresh server, and always stops it.
    static func with(arguments: [String] = [], _ body: (URL) async throws -> Void) async throws {
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        try await body(server.baseURL)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
