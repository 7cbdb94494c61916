import GraphQL

/// How a step ended.
public enum StepStatus: String, Sendable {
    case passed, failed, error, skipped
}

/// Why a step failed, pointing at the line that failed.
public struct StepFailure: Sendable, Equatable {
    public let message: String
    public let diagnostic: Diagnostic
}

/// One step's result, with its request and response for `--verbose` and `--narrate`.
public struct StepReport: Sendable {
    public let index: Int
    public let name: String
    public let line: Int
    public let status: StepStatus
    public let failure: StepFailure?
    public let operationName: String?
    public let request: GraphQLRequest?
    public let session: String
    public let response: JSON?
}

/// One scenario file's result.
public struct FileReport: Sendable {
    public let file: String
    public let scenario: String
    public let tags: [String]
    public let steps: [StepReport]
    public let snapshotsWritten: [String]

    public var failed: Bool { steps.contains { $0.status == .failed || $0.status == .error } }
    public var hasError: Bool { steps.contains { $0.status == .error } }
    public func count(_ status: StepStatus) -> Int { steps.filter { $0.status == status }.count }
}

/// The whole run.
public struct RunReport: Sendable {
    public let files: [FileReport]

    public var passed: Bool { !files.contains { $0.failed } }

    /// SPEC §7: 0 all passed, 3 a runtime error, 4 an expectation or snapshot failed.
    public var exitCode: Int32 {
        if files.contains(where: \.hasError) { return 3 }
        return passed ? 0 : 4
    }

    public func count(_ status: StepStatus) -> Int { files.reduce(0) { $0 + $1.count(status) } }
}
