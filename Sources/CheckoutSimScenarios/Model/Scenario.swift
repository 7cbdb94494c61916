import CheckoutSimGraphQL

/// A parsed scenario file.
public struct Scenario: Sendable {
    /// The file the scenario came from.
    public let file: String
    /// The name in `scenario "NAME"`.
    public let name: String
    /// The `seed` header, if any.
    public let seed: UInt64?
    /// The `now` header, if any.
    public let now: String?
    /// The `tags` header.
    public let tags: [String]
    /// The steps, in file order.
    public let steps: [Step]
    /// The file's lines, for pointing at failures.
    public let lines: [String]
    /// The operations its named sends refer to.
    public let library: OperationLibrary

    /// The file name without folder and extension.
    public var stem: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    }
}

/// A place in a scenario file.
public struct SourcePosition: Sendable, Equatable {
    /// 1-based line.
    public let line: Int
    /// 1-based column.
    public let column: Int
}

/// One step: its lines, run in order.
public struct Step: Sendable {
    /// The name in `step "NAME"`.
    public let name: String
    /// Where the step starts.
    public let position: SourcePosition
    /// The step's lines, in order.
    public let actions: [Action]
}

/// What a line of a step does.
public enum Action: Sendable {
    case session(String)
    case advance(seconds: Int64, text: String)
    case send(Send)
    case expect(Expectation)
    case capture(name: String, path: JSONPath, position: SourcePosition)
    /// `collect NAME += PATH`: appends the value (or each match of a `[*]` path) to the array NAME.
    case collect(name: String, path: JSONPath, position: SourcePosition)
    /// `let NAME = JSON`: the JSON as written, `{{name}}` placeholders unresolved.
    case assign(name: String, value: String, position: SourcePosition, valueColumn: Int)
    /// `repeat until CONDITION [max N]`: re-sends the step's operation until the condition holds.
    case repeatUntil(Expectation, max: Int)
    /// `network …`: the faults later sends meet; from the first such line, sends go over HTTP.
    case network(NetworkChange, SourcePosition)
    case snapshot(SourcePosition)
}

/// What a `network` line changes (SPEC §8); conditions last until changed or the file ends.
public enum NetworkChange: Sendable, Equatable {
    /// No response comes: the request never reaches the simulator.
    case offline
    /// Back on the network; pending failures and latency stay.
    case online
    /// Each response is reported as this many milliseconds late (virtual: nothing sleeps).
    case latency(milliseconds: Int)
    /// The next `count` sends get HTTP `status` instead of reaching the simulator.
    case fail(status: Int, count: Int)
    /// A healthy network again: online, no latency, no pending failures.
    case reset
}

/// A request: a named operation from the library, or an inline document.
public struct Send: Sendable {
    /// Which operation a send runs.
    public enum Operation: Sendable {
        case named(String)
        case inline(String)
    }

    /// The operation to run.
    public let operation: Operation
    /// The variables JSON as written, `{{name}}` placeholders unresolved; nil when absent.
    public let variables: String?
    /// Where the `send` line is.
    public let position: SourcePosition
    /// Where the variables JSON starts, for pointing at substitution problems.
    public let variablesColumn: Int
}

/// An `expect` line.
public struct Expectation: Sendable {
    /// The comparison of an `expect PATH OP VALUE` line.
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case contains
        case matches
    }

    /// What an `expect` line looks at: a place in the response, or a captured value.
    public enum Subject: Sendable, CustomStringConvertible {
        case path(JSONPath)
        /// `{{name}}`: a value from `capture`, `collect`, `let` or `--var`.
        case variable(String)

        public var description: String {
            switch self {
            case .path(let path): path.text
            case .variable(let name): "{{\(name)}}"
            }
        }
    }

    /// What an `expect` line checks.
    public enum Kind: Sendable {
        case error(code: String)
        case exists(Subject)
        case absent(Subject)
        case isUnique(Subject)
        case compare(Subject, count: Bool, Operator, value: String)
        /// `expect status N`: the HTTP status of the step's (last) send.
        case status(Int)
        /// `expect offline`: no response came.
        case offline

        /// The `{{name}}` the line checks, when its subject is a variable.
        var variableName: String? {
            switch self {
            case .exists(.variable(let name)), .absent(.variable(let name)), .isUnique(.variable(let name)),
                 .compare(.variable(let name), _, _, _):
                name
            default:
                nil
            }
        }
    }

    /// What the line checks.
    public let kind: Kind
    /// Whether `not` stands before the operator: the line passes when the check fails.
    public var negated = false
    /// Where the line is.
    public let position: SourcePosition
    /// Where the expected value starts on the line.
    public let valueColumn: Int
    /// The line as written.
    public let text: String
}
