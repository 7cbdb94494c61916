import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif

/// Writes straight to the standard streams' file descriptors, so nothing waits in a buffer.
enum Output {
    static func out(_ text: String) {
        write(text, to: 1)
    }

    static func line(_ text: String) {
        write(text + "\n", to: 1)
    }

    static func error(_ text: String) {
        write(text + "\n", to: 2)
    }

    /// Writes bytes to standard output as they are.
    static func bytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0, to: 1) }
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Writes a file, creating its folder first (`--junit build/scenarios.xml` on a fresh clone).
    static func writeFile(_ text: String, to path: String) throws(Arguments.Failure) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            throw .init(message: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}

/// Exit codes of docs/cli.md.
enum ExitCode: Int32, Error {
    case success = 0
    case usage = 1
    case invalidInput = 2
    case runtime = 3
    case expectationFailed = 4
}
