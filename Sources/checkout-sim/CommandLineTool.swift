import CheckoutSimGraphQL
import CheckoutSimulator
import Foundation

/// Dispatches a command line to a command; all output and exit codes are decided here.
enum CommandLineTool {
    /// What `--version` prints.
    static let version = "checkout-sim 0.4.0"

    static func run(_ words: [String]) -> ExitCode {
        guard let name = words.first else {
            Output.line(Help.overview)
            return .usage
        }
        let rest = Array(words.dropFirst())
        switch name {
        case "--help", "-h":
            Output.line(Help.overview)
            return .success
        case "--version":
            Output.line(version)
            return .success
        case "help":
            guard let topic = rest.first else {
                Output.line(Help.overview)
                return .success
            }
            guard let command = Help.command(named: topic) else { return unknownCommand(topic) }
            Output.line(command.description.helpText)
            return .success
        default:
            guard let command = Help.command(named: name) else { return unknownCommand(name) }
            if rest.contains("--help") || rest.contains("-h") {
                Output.line(command.description.helpText)
                return .success
            }
            do {
                return try command.run(Arguments(rest, for: command.description))
            } catch {
                return usageError(error.message)
            }
        }
    }

    static func unknownCommand(_ name: String) -> ExitCode {
        let close = Suggestions.list(name, options: Help.commands.map { $0.description.name } + ["help"]).first
        return usageError("unknown command \"\(name)\"" + (close.map { " (did you mean \"\($0)\"?)" } ?? ""))
    }

    static func usageError(_ message: String) -> ExitCode {
        Output.error("error: \(message)\nRun 'checkout-sim --help' for usage.")
        return .usage
    }

    static func seed(_ arguments: Arguments) -> Result<UInt64?, ExitCode> {
        guard let text = arguments.value("seed") else { return .success(nil) }
        guard let parsed = UInt64(text) else {
            return .failure(usageError("--seed: expected a non-negative integer, found \"\(text)\""))
        }
        return .success(parsed)
    }

    /// The fixtures the common options name, loaded; prints the problems and fails when they are invalid.
    static func fixtures(_ arguments: Arguments) -> Result<Fixtures, ExitCode> {
        do {
            let source = try arguments.value("fixtures").map { path throws(FixtureError) in try FixtureSource.directory(path) } ?? .bundled
            return .success(try Fixtures.load(source))
        } catch {
            Output.error("error: invalid fixtures in \(arguments.value("fixtures") ?? "bundled fixtures"):\n" + error.description)
            return .failure(.invalidInput)
        }
    }

    /// Builds the simulator the common options describe; prints the problem and fails when it cannot.
    static func simulator(_ arguments: Arguments) -> Result<Simulator, ExitCode> {
        let seed: UInt64?
        switch self.seed(arguments) {
        case .success(let value): seed = value
        case .failure(let code): return .failure(code)
        }
        let source: FixtureSource
        if let folder = arguments.value("fixtures") {
            do {
                source = try FixtureSource.directory(folder)
            } catch {
                Output.error("error: invalid fixtures in \(folder):\n" + error.description)
                return .failure(.invalidInput)
            }
        } else {
            source = .bundled
        }
        do {
            return .success(try Simulator(fixtures: source, seed: seed, now: arguments.value("now")))
        } catch {
            switch error.code {
            case .invalidFixtures:
                Output.error("error: invalid fixtures in \(source.origin):\n" + error.message)
                return .failure(.invalidInput)
            case .invalidOption:
                return .failure(usageError(error.message))
            case .invalidSchema, .invalidLever:
                Output.error("error: \(error.message)")
                return .failure(.runtime)
            }
        }
    }

    /// The file's text; a file that is not UTF-8 is an error naming the first bad byte's offset.
    static func readFile(_ path: String, option: String) throws(Arguments.Failure) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Arguments.Failure(message: "\(option): cannot read \(path)")
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        let offset = SourceLocation.firstInvalidUTF8Offset(in: Array(data))
        throw Arguments.Failure(message: "\(option): \(path) is not UTF-8 text: the bytes at offset \(offset) do not decode")
    }
}
