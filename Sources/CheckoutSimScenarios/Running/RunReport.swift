import CheckoutSimGraphQL

/// How a step ended.
public enum StepStatus: String, Sendable {
    case passed, failed, error, skipped
}

/// Why a step failed, pointing at the line that failed.
public struct StepFailure: Sendable, Equatable {
    /// What went wrong.
    public let message: String
    /// Where, with the line and a caret.
    public let diagnostic: Diagnostic
}

/// One step's result, with its request and response for `--verbose` and `--narrate`.
public struct StepReport: Sendable {
    /// The step's number, from 1.
    public let index: Int
    /// The step's name.
    public let name: String
    /// The line of its `step` keyword.
    public let line: Int
    /// How it ended.
    public let status: StepStatus
    /// Why it failed, when it did.
    public let failure: StepFailure?
    /// The named operation it sent, if any.
    public let operationName: String?
    /// The request it sent.
    public let request: GraphQLRequest?
    /// The session it ran in.
    public let session: String
    /// The response it got (the last round's, for a `repeat`).
    public let response: JSON?
    /// Every request and response of the step, in order: more than one when it repeats.
    public var rounds: [StepRound] = []
}

/// One send of a step and what came back.
public struct StepRound: Sendable {
    /// The request sent.
    public let request: GraphQLRequest?
    /// The response; nil when none came.
    public let response: JSON?
    /// How the HTTP exchange went, for a send over HTTP (after a `network` line); nil when the
    /// request went straight to the engine.
    public var http: HTTPOutcome? = nil
}

/// What one send over HTTP came to: a status, or no response at all.
public struct HTTPOutcome: Sendable, Equatable {
    /// The HTTP status; nil when no response came (the network was offline).
    public let status: Int?
    /// The latency reported for it, in milliseconds: virtual, nothing waited.
    public let latencyMilliseconds: Int
}

/// One scenario file's result.
public struct FileReport: Sendable {
    /// The scenario file.
    public let file: String
    /// The scenario's name.
    public let scenario: String
    /// Its tags.
    public let tags: [String]
    /// Every step, including skipped ones.
    public let steps: [StepReport]
    /// Snapshot files written by `--update`.
    public let snapshotsWritten: [String]

    /// Whether a step failed or could not run.
    public var failed: Bool { steps.contains { $0.status == .failed || $0.status == .error } }
    /// Whether a step could not run (a runtime error).
    public var hasError: Bool { steps.contains { $0.status == .error } }
    /// How many steps ended with `status`.
    public func count(_ status: StepStatus) -> Int { steps.filter { $0.status == status }.count }
}

/// The whole run.
public struct RunReport: Sendable {
    /// Every file that ran, in order.
    public let files: [FileReport]

    /// Whether every file passed.
    public var passed: Bool { !files.contains { $0.failed } }

    /// SPEC §7: 0 all passed, 3 a runtime error, 4 an expectation or snapshot failed.
    public var exitCode: Int32 {
        if files.contains(where: \.hasError) { return 3 }
        return passed ? 0 : 4
    }

    /// How many steps of all files ended with `status`.
    public func count(_ status: StepStatus) -> Int { files.reduce(0) { $0 + $1.count(status) } }
}
