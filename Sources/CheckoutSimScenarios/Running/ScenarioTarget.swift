import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// What scenarios run against: anything that answers GraphQL for a session and has a clock.
package protocol ScenarioTarget: AnyObject, Sendable {
    var schema: Schema { get }
    func execute(_ request: GraphQLRequest, session: String) -> GraphQLResponse
    @discardableResult func advance(seconds: Int64) -> Instant
    /// Posts `request` to the GraphQL-over-HTTP handler the transports share, after `faults`;
    /// nil when the faults leave no response (offline).
    func exchange(_ request: GraphQLRequest, session: String, faults: NetworkFaults) -> HTTPAnswer?
}

/// The faults one send over HTTP meets.
package struct NetworkFaults: Sendable, Equatable {
    /// No response comes.
    package let offline: Bool
    /// The status answered instead of reaching the engine, when a `network fail` is pending.
    package let failureStatus: Int?
}

/// Makes a fresh target for each scenario file from its header's seed and clock.
package typealias ScenarioTargetFactory = @Sendable (_ seed: UInt64?, _ now: String?) throws -> any ScenarioTarget
