import CheckoutSimGraphQL

/// How a step ended.
package enum StepStatus: String, Sendable {
    case passed, failed, error, skipped
}

/// Why a step failed, pointing at the line that failed.
package struct StepFailure: Sendable, Equatable {
    /// What went wrong.
    package let message: String
    /// Where, with the line and a caret.
    package let diagnostic: Diagnostic
}

/// One step's result, with its request and response for `--verbose` and `--narrate`.
package struct StepReport: Sendable {
    /// The step's number, from 1.
    package let index: Int
    /// The step's name.
    package let name: String
    /// The line of its `step` keyword.
    package let line: Int
    /// How it ended.
    package let status: StepStatus
    /// Why it failed, when it did.
    package let failure: StepFailure?
    /// The named operation it sent, if any.
    package let operationName: String?
    /// The request it sent.
    package let request: GraphQLRequest?
    /// The session it ran in.
    package let session: String
    /// The response it got (the last round's, for a `repeat`).
    package let response: JSON?
    /// Every request and response of the step, in order: more than one when it repeats.
    package var rounds: [StepRound] = []
}

/// One send of a step and what came back.
package struct StepRound: Sendable {
    /// The request sent.
    package let request: GraphQLRequest?
    /// The response; nil when none came.
    package let response: JSON?
    /// Whether a response came but is not kept (the step's rounds had kept 4 MiB of responses).
    package var responseNotKept = false
    /// How the HTTP exchange went, for a send over HTTP (after a `network` line); nil when the
    /// request went straight to the engine.
    package var http: HTTPOutcome? = nil
}

/// What one send over HTTP came to: a status, or no response at all.
package struct HTTPOutcome: Sendable, Equatable {
    /// The HTTP status; nil when no response came (the network was offline, or the connection dropped).
    package var status: Int?
    /// The latency reported for it, in milliseconds: virtual, nothing waited.
    package var latencyMilliseconds = 0
    /// The rate its body came at (`network slow`), in bytes per second: virtual too.
    package var bytesPerSecond: Int? = nil
    /// Its body was cut short (`network truncate`).
    package var truncated = false
    /// A whole body came, but it is not JSON (`network garbage`).
    package var unreadable = false

    package init(status: Int?, latencyMilliseconds: Int = 0) {
        self.status = status
        self.latencyMilliseconds = latencyMilliseconds
    }
}

/// One scenario file's result.
package struct FileReport: Sendable {
    /// The scenario file.
    package let file: String
    /// The scenario's name.
    package let scenario: String
    /// Its tags.
    package let tags: [String]
    /// Every step, including skipped ones.
    package let steps: [StepReport]
    /// Snapshot files written by `--update`.
    package let snapshotsWritten: [String]

    /// Whether a step failed or could not run.
    package var failed: Bool { steps.contains { $0.status == .failed || $0.status == .error } }
    /// Whether a step could not run (a runtime error).
    package var hasError: Bool { steps.contains { $0.status == .error } }
    /// How many steps ended with `status`.
    package func count(_ status: StepStatus) -> Int { steps.filter { $0.status == status }.count }
}

/// The whole run.
package struct RunReport: Sendable {
    /// Every file that ran, in order.
    package let files: [FileReport]

    /// Whether every file passed.
    package var passed: Bool { !files.contains { $0.failed } }

    /// docs/cli.md: 0 all passed, 3 a runtime error, 4 an expectation or snapshot failed.
    package var exitCode: Int32 {
        if files.contains(where: \.hasError) { return 3 }
        return passed ? 0 : 4
    }

    /// How many steps of all files ended with `status`.
    package func count(_ status: StepStatus) -> Int { files.reduce(0) { $0 + $1.count(status) } }
}
