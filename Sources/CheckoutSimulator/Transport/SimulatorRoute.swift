import CheckoutSimSupport
import Foundation

/// A base URL routed to a simulator, with its network conditions (docs/control.md#faults).
public final class SimulatorRoute: Sendable {
    /// Requests whose URL starts with this go to the simulator; nil routes every request.
    public let baseURL: String?
    /// The simulator answering this route.
    public let simulator: Simulator
    let conditions = Locked(NetworkConditions())

    /// The number its `SimulatorURLProtocol` subclass answers for.
    let number: Int

    init(baseURL: String?, simulator: Simulator, number: Int) {
        self.baseURL = baseURL
        self.simulator = simulator
        self.number = number
    }

    /// The conditions now in force.
    public var currentConditions: NetworkConditions {
        conditions.withLock { $0 }
    }

    /// Replaces the conditions, every fault included.
    public func setConditions(_ new: NetworkConditions) {
        conditions.withLock { $0 = new }
    }

    /// Takes the route off the network, or back on.
    public func setOffline(_ offline: Bool) {
        conditions.withLock { $0.offline = offline }
    }

    /// Delays every response by `latency`.
    public func setLatency(_ latency: Duration) {
        conditions.withLock { $0.latency = latency }
    }

    /// Answers the next `count` requests (naming `operation`, or any) with `status` and a JSON
    /// error body; a count of 0 clears that failure.
    public func failNext(_ count: Int, status: Int = 503, operation: String? = nil) {
        inject(NetworkFault(.fail(status: status), operation: operation, count: max(0, count)))
    }

    /// Puts `fault` in force beside the others; it replaces one of the same kind and aim.
    public func inject(_ fault: NetworkFault) {
        conditions.withLock { $0.add(fault) }
    }

    /// Stops routing this base URL.
    public func unregister() {
        _ = SimulatorURLProtocol.routes.withLock { $0.live.removeValue(forKey: number) }
    }

    func matches(_ url: URL) -> Bool {
        guard let baseURL else { return true }
        let text = url.absoluteString
        guard text.hasPrefix(baseURL) else { return false }
        let rest = text.dropFirst(baseURL.count)
        return rest.isEmpty || rest.first == "?" || rest.first == "/" || baseURL.hasSuffix("/")
    }
}
