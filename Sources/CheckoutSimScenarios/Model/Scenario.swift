import CheckoutSimCommerce
import CheckoutSimSupport
import CheckoutSimGraphQL

/// A parsed scenario file.
package struct Scenario: Sendable {
    /// The file the scenario came from.
    package let file: String
    /// The name in `scenario "NAME"`.
    package let name: String
    /// The `seed` header, if any.
    package let seed: UInt64?
    /// The `now` header, if any.
    package let now: String?
    /// The `tags` header.
    package let tags: [String]
    /// The steps, in file order.
    package let steps: [Step]
    /// The file's lines, for pointing at failures.
    package let lines: [String]
    /// The operations its named sends refer to.
    package let library: OperationLibrary

    /// The file name without folder and extension.
    package var stem: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    }
}

/// A place in a scenario file.
package struct SourcePosition: Sendable, Equatable {
    /// 1-based line.
    package let line: Int
    /// 1-based column.
    package let column: Int
}

/// One step: its lines, run in order.
package struct Step: Sendable {
    /// The name in `step "NAME"`.
    package let name: String
    /// Where the step starts.
    package let position: SourcePosition
    /// The step's lines, in order.
    package let actions: [Action]
}

/// What a line of a step does.
package enum Action: Sendable {
    case session(String)
    /// `dialect NAME` (or `endpoint PATH`): the schema later sends speak, until changed (docs/scenarios.md#dialects).
    case dialect(String)
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
    /// `lever …`: a state set on the live shop (docs/control.md#levers).
    case lever(Lever, SourcePosition)
    case snapshot(SourcePosition)
}

/// What a `network` line changes (docs/scenarios.md); conditions last until changed or the file ends.
package enum NetworkChange: Sendable, Equatable {
    /// No response comes: the request never reaches the simulator.
    case offline
    /// Back on the network; the faults in force stay.
    case online
    /// Puts a fault in force; it replaces one of the same kind and aim (latency and slow rates
    /// are virtual: reported, never waited).
    case fault(NetworkFault)
    /// A healthy network again: online, no faults.
    case reset
}

extension Scenario {
    /// Every send of every step, with the document it runs (a named operation's from the library).
    /// Whether a step switches to a dialect other than the native one (`dialect storefront`, `endpoint /api/…`).
    package var speaksOtherDialects: Bool {
        steps.contains { step in
            step.actions.contains { action in
                if case .dialect(let name) = action { return name != "native" }
                return false
            }
        }
    }

    package var sends: [(send: Send, document: String)] {
        steps.flatMap { step in
            step.actions.compactMap { action -> (send: Send, document: String)? in
                guard case .send(let send) = action else { return nil }
                switch send.operation {
                case .named(let name): return (send, library.documents[name] ?? "")
                case .inline(let document, _): return (send, document)
                }
            }
        }
    }
}

/// A request: a named operation from the library, or an inline document.
package struct Send: Sendable {
    /// Which operation a send runs.
    package enum Operation: Sendable {
        case named(String)
        /// A document written in the file; `operationName` picks one of its operations.
        case inline(String, operationName: String?)
    }

    /// The operation to run.
    package let operation: Operation
    /// The variables JSON as written, `{{name}}` placeholders unresolved; nil when absent.
    package let variables: String?
    /// Where the `send` line is.
    package let position: SourcePosition
    /// Where the variables JSON starts, for pointing at substitution problems.
    package let variablesColumn: Int
}

/// An `expect` line.
package struct Expectation: Sendable {
    /// The comparison of an `expect PATH OP VALUE` line.
    package enum Operator: String, Sendable, CaseIterable {
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
    package enum Subject: Sendable, CustomStringConvertible {
        case path(JSONPath)
        /// `{{name}}`: a value from `capture`, `collect`, `let` or `--var`.
        case variable(String)

        package var description: String {
            switch self {
            case .path(let path): path.text
            case .variable(let name): "{{\(name)}}"
            }
        }
    }

    /// What an `expect` line checks.
    package enum Kind: Sendable {
        case error(code: String)
        case exists(Subject)
        case absent(Subject)
        case isUnique(Subject)
        case compare(Subject, count: Bool, Operator, value: String)
        /// `expect status N`: the HTTP status of the step's (last) send.
        case status(Int)
        /// `expect offline`: no response came (no network, or a dropped connection).
        case offline
        /// `expect truncated`: the response's body was cut short.
        case truncated
        /// `expect unreadable`: a whole body came, but not JSON.
        case unreadable

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
    package let kind: Kind
    /// Whether `not` stands before the operator: the line passes when the check fails.
    package var negated = false
    /// Where the line is.
    package let position: SourcePosition
    /// Where the expected value starts on the line.
    package let valueColumn: Int
    /// The line as written.
    package let text: String
}
