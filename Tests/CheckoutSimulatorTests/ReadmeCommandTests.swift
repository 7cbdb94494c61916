import Foundation
import Testing

/// Every shell command in the README, run as written (with the built `checkout-sim` for
/// `swift run checkout-sim`) in a copy of the package's Scenarios/, as on a fresh clone.
/// Transcripts (`$ command` then output) must print exactly what the README shows.
struct ReadmeCommandTests {
    struct Command: CustomTestStringConvertible, Sendable {
        let line: Int
        let text: String
        /// The output the README shows, when it shows one.
        let expected: String?
        var testDescription: String { "README.md:\(line): \(text.prefix(60))" }
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
            commands += parse(block)
        }
        return commands.filter { $0.text != "swift test" }
    }()

    /// A transcript block starts its commands with `$ `; a plain block is one command per line,
    /// with `# comments` after it.
    static func parse(_ block: [(Int, String)]) -> [Command] {
        var commands: [Command] = []
        guard block.first?.1.hasPrefix("$ ") == true else {
            return block.compactMap { line, text in
                let command = (text.range(of: "  #").map { String(text[..<$0.lowerBound]) } ?? text).trimmingCharacters(in: .whitespaces)
                return command.isEmpty ? nil : Command(line: line, text: command, expected: nil)
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
            commands.append(Command(line: line, text: command, expected: output.joined(separator: "\n") + "\n"))
        }
        return commands
    }

    @Test func theReadmeHasCommands() {
        #expect(Self.commands.count >= 8)
    }

    @Test(.enabled(if: Processes.checkoutSim != nil), arguments: commands)
    func runsAsWritten(_ command: Command) throws {
        let binary = try #require(Processes.checkoutSim)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("readme-\(ProcessInfo.processInfo.processIdentifier)-\(command.line)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Processes.packageRoot.appendingPathComponent("Scenarios"),
                                         to: folder.appendingPathComponent("Scenarios"))
        let script = command.text.replacingOccurrences(of: "swift run checkout-sim", with: "'\(binary.path)'")
        let result = try Processes.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        if let expected = command.expected {
            #expect(result.stdout == expected)
        }
        if command.text.contains("--junit build/scenarios.xml") {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("build/scenarios.xml").path))
        }
    }
}
