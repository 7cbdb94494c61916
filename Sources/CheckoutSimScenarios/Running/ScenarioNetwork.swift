/// The network conditions a scenario's `network` lines set; each send over HTTP takes its faults
/// from them, as `SimulatorRoute` and the server do for their clients.
struct ScenarioNetwork: Equatable {
    var offline = false
    var latencyMilliseconds = 0
    var pendingFailures = 0
    var failureStatus = 503

    mutating func apply(_ change: NetworkChange) {
        switch change {
        case .offline: offline = true
        case .online: offline = false
        case .latency(let milliseconds): latencyMilliseconds = milliseconds
        case .fail(let status, let count): (failureStatus, pendingFailures) = (status, count)
        case .reset: self = ScenarioNetwork()
        }
    }

    /// The faults for the next send. A pending failure is used up only by a send that goes out
    /// (online), as `NetworkConditions` counts them for the URL protocol and the server.
    mutating func take() -> NetworkFaults {
        guard !offline, pendingFailures > 0 else { return NetworkFaults(offline: offline, failureStatus: nil) }
        pendingFailures -= 1
        return NetworkFaults(offline: false, failureStatus: failureStatus)
    }
}
