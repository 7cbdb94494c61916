import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation

/// Network behaviour a route simulates for client tests; switchable at run time.
public struct NetworkConditions: Sendable, Equatable {
    /// Every request fails with `URLError(.notConnectedToInternet)`.
    public var offline = false
    /// A fixed delay before each response; no jitter.
    public var latency: Duration = .zero
    /// The next `count` requests get this HTTP status instead of reaching the simulator.
    public var failures: (count: Int, status: Int) = (0, 503)

    /// A healthy network: online, no latency, no injected failures.
    public init() {}

    /// What one request meets: an outage, a delay, or an injected failure status.
    struct ForRequest {
        let offline: Bool
        let latency: Duration
        let failure: Int?

        /// The answer `request` gets after these faults: nil for an outage (no response at all),
        /// the injected failure, or else `respond()`. A request a fault stops is journaled with
        /// it (docs/journal.md). The URL protocol, the server and scenarios all apply faults
        /// through here, so an outage or a failure looks the same on every transport.
        func answer(_ request: GraphQLHTTP.Request, simulator: Simulator, _ respond: () -> HTTPAnswer) -> HTTPAnswer? {
            if offline {
                GraphQLHTTP.journalFaulted(request, simulator: simulator, status: 0, errorCodes: [], fault: "offline")
                return nil
            }
            if let failure {
                GraphQLHTTP.journalFaulted(
                    request, simulator: simulator, status: failure, errorCodes: ["INTERNAL_SERVER_ERROR"], fault: "fail \(failure)")
                return GraphQLHTTP.injectedFailure(status: failure)
            }
            return respond()
        }
    }

    /// The conditions for the next request; consumes one injected failure when online.
    mutating func takeForRequest() -> ForRequest {
        var failure: Int?
        if !offline, failures.count > 0 {
            failures.count -= 1
            failure = failures.status
        }
        return ForRequest(offline: offline, latency: latency, failure: failure)
    }

    /// The control argument's shape (docs/control.md), as refusals show it.
    static let shape = #"{"offline"?: true, "latencyMs"?: 0…60000, "failNext"?: {"count": 1…1000, "status": 400…599}}"#

    /// Reads `{"offline"?: Bool, "latencyMs"?: Int, "failNext"?: {"count": N, "status": S}}`; what
    /// is left out is cleared, so each action states the whole set and `{}` clears everything.
    static func parse(_ argument: JSON?) -> Result<NetworkConditions, BadRequest> {
        guard case .object(let object)? = argument else {
            return .failure(BadRequest("Expected a JSON object. Send " + shape + "."))
        }
        var conditions = NetworkConditions()
        for (key, value) in zip(object.keys, object.values) {
            switch (key, value) {
            case ("offline", .bool(let offline)):
                conditions.offline = offline
            case ("latencyMs", .int(let milliseconds)) where (0...60_000).contains(milliseconds):
                conditions.latency = .milliseconds(milliseconds)
            case ("failNext", .object(let fail)):
                guard case .int(let count)? = fail["count"], (1...1_000).contains(count),
                      case .int(let status)? = fail["status"] ?? .int(503), (400...599).contains(status),
                      fail.keys.allSatisfy({ $0 == "count" || $0 == "status" })
                else { return .failure(BadRequest("failNext is wrong. Send " + shape + ".")) }
                conditions.failures = (count, status)
            default:
                return .failure(BadRequest("\"\(key)\" is unknown or out of range. Send " + shape + "."))
            }
        }
        return .success(conditions)
    }

    /// The conditions as the control API reports them; `failNext` is null when no failure is pending.
    var json: JSON {
        let milliseconds = latency.clampedNanoseconds / 1_000_000
        return .object(JSONObject([
            ("offline", .bool(offline)),
            ("latencyMs", .int(milliseconds)),
            ("failNext", failures.count == 0 ? .null
                : .object(JSONObject([("count", .int(failures.count)), ("status", .int(failures.status))]))),
        ]))
    }

    /// Equal when every setting is equal.
    public static func == (lhs: NetworkConditions, rhs: NetworkConditions) -> Bool {
        lhs.offline == rhs.offline && lhs.latency == rhs.latency && lhs.failures == rhs.failures
    }
}

/// A base URL routed to a simulator, with its network conditions.
public final class SimulatorRoute: Sendable {
    /// Requests whose URL starts with this go to the simulator; nil routes every request.
    public let baseURL: String?
    /// The simulator answering this route.
    public let simulator: Simulator
    private let conditions = Locked(NetworkConditions())

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

    /// Takes the route off the network, or back on.
    public func setOffline(_ offline: Bool) {
        conditions.withLock { $0.offline = offline }
    }

    /// Delays every response by `latency`.
    public func setLatency(_ latency: Duration) {
        conditions.withLock { $0.latency = latency }
    }

    /// Answers the next `count` requests with `status` (and a JSON error body).
    public func failNext(_ count: Int, status: Int = 503) {
        conditions.withLock { $0.failures = (max(0, count), status) }
    }

    /// Takes the conditions for one request: consumes one injected failure if any are left.
    func conditionsForNextRequest() -> NetworkConditions.ForRequest {
        conditions.withLock { $0.takeForRequest() }
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

extension Duration {
    /// Whole nanoseconds, between 0 and a day: a delay a test asks for can never overflow.
    var clampedNanoseconds: Int {
        let parts = components
        guard parts.seconds >= 0, parts.attoseconds >= 0 else { return 0 }
        guard parts.seconds < 86_400 else { return 86_400 * 1_000_000_000 }
        return Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
    }
}
