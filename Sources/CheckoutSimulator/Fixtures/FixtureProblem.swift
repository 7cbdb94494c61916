/// One problem in a fixture file: `FILE: JSON-PATH: message`.
public struct FixtureProblem: Sendable, Equatable, CustomStringConvertible {
    /// The fixture file, relative to the fixtures folder.
    public let file: String
    /// The JSON path inside the file, like `[3].price`; `$` for the whole file.
    public let path: String
    /// What is wrong and what was expected.
    public let message: String

    /// `FILE: JSON-PATH: message`.
    public var description: String { "\(file): \(path): \(message)" }
}

/// Fixtures that cannot be used; lists every problem found, not just the first.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in file order.
    public let problems: [FixtureProblem]

    /// One problem per line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
