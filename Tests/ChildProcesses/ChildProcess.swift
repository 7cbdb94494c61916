#if os(macOS) || os(Linux)
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A program the tests start (the built `checkout-sim`, python3, node, Chromium), launched with
/// `posix_spawn` directly.
///
/// Not Foundation's `Process`: on Linux its launch lists `/proc/self/fd` and copies each entry's
/// whole 256-byte name field, reading past the directory buffer when an entry sits at its end;
/// the test process crashed in that copy now and then (a `memmove` of names like "1356"), more
/// often the more descriptors a test held open. Here the child closes every descriptor above
/// standard error itself (`closefrom`, or Darwin's close-on-exec default), nothing is listed.
public final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe whose other end the test holds (`input`, `output`, `errors`).
        case pipe
        /// The test process's own stream.
        case inherit
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The exit status, or the signal's number (as Foundation's `terminationStatus`).
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    public struct LaunchFailure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    public let pid: pid_t
    /// The write end of the child's standard input, when it is `.pipe`.
    public let input: FileHandle?
    /// The read end of the child's standard output, when it is `.pipe`.
    public let output: FileHandle?
    /// The read end of the child's standard error, when it is `.pipe`.
    public let errors: FileHandle?

    private let state = NSCondition()
    private var ended: Termination?
    private var reaping = false

    /// Starts `executable` (a path, not looked up on PATH) with `arguments`, in `folder` when
    /// given, with the test process's environment plus `environment`.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
                standardInput: Stream = .null, standardOutput: Stream = .null, standardError: Stream = .inherit) throws {
        var pipes = PipeEnds()
        var launched = false
        defer {
            pipes.closeChildEnds()
            if !launched { pipes.closeParentEnds() }
        }
        let actions = try SpawnActions()
        defer { actions.destroy() }
        let streams = [standardInput, standardOutput, standardError]
        for (descriptor, stream) in streams.enumerated() {
            try actions.route(Int32(descriptor), stream, pipes: &pipes)
        }
        try actions.closeEverythingAboveStandardError()
        if let folder { try actions.changeDirectory(to: folder.path) }

        let attributes = try SpawnAttributes()
        defer { attributes.destroy() }
        let argv = CStrings([executable.path] + arguments)
        defer { argv.free() }
        let envp = CStrings(Self.environment(adding: environment))
        defer { envp.free() }
        var child = pid_t()
        let failed = posix_spawn(&child, executable.path, actions.pointer, attributes.pointer, argv.pointers, envp.pointers)
        guard failed == 0 else {
            throw LaunchFailure(description: "could not start \(executable.path): \(String(cString: strerror(failed)))")
        }
        launched = true
        pid = child
        input = pipes.parentEnd(of: 0)
        output = pipes.parentEnd(of: 1)
        errors = pipes.parentEnd(of: 2)
    }

    /// What the child wrote to its standard output (a `.pipe`) up to and including its first
    /// newline, or all of it when it ends first: a server's "listening on" line. Blocks until then.
    public func readFirstLine() -> String {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")), let chunk = output?.availableData, !chunk.isEmpty {
            bytes += chunk
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Sends `signal` unless the child has already been waited for (its pid may be reused).
    public func signal(_ signal: Int32) {
        state.lock()
        defer { state.unlock() }
        if ended == nil { kill(pid, signal) }
    }

    /// SIGTERM.
    public func terminate() {
        signal(SIGTERM)
    }

    /// Waits for the child to end; any number of threads may wait, the child is reaped once.
    @discardableResult
    public func waitUntilExit() -> Termination {
        state.lock()
        if let ended {
            state.unlock()
            return ended
        }
        if reaping {
            while ended == nil { state.wait() }
            let result = ended!
            state.unlock()
            return result
        }
        reaping = true
        state.unlock()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let result: Termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        state.lock()
        ended = result
        state.broadcast()
        state.unlock()
        return result
    }

    /// The child's end if it comes within `seconds`, else nil (it is still running).
    public func waitUntilExit(seconds: Double) -> Termination? {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            waitUntilExit()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return waitUntilExit()
    }

    /// The test process's environment with `added` put in (replacing what has the same name).
    private static func environment(adding added: [String: String]) -> [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
            if added[name] == nil { entries.append(text) }
            cursor += 1
        }
        for (name, value) in added.sorted(by: { $0.key < $1.key }) { entries.append("\(name)=\(value)") }
        return entries
    }
}
#endif
