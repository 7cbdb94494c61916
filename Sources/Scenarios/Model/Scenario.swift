import GraphQL

/// A parsed scenario file.
public struct Scenario: Sendable {
    public let file: String
    public let name: String
    public let seed: UInt64?
    public let now: String?
    public let tags: [String]
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
    public let line: Int
    public let column: Int
}

/// One step: its lines, run in order.
public struct Step: Sendable {
    public let name: String
    public let position: SourcePosition
    public let actions: [Action]
}

/// What a line of a step does.
public enum Action: Sendable {
    case session(String)
    case advance(seconds: Int64, text: String)
    case send(Send)
    case expect(Expectation)
    case capture(name: String, path: JSONPath, position: SourcePosition)
    case snapshot(SourcePosition)
}

/// A request: a named operation from the library, or an inline document.
public struct Send: Sendable {
    public enum Operation: Sendable {
        case named(String)
        case inline(String)
    }

    public let operation: Operation
    /// The variables JSON as written, `{{name}}` placeholders unresolved; nil when absent.
    public let variables: String?
    public let position: SourcePosition
    /// Where the variables JSON starts, for pointing at substitution problems.
    public let variablesColumn: Int
}

/// An `expect` line.
public struct Expectation: Sendable {
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

    public enum Kind: Sendable {
        case error(code: String)
        case exists(JSONPath)
        case absent(JSONPath)
        case isUnique(JSONPath)
        case compare(JSONPath, count: Bool, Operator, value: String)
    }

    public let kind: Kind
    public let position: SourcePosition
    /// Where the expected value starts on the line.
    public let valueColumn: Int
    public let text: String
}
