import CheckoutSimCommerce
import CheckoutSimGraphQL

/// What scenarios run against: anything that answers GraphQL for a session and has a clock.
package protocol ScenarioTarget: AnyObject, Sendable {
    var schema: Schema { get }
    func execute(_ request: GraphQLRequest, session: String) -> GraphQLResponse
    @discardableResult func advance(seconds: Int64) -> Instant
}

/// Makes a fresh target for each scenario file from its header's seed and clock.
package typealias ScenarioTargetFactory = @Sendable (_ seed: UInt64?, _ now: String?) throws -> any ScenarioTarget
