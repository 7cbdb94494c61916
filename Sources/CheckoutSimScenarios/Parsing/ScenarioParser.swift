import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Parses `.scenario` files (docs/scenarios.md), collecting every problem with its line and column.
package struct ScenarioParser {
    let file: String
    let lines: [String]
    let library: OperationLibrary
    let schema: Schema
    /// The other dialects a `dialect` line or an `endpoint` may name.
    let dialects: ScenarioDialects
    /// The dialect later sends speak, as the file reads so far: inline documents validate against its schema.
    var dialect = "native"
    var diagnostics: [Diagnostic] = []

    var name: String?
    var seed: UInt64?
    var now: String?
    var tags: [String] = []
    var steps: [Step] = []
    /// Codes earlier `network error CODE` lines inject: `expect error` accepts them too.
    var injectedErrorCodes: [String] = []
    var current: OpenStep?

    /// The step being read.
    struct OpenStep {
        let name: String
        let position: SourcePosition
        var actions: [Action] = []
        var sent = false
        /// An inline operation's parse or validation errors, reported when the step ends unless
        /// it expects that request error; `at` keeps them in line order among the diagnostics.
        var requestErrors: (codes: [String], diagnostics: [Diagnostic], at: Int)?
    }

    /// Parses one scenario file, checking named sends against `library` and inline operations against `schema`.
    /// `dialects` are the other schemas a `dialect NAME` line may switch sends to (docs/scenarios.md#dialects).
    package static func parse(
        file: String, text: String, library: OperationLibrary, schema: Schema, dialects: ScenarioDialects = .none
    ) -> Result<Scenario, ScenarioLoadError> {
        var parser = ScenarioParser(file: file, text: text, library: library, schema: schema, dialects: dialects)
        parser.run()
        guard parser.diagnostics.isEmpty, let name = parser.name else {
            return .failure(ScenarioLoadError(diagnostics: parser.diagnostics))
        }
        return .success(Scenario(
            file: file, name: name, seed: parser.seed, now: parser.now, tags: parser.tags, steps: parser.steps, lines: parser.lines,
            library: library))
    }

    init(file: String, text: String, library: OperationLibrary, schema: Schema, dialects: ScenarioDialects = .none) {
        self.dialects = dialects
        self.file = file
        // Split on the byte: a CR LF pair is one Character, which a split on "\n" would not see.
        var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
        self.library = library
        self.schema = schema
    }

    mutating func fail(_ line: Int, _ column: Int, _ message: String) {
        let text = lines.indices.contains(line - 1) ? lines[line - 1] : ""
        diagnostics.append(Diagnostic(file: file, line: line, column: column, message: message, lineText: text))
    }

    mutating func run() {
        var index = 0
        while index < lines.count {
            let lineNumber = index + 1
            let content = Self.stripComment(lines[index])
            index += 1
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let indent = content.prefix { $0 == " " || $0 == "\t" }.count
            let keyword = String(trimmed.prefix { !$0.isWhitespace })
            let rest = trimmed.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            let restColumn = indent + 1 + (trimmed.count - trimmed.dropFirst(keyword.count).drop { $0.isWhitespace }.count)
            let position = SourcePosition(line: lineNumber, column: indent + 1)
            if name == nil, keyword != "scenario" {
                fail(lineNumber, indent + 1, "expected the file to start with scenario \"NAME\"")
                return
            }
            switch keyword {
            case "scenario":
                if name != nil {
                    fail(lineNumber, indent + 1, "a file holds one scenario; this is a second \"scenario\" line")
                } else {
                    name = quoted(rest, line: lineNumber, column: restColumn, what: "the scenario's name") ?? ""
                }
            case "seed", "now", "tags":
                guard steps.isEmpty, current == nil else {
                    fail(lineNumber, indent + 1, "\"\(keyword)\" belongs in the header, before the first step")
                    continue
                }
                header(keyword, rest, line: lineNumber, column: restColumn)
            case "step":
                finishStep()
                let stepName = quoted(rest, line: lineNumber, column: restColumn, what: "the step's name") ?? ""
                current = OpenStep(name: stepName, position: position)
            case "session", "dialect", "endpoint", "advance", "send", "expect", "capture", "collect", "let", "repeat", "network", "lever", "snapshot":
                guard current != nil else {
                    fail(lineNumber, indent + 1, "\"\(keyword)\" must be inside a step; start one with step \"NAME\"")
                    continue
                }
                if keyword == "send" {
                    index = send(rest, position: position, restColumn: restColumn, nextLine: index)
                } else {
                    stepLine(keyword, rest, position: position, restColumn: restColumn)
                }
            default:
                fail(lineNumber, indent + 1,
                     "unknown keyword \"\(keyword)\"; expected scenario, seed, now, tags, step, session, advance, let, send, expect, capture, collect, repeat, network, lever or snapshot")
            }
        }
        finishStep()
        if name == nil, diagnostics.isEmpty { fail(1, 1, "expected scenario \"NAME\", found an empty file") }
    }

    mutating func finishStep() {
        guard let step = current else { return }
        if !step.sent { fail(step.position.line, step.position.column, "step \"\(step.name)\" has no send line") }
        if let errors = step.requestErrors {
            let expected = step.actions.compactMap { action -> String? in
                if case .expect(let expectation) = action, case .error(let code) = expectation.kind { code } else { nil }
            }
            if !errors.codes.allSatisfy(expected.contains) {
                diagnostics.insert(contentsOf: errors.diagnostics, at: errors.at)
            }
        }
        steps.append(Step(name: step.name, position: step.position, actions: step.actions))
        current = nil
    }

    private mutating func header(_ keyword: String, _ rest: String, line: Int, column: Int) {
        switch keyword {
        case "seed":
            guard let value = UInt64(rest) else { return fail(line, column, "expected a non-negative integer seed, found \"\(rest)\"") }
            seed = value
        case "now":
            guard Instant(iso8601: rest) != nil else {
                return fail(line, column, "expected an ISO-8601 time like 2026-03-01T10:00:00Z \(Instant.rangeDescription), found \"\(rest)\"")
            }
            now = rest
        default:
            tags = rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// A JSON string literal that must make up the whole rest of the line.
    mutating func quoted(_ text: String, line: Int, column: Int, what: String) -> String? {
        guard text.hasPrefix("\"") else {
            fail(line, column, "expected \(what) in double quotes, like \"Checkout\"")
            return nil
        }
        guard case .string(let value)? = try? JSONParser.parse(text) else {
            fail(line, column, "expected \(what) as one double-quoted string with nothing after it")
            return nil
        }
        return value
    }

    /// Removes a `#` comment that starts at the line's start or after whitespace, outside quotes.
    static func stripComment(_ line: String) -> String {
        var inString = false
        var escaped = false
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "#", previous == " " || previous == "\t" {
                return String(line.prefix(offset))
            }
            previous = character
        }
        return line
    }
}
