/// The commands in the order help lists them, and the overview made from their descriptions.
enum Help {
    /// Every command, as `checkout-sim --help` lists it; dispatch looks commands up here too.
    static let commands: [any Command.Type] = [
        RunCommand.self, QueryCommand.self, ServeCommand.self, SchemaCommand.self, FixturesCommand.self, OperationsCommand.self, BenchCommand.self,
    ]

    /// `help [COMMAND]`, listed by the overview but not a command of its own.
    static let helpEntry = (synopsis: "help [COMMAND]", summary: "Show help for a command")

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.description.name == name }
    }

    /// What `checkout-sim --help` prints.
    static var overview: String {
        let entries = commands.map { ($0.description.synopsis, $0.description.summary) } + [helpEntry]
        // The column is as wide as the longest synopsis and two spaces, so none runs into its summary.
        let width = max(19, (entries.map(\.0.count).max() ?? 0) + 2)
        let list = entries.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
        return """
            checkout-sim — a deterministic GraphQL mock shop

            USAGE: checkout-sim <command> [options]

            COMMANDS:
            \(list)

            COMMON OPTIONS:
            \(CommandDescription.table(CommandDescription.common))

            EXIT CODES: 0 success, 1 bad command line, 2 invalid fixtures or input files,
                        3 runtime error, 4 a failed expectation.
            """
    }
}

/// A subcommand: its description drives both parsing and help.
protocol Command: Sendable {
    static var description: CommandDescription { get }
    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode
}
