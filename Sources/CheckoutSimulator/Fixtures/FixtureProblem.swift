/// One problem in a fixture file: `FILE: JSON-PATH: message`.
public struct FixtureProblem: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let path: String
    public let message: String

    public var description: String { "\(file): \(path): \(message)" }
}

/// Fixtures that cannot be used; lists every problem found, not just the first.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
    public let problems: [FixtureProblem]

    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
