/// How a schema prices a request before it runs (docs/limits.md#the-cost-rule): the simulator's
/// own budget, and optionally Shopify's calculated complexity for requests held to its limit.
package struct CostRule: Sendable {
    /// What each field costs against `RequestLimits.maxCost`.
    package var price: FieldCost
    /// The code a request over that budget is refused with (the native dialect's
    /// `REQUEST_TOO_COMPLEX`, the Storefront dialect's `QUERY_TOO_COMPLEX`).
    package var refusal: GraphQLError.Code
    /// Shopify's complexity of each field, held to `RequestLimits.maxComplexity` when a request
    /// has one (a Storefront request without an access token); nil: no such limit.
    package var complexity: FieldCost?

    package init(price: @escaping FieldCost, refusal: GraphQLError.Code = .requestTooComplex, complexity: FieldCost? = nil) {
        self.price = price
        self.refusal = refusal
        self.complexity = complexity
    }
}
