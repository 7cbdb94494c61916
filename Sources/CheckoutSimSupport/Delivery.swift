/// The faults one request meets (`NetworkConditions.take(operations:)`).
package struct FaultsForRequest: Sendable, Equatable {
    /// No network: no response comes at all.
    package var offline: Bool
    /// How long the response waits.
    package var latency: Duration = .zero
    /// The rate its body is written at; nil for at once.
    package var bytesPerSecond: Int?
    /// The fault that decides the answer; nil lets the request run as usual.
    package var answer: NetworkFault.Kind?

    package init(offline: Bool, latency: Duration = .zero, bytesPerSecond: Int? = nil, answer: NetworkFault.Kind? = nil) {
        self.offline = offline
        self.latency = latency
        self.bytesPerSecond = bytesPerSecond
        self.answer = answer
    }
}

/// How an answer reaches the client once the faults have had their say.
package enum Delivery: Sendable {
    /// The answer, its body written at once or at `bytesPerSecond`.
    case answer(HTTPAnswer, bytesPerSecond: Int?)
    /// The answer's status and headers, then half its body, then the connection closes.
    case truncated(HTTPAnswer, bytesPerSecond: Int?)
    /// The request was read, then the connection closed without a response.
    case dropped
    /// No network: the request never got anywhere.
    case unreachable

    /// What is written when a response is: the answer, whether its body is cut in half, and
    /// the rate it is written at; nil when no response is written at all.
    package var written: (answer: HTTPAnswer, truncated: Bool, bytesPerSecond: Int?)? {
        switch self {
        case .answer(let answer, let rate): (answer, false, rate)
        case .truncated(let answer, let rate): (answer, true, rate)
        case .dropped, .unreachable: nil
        }
    }

    /// The answer whose head (and some of whose body) is sent; nil when none is.
    package var answer: HTTPAnswer? { written?.answer }

    /// The same delivery with `change` applied to its answer.
    package func mapAnswer(_ change: (HTTPAnswer) -> HTTPAnswer) -> Delivery {
        switch self {
        case .answer(let answer, let rate): .answer(change(answer), bytesPerSecond: rate)
        case .truncated(let answer, let rate): .truncated(change(answer), bytesPerSecond: rate)
        case .dropped, .unreachable: self
        }
    }
}
