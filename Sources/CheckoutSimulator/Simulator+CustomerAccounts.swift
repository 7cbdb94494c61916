import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Shopify's Customer Account API through the library (docs/customers.md#customer-accounts).
extension Simulator {
    /// An access token of the new customer accounts for the customer `email` names, as the sign-in
    /// page and the token endpoint would give it (an hour on the virtual clock); nil when no
    /// customer has the email or theirs is disabled.
    public func customerAccountToken(email: String) -> String? {
        withState { state in try? state.shop.openAccountSession(email: email, clientId: "checkout-sim-library").accessToken }
    }

    /// Executes one Customer Account API request for the customer `token` names (without a live
    /// one the answer is `UNAUTHORIZED`, as over HTTP it is a 401).
    public func execute(_ request: GraphQLRequest, session: String = "default", customerAccountToken token: String) -> GraphQLResponse {
        execute(request, session: session, caching: .reuse, note: .customerAccount(token: token))
    }
}
