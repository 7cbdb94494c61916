/// One injected network fault: what it does, which operation it is aimed at, how many requests
/// it takes (docs/control.md#faults).
public struct NetworkFault: Sendable, Equatable {
    /// What a fault does to a request it meets.
    public enum Kind: Sendable, Equatable {
        /// The response waits this long before it is sent.
        case latency(Duration)
        /// The response's body is written at this many bytes per second.
        case slow(bytesPerSecond: Int)
        /// HTTP `status` with an `INTERNAL_SERVER_ERROR` body; the operation does not run.
        case fail(status: Int)
        /// The request is read, then the connection is closed without a response; the operation does not run.
        case drop
        /// The operation runs; its status and headers are sent, then half its body, then the connection closes.
        case truncate
        /// HTTP 200 with a body that is not JSON; the operation does not run.
        case garbage
        /// HTTP 200 with `{"errors":[{"message":…,"extensions":{"code":…}}]}`; the operation does not run.
        case error(message: String, code: String)

        /// Whether both are the same kind of fault, whatever their settings.
        package func sameKind(as other: Kind) -> Bool {
            switch (self, other) {
            case (.latency, .latency), (.slow, .slow), (.fail, .fail), (.drop, .drop), (.truncate, .truncate), (.garbage, .garbage),
                 (.error, .error):
                true
            default:
                false
            }
        }

        /// Whether the fault decides the answer (the others, latency and slow, shape its delivery).
        package var decidesAnswer: Bool {
            switch self {
            case .latency, .slow: false
            case .fail, .drop, .truncate, .garbage, .error: true
            }
        }
    }

    /// What the fault does.
    public var kind: Kind
    /// The operation name it is aimed at; nil aims at every request.
    public var operation: String?
    /// How many more requests it takes; nil lasts until the faults are changed.
    public var count: Int?

    /// A fault of `kind`, aimed at `operation` (nil: every request), for `count` requests (nil: until changed).
    public init(_ kind: Kind, operation: String? = nil, count: Int? = nil) {
        self.kind = kind
        self.operation = operation
        self.count = count
    }

    /// The fault as a scenario's `network` line says it, without its count or aim:
    /// `fail 503`, `drop`, `truncate`, `garbage`, `slow 2000B/s`, `error CODE "message"`.
    public var summary: String {
        switch kind {
        case .latency(let duration): "latency \(duration.clampedNanoseconds / 1_000_000)ms"
        case .slow(let rate): "slow \(rate)B/s"
        case .fail(let status): "fail \(status)"
        case .drop: "drop"
        case .truncate: "truncate"
        case .garbage: "garbage"
        case .error(let message, let code): "error \(code) \(Self.quotedText(message))"
        }
    }

    /// `text` as a JSON string: in double quotes, `"` and `\\` escaped, every control character
    /// (line ends, tabs, NEL, the line and paragraph separators) written as an escape, so the
    /// text stays on its line whatever it holds.
    package static func quotedText(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` as one word of a scenario line: as it is when it is plain (printable ASCII, no space,
    /// quote or backslash, not starting with `#`), else quoted by `quotedText`.
    package static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.first != UInt8(ascii: "#")
            && text.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return plain ? text : quotedText(text)
    }

    /// Whether `text` can name an operation a fault is aimed at: a GraphQL name of at most 128 characters.
    package static func isOperationName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= 128, !(0x30...0x39).contains(first) else { return false }
        return bytes.allSatisfy { (0x41...0x5A).contains($0 & 0xDF) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// Whether `text` can be an injected error's code: 1–64 of `A–Z`, `0–9` and `_`.
    package static func isErrorCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count) && bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    func aims(at operations: [String]) -> Bool {
        operation.map(operations.contains) ?? true
    }
}

/// The network a transport simulates: online or not, and the faults later requests meet, in the
/// order they were set (docs/control.md#faults).
public struct NetworkConditions: Sendable, Equatable {
    /// Every request fails as if there were no network; faults are neither met nor used up.
    public var offline = false
    /// The faults in force, in order; a counted fault leaves the list when used up.
    public var faults: [NetworkFault] = []

    /// A healthy network: online, no faults.
    public init() {}

    /// A network that is `offline` or not, with `faults` in force.
    public init(offline: Bool = false, faults: [NetworkFault]) {
        self.offline = offline
        self.faults = faults
    }

    /// The latency every request meets (the first fault of that kind aimed at no operation);
    /// setting it replaces that fault, `.zero` removes it.
    public var latency: Duration {
        get {
            for fault in faults where fault.operation == nil {
                if case .latency(let duration) = fault.kind { return duration }
            }
            return .zero
        }
        set {
            faults.removeAll { fault in
                if case .latency = fault.kind, fault.operation == nil { true } else { false }
            }
            if newValue > .zero { faults.insert(NetworkFault(.latency(newValue)), at: 0) }
        }
    }

    /// Puts `fault` in force: it replaces a fault of the same kind aimed at the same operation
    /// (or at none), and joins the others; a count of 0 only removes that fault.
    public mutating func add(_ fault: NetworkFault) {
        faults.removeAll { $0.operation == fault.operation && $0.kind.sameKind(as: fault.kind) }
        if fault.count.map({ $0 > 0 }) ?? true { faults.append(fault) }
    }

    /// Whether any fault is aimed at an operation: only then must a request's operations be known
    /// before it is answered.
    package var isAimed: Bool {
        faults.contains { $0.operation != nil }
    }

    /// What the next request, which names `operations`, meets: the first latency, the first
    /// slow rate and the first answer-deciding fault aimed at it. Each counted fault it meets
    /// is used up by one; when offline, nothing is.
    package mutating func take(operations: [String]) -> FaultsForRequest {
        guard !offline else { return FaultsForRequest(offline: true) }
        var met = FaultsForRequest(offline: false)
        var index = 0
        while index < faults.count {
            let fault = faults[index]
            var used = false
            if fault.aims(at: operations) {
                switch fault.kind {
                case .latency(let duration) where met.latency == .zero:
                    met.latency = duration
                    used = true
                case .slow(let rate) where met.bytesPerSecond == nil:
                    met.bytesPerSecond = rate
                    used = true
                case let kind where kind.decidesAnswer && met.answer == nil:
                    met.answer = kind
                    used = true
                default:
                    break
                }
            }
            if used, let count = fault.count {
                if count <= 1 {
                    faults.remove(at: index)
                    continue
                }
                faults[index].count = count - 1
            }
            index += 1
        }
        return met
    }
}

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

extension Duration {
    /// Whole nanoseconds, between 0 and a day: a delay a test asks for can never overflow.
    package var clampedNanoseconds: Int {
        let parts = components
        guard parts.seconds >= 0, parts.attoseconds >= 0 else { return 0 }
        guard parts.seconds < 86_400 else { return 86_400 * 1_000_000_000 }
        return Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
    }
}
