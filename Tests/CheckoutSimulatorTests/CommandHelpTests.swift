import Foundation
import Testing

/// Help and parsing come from one description per command: every option a command's help lists is
/// one its parser accepts, with or without a value exactly as the help shows it.
struct CommandHelpTests {
    /// One option as a command's help lists it.
    struct Case: CustomTestStringConvertible, Sendable {
        let command: String
        let option: String
        let takesValue: Bool
        var testDescription: String { "\(command) --\(option)\(takesValue ? " VALUE" : "")" }
    }

    /// The command names the overview lists, and each one's options from `help COMMAND`.
    static let cases: [Case] = {
        guard let tool = Processes.checkoutSim, let overview = try? Processes.run(tool, ["--help"]) else { return [] }
        let commands = section("COMMANDS:", in: overview.stdout).compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
        var cases: [Case] = []
        for command in commands {
            guard let help = try? Processes.run(tool, ["help", command]) else { continue }
            for line in section("OPTIONS:", in: help.stdout) where line.hasPrefix("--") {
                // The left column ends at the first run of two spaces: `--port N` or `--stdio`.
                let synopsis = line.components(separatedBy: "  ")[0].split(separator: " ")
                let takesValue = synopsis.count == 2
                cases.append(Case(command: command, option: String(synopsis[0].dropFirst(2)), takesValue: takesValue))
            }
        }
        return cases
    }()

    /// The lines of a help section, without their indentation, up to the next blank line.
    static func section(_ heading: String, in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func everyCommandHasHelpWithOptions() throws {
        let commands = Set(Self.cases.map(\.command))
        #expect(commands == ["run", "query", "serve", "operations", "bench"], "commands with options: \(commands.sorted())")
        let tool = try #require(Processes.checkoutSim)
        for command in ["run", "query", "serve", "schema", "fixtures", "operations", "bench"] {
            let viaHelp = try Processes.run(tool, ["help", command])
            let viaFlag = try Processes.run(tool, [command, "--help"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0)
            #expect(viaHelp.stdout == viaFlag.stdout, "help \(command) and \(command) --help differ")
            #expect(viaHelp.stdout.hasPrefix("USAGE: checkout-sim \(command)"))
        }
    }

    /// Every synopsis in the overview is followed by two spaces before its summary (issue 40:
    /// `operations --manifest` once ran into its summary).
    @Test(.enabled(if: Processes.checkoutSim != nil))
    func theOverviewsColumnsDoNotRunTogether() throws {
        let overview = try Processes.run(try #require(Processes.checkoutSim), ["--help"]).stdout
        let lines = Self.section("COMMANDS:", in: overview)
        #expect(lines.contains { $0.hasPrefix("operations --manifest  Print") }, "\(lines)")
        for line in lines { #expect(line.contains("  "), "\(line)") }
    }

    /// A valued option with nothing after it asks for its value; a flag is accepted, so parsing
    /// stops at the unknown option after it. Neither starts the command.
    @Test(.enabled(if: Processes.checkoutSim != nil), arguments: cases)
    func parserAcceptsWhatHelpLists(_ testCase: Case) throws {
        let tool = try #require(Processes.checkoutSim)
        if testCase.takesValue {
            let result = try Processes.run(tool, [testCase.command, "--\(testCase.option)"])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("error: option --\(testCase.option) needs a value"), "\(result.stderr)")
        } else {
            let result = try Processes.run(tool, [testCase.command, "--\(testCase.option)", "--not-an-option"])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("error: unknown option --not-an-option"), "\(result.stderr)")
        }
    }
}
