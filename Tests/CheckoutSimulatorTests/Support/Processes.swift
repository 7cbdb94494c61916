import CheckoutSimSupport
import CheckoutSimCommerce
import ChildProcesses
import Foundation

/// Runs helper programs for tests: the built `checkout-sim` and python3 with graphql-core.
enum Processes {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The `checkout-sim` binary built beside the test bundle.
    static var checkoutSim: URL? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [beside, beside.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = folder.appendingPathComponent("checkout-sim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// A child that outlived its deadline: it was killed, and the test fails instead of hanging CI.
    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        let seconds: Double
        var description: String { "checkout-sim \(arguments.joined(separator: " ")) did not exit within \(seconds) s; killed" }
    }

    /// Runs a program to its end, feeding `input` and collecting both outputs; kills it past `timeout`.
    ///
    /// Both pipes are drained on their own threads, so a child that fills stderr before closing
    /// stdout cannot deadlock the test. `environment` adds to (or overrides) the test's own.
    static func run(_ executable: URL, _ arguments: [String], input: String = "", in folder: URL? = nil,
                    environment: [String: String] = [:], timeout: Double = 60) throws -> Result {
        _ = ignoreBrokenPipes
        let process = try ChildProcess(executable, arguments, environment: environment, in: folder,
                                       standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
        guard let stdin = process.input, let stdout = process.output, let stderr = process.errors else {
            throw ChildProcess.LaunchFailure(description: "no pipes")
        }
        let outputs = Locked((out: Data(), err: Data()))
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let data = stdout.readDataToEndOfFile()
            outputs.withLock { $0.out = data }
        }
        DispatchQueue.global().async(group: group) {
            let data = stderr.readDataToEndOfFile()
            outputs.withLock { $0.err = data }
        }
        DispatchQueue.global().async {
            // A child that exits without reading its input is the test's to judge, not a trap.
            try? stdin.write(contentsOf: Data(input.utf8))
            try? stdin.close()
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.signal(SIGKILL)
            process.waitUntilExit()
            throw TimedOut(arguments: arguments, seconds: timeout)
        }
        let status = process.waitUntilExit().status
        let (out, err) = outputs.withLock { ($0.out, $0.err) }
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// `run`, waited for off the test's thread: for async tests whose child mostly waits (a slow
    /// client), so the wait does not hold one of the few threads every test shares.
    static func runDetached(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await offPool { try run(executable, arguments, environment: environment) }
    }

    /// `body`, run on a thread of its own: for blocking waits (a socket read through an injected
    /// latency) that would otherwise hold one of the two task-pool threads every test shares.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try body() })
            }
        }
    }

    /// A child that exits (or is killed) before reading all its input must fail a test, not
    /// end the test process with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// True when python3 has graphql-core 3.2.8 (the pinned reference); otherwise says loudly
    /// that the tests needing it are skipped.
    static var graphQLCoreAvailable: Bool {
        let check = "import graphql, sys; sys.exit(graphql.__version__ != '3.2.8')"
        if let result = try? run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", check]), result.status == 0 { return true }
        FileHandle.standardError.write(Data(
            "SKIPPING graphql-core schema checks: python3 with graphql-core 3.2.8 not found (pip install graphql-core==3.2.8; .ci/run installs it)\n".utf8))
        return false
    }
}
