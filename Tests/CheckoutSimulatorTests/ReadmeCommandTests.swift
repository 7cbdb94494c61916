import Foundation
import Testing

/// Every shell command in the README, run as written (with the built `checkout-sim` for
/// `swift run checkout-sim`) in a copy of the package's Scenarios/ and MockResponses/, as on a fresh clone.
/// Transcripts (`$ command` then output) must print exactly what the README shows.
///
/// Two kinds are run differently, because they involve a running server:
/// - `swift run checkout-sim serve` (not `--stdio`) runs until stopped: it is started on a free
///   port, must print its listening line and answer `/healthz`, and must exit 0 on SIGTERM.
/// - a transcript talking to `127.0.0.1:4000` runs in order against one fresh server started
///   for the block, with 4000 replaced by that server's free port.
struct ReadmeCommandTests {
    struct Step: Sendable {
        let line: Int
        let text: String
        /// The output the README shows, when it shows one.
        let expected: String?
    }

    struct Command: CustomTestStringConvertible, Sendable {
        let steps: [Step]
        var line: Int { steps[0].line }
        var text: String { steps[0].text }
        var isServer: Bool { text.hasPrefix("swift run checkout-sim serve") && !text.contains("--stdio") }
        var needsServer: Bool { steps.contains { $0.text.contains("127.0.0.1:4000") } }
        var testDescription: String { "README.md:\(line): \(text.prefix(60))" + (steps.count > 1 ? " (+\(steps.count - 1))" : "") }
    }

    /// The commands of every ```sh block, but `swift test` (this very suite).
    static let commands: [Command] = {
        guard let readme = try? String(contentsOf: Processes.packageRoot.appendingPathComponent("README.md"), encoding: .utf8) else { return [] }
        let lines = readme.components(separatedBy: "\n")
        var commands: [Command] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```sh" else {
                index += 1
                continue
            }
            index += 1
            var block: [(Int, String)] = []
            while index < lines.count, lines[index] != "```" {
                block.append((index + 1, lines[index]))
                index += 1
            }
            let steps = parse(block)
            // A transcript runs in one folder, in order: later commands may read what earlier ones wrote.
            if block.first?.1.hasPrefix("$ ") == true {
                commands.append(Command(steps: steps))
            } else {
                commands += steps.map { Command(steps: [$0]) }
            }
        }
        // A command the README repeats (shown again in another section) runs once.
        var seen: Set<String> = []
        return commands.filter { command in
            command.text != "swift test" && (command.steps.count > 1 || seen.insert(command.text).inserted)
        }
    }()

    /// A transcript block starts its commands with `$ `; a plain block is one command per line,
    /// with `# comments` after it.
    static func parse(_ block: [(Int, String)]) -> [Step] {
        var steps: [Step] = []
        guard block.first?.1.hasPrefix("$ ") == true else {
            return block.compactMap { line, text in
                let command = (text.range(of: "  #").map { String(text[..<$0.lowerBound]) } ?? text).trimmingCharacters(in: .whitespaces)
                return command.isEmpty ? nil : Step(line: line, text: command, expected: nil)
            }
        }
        var position = 0
        while position < block.count {
            let (line, first) = block[position]
            var command = String(first.dropFirst(2))
            position += 1
            while command.hasSuffix("\\"), position < block.count {
                command = String(command.dropLast()) + " " + block[position].1.trimmingCharacters(in: .whitespaces)
                position += 1
            }
            var output: [String] = []
            while position < block.count, !block[position].1.hasPrefix("$ ") {
                output.append(block[position].1)
                position += 1
            }
            // A command shown without output (`cp`, `echo … > file`) is run, not compared.
            steps.append(Step(line: line, text: command, expected: output.isEmpty ? nil : output.joined(separator: "\n") + "\n"))
        }
        return steps
    }

    @Test func theReadmeHasCommands() {
        #expect(Self.commands.count >= 8)
        #expect(Self.commands.contains { $0.isServer }, "the README shows how to start the server")
        #expect(Self.commands.contains { $0.needsServer && $0.steps.count >= 5 }, "the README drives the control API")
    }

    static let curlAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") { return true }
        FileHandle.standardError.write(Data("SKIPPING the README's curl transcripts: no /usr/bin/curl (.ci/run installs it)\n".utf8))
        return false
    }()

    @Test(.enabled(if: Processes.checkoutSim != nil), arguments: commands)
    func runsAsWritten(_ command: Command) async throws {
        let binary = try #require(Processes.checkoutSim)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("readme-\(ProcessInfo.processInfo.processIdentifier)-\(command.line)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for copied in ["Scenarios", "MockResponses"] {
            try FileManager.default.copyItem(at: Processes.packageRoot.appendingPathComponent(copied), to: folder.appendingPathComponent(copied))
        }
        if command.isServer {
            // Run in the background with a free port, whatever port and `&` the README shows.
            var words = command.text.split(separator: " ").dropFirst(4).map(String.init).filter { $0 != "&" }
            if let port = words.firstIndex(of: "--port"), port + 1 < words.count { words.removeSubrange(port...(port + 1)) }
            let served = try ServeCommandTests.Served(words, in: folder)
            let health = try await ServeCommandTests.get(try #require(served.url).deletingLastPathComponent().appendingPathComponent("healthz"))
            let stopped = served.terminate()
            #expect(health == #"{"ok":true}"#)
            #expect(stopped.status == 0, "\(stopped.stderr)")
            return
        }
        var port: Int?
        var served: ServeCommandTests.Served?
        defer { _ = served?.terminate() }
        if command.needsServer {
            guard Self.curlAvailable else { return }
            served = try ServeCommandTests.Served(["--quiet"], in: folder)
            port = try #require(served?.url?.port)
        }
        for step in command.steps {
            var script = step.text.replacingOccurrences(of: "swift run checkout-sim", with: "'\(binary.path)'")
            if let port { script = script.replacingOccurrences(of: "127.0.0.1:4000", with: "127.0.0.1:\(port)") }
            let result = try Processes.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: folder)
            #expect(result.status == 0, "README.md:\(step.line): \(result.stderr)")
            if let expected = step.expected {
                #expect(result.stdout == expected, "README.md:\(step.line)")
            }
            if step.text.contains("--junit build/scenarios.xml") {
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("build/scenarios.xml").path))
            }
        }
    }
}
