/// Everything the tool knows about one command: the parser and the help text are both made from it,
/// so an option cannot be accepted without being documented, or documented without being accepted.
struct CommandDescription: Sendable {
    /// One `--name [VALUE]` option.
    struct Option: Sendable {
        /// The name without its dashes.
        let name: String
        /// The value's placeholder in help (`N`, `FILE`); nil for a flag.
        let value: String?
        /// One or two lines; continuation lines line up under the first.
        let help: String

        static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, value: nil, help: help)
        }

        static func valued(_ name: String, _ value: String, _ help: String) -> Option {
            Option(name: name, value: value, help: help)
        }

        /// `--name VALUE`, as the help's left column shows it.
        var synopsis: String {
            "--" + name + (value.map { " " + $0 } ?? "")
        }
    }

    /// The word after `checkout-sim`.
    let name: String
    /// The left column of the overview's command list (`run [PATH…]`).
    let synopsis: String
    /// The right column of the overview's command list.
    let summary: String
    /// Usage lines, each after `checkout-sim `.
    let usage: [String]
    /// Paragraphs between the usage and the options.
    let discussion: String
    let options: [Option]
    /// Sections after the options (examples, exit codes).
    var epilogue: String = ""

    /// The options common to every command (`--fixtures`, `--seed`, …).
    static let common: [Option] = [
        .valued("fixtures", "DIR", "Use the fixtures in DIR instead of the bundled ones"),
        .valued("seed", "N", "Scratch-card seed (default: store.json's seed)"),
        .valued("now", "ISO8601", "Start the virtual clock here (default: store.json's now)"),
        .valued("session", "NAME", "Session to use (default: default)"),
        .flag("pretty", "Indented JSON output"),
        .flag("compact", "One-line JSON output"),
        .flag("help", "Show this help"),
    ]

    /// Every option the command accepts: its own, then the common ones.
    var acceptedOptions: [Option] {
        options + Self.common
    }

    /// `checkout-sim help NAME` and `NAME --help`.
    var helpText: String {
        var text = "USAGE: " + usage.map { "checkout-sim " + $0 }.joined(separator: "\n       ") + "\n\n" + discussion
        if !options.isEmpty {
            text += "\n\nOPTIONS:\n" + Self.table(options)
        }
        if !epilogue.isEmpty {
            text += "\n\n" + epilogue
        }
        return text
    }

    /// Two columns: each option's synopsis, then its help with continuation lines aligned.
    static func table(_ options: [Option]) -> String {
        let width = max(19, (options.map(\.synopsis.count).max() ?? 0) + 2)
        return options.map { option in
            let indent = String(repeating: " ", count: 2 + width)
            let help = option.help.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
            return "  " + option.synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + help
        }.joined(separator: "\n")
    }
}
