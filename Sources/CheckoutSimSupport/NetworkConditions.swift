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

extension Duration {
    /// Whole nanoseconds, between 0 and a day: a delay a test asks for can never overflow.
    package var clampedNanoseconds: Int {
        let parts = components
        guard parts.seconds >= 0, parts.attoseconds >= 0 else { return 0 }
        guard parts.seconds < 86_400 else { return 86_400 * 1_000_000_000 }
        return Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
    }
}
