import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// What scenarios run against: anything that answers GraphQL for a session and has a clock.
package protocol ScenarioTarget: AnyObject, Sendable {
    var schema: Schema { get }
    /// Runs `request` in `dialect` (`native`, or another the target's parser was given).
    func execute(_ request: GraphQLRequest, session: String, dialect: String) -> GraphQLResponse
    @discardableResult func advance(seconds: Int64) -> Instant
    /// Posts `request` to the GraphQL-over-HTTP handler the transports share, after the faults
    /// it meets in `network` (which it uses up): how its answer is delivered, and those faults.
    /// Pulls `lever` on the live shop; why it was refused (an unknown product, offer or reward), or nil.
    func pull(_ lever: Lever) -> String?
    func exchange(_ request: GraphQLRequest, session: String, dialect: String, network: inout NetworkConditions) -> (Delivery, FaultsForRequest)
}

/// Makes a fresh target for each scenario file from its header's seed and clock.
package typealias ScenarioTargetFactory = @Sendable (_ seed: UInt64?, _ now: String?) throws -> any ScenarioTarget
