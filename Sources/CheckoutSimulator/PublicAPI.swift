import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimSupport
import Foundation

// The public surface of `import CheckoutSimulator`, whole (`PublicSurfaceTests` keeps this list
// true): the library's own types
//
//   Simulator, SimulatorError, Fixtures, FixtureSource, FixtureError, FixtureProblem,
//   SimulatorURLProtocol, SimulatorRoute, SimulatorServer, ScenarioRun,
//   ResponseDecodingError
//
// and the names below. The engine and the shop are separate modules that are not re-exported,
// so an app's own `Product`, `Cart`, `Order`, `Money`, `Schema` or `Document` never becomes
// ambiguous (docs/swift-api.md). What the API needs from them is named here: request, response
// and error at top level under GraphQL names, the rest nested under `Simulator`. Everything else
// the modules share is `package`.

/// A GraphQL request: the document, its variables and the operation to run.
public typealias GraphQLRequest = CheckoutSimGraphQL.GraphQLRequest
/// A GraphQL response: `data` and `errors`, serialised deterministically.
public typealias GraphQLResponse = CheckoutSimGraphQL.GraphQLResponse
/// The network a transport simulates: offline or not, and the faults in force (docs/control.md#faults).
public typealias NetworkConditions = CheckoutSimSupport.NetworkConditions
/// One injected network fault, optionally aimed at an operation and counted.
public typealias NetworkFault = CheckoutSimSupport.NetworkFault
/// One entry of a response's `errors`, with `locations`, `path` and `extensions.code`.
public typealias GraphQLError = CheckoutSimGraphQL.GraphQLError

extension Simulator {
    /// A JSON value: variables, response data, scenario values.
    public typealias JSON = CheckoutSimGraphQL.JSON
    /// A JSON object whose members keep the order they were written in.
    public typealias JSONObject = CheckoutSimGraphQL.JSONObject
    /// A time on the simulator's virtual clock, whole seconds since 1970 in UTC.
    public typealias Instant = CheckoutSimCommerce.Instant
    /// The request limits of docs/limits.md (document size, depth, response size, …).
    public typealias Limits = RequestLimits
    /// A Storefront API version the dialect serves with its own schema (docs/storefront.md#api-versions).
    public typealias StorefrontVersion = StorefrontAPIVersion
}

extension GraphQLRequest {
    /// The variables of a request: a JSON object, written as a literal like `["first": 4, "after": nil]`.
    public typealias Variables = JSONObject

    /// A request whose variables are any `Encodable` value that encodes as a JSON object:
    /// `try GraphQLRequest(query: q, encoding: Page(first: 4))`.
    ///
    /// Keys come out sorted, so the same value always makes the same request. (A label of its
    /// own, because with `variables:` a dictionary literal would pick this overload.)
    public init(query: String, encoding variables: some Encodable, operationName: String? = nil) throws(ResponseDecodingError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object: JSONObject?
        do {
            object = try JSONParser.parse(Array(encoder.encode(variables))).objectValue
        } catch {
            throw ResponseDecodingError(message: "Cannot encode the variables: \(error)")
        }
        guard let object else {
            throw ResponseDecodingError(message: "The variables must encode as a JSON object, not a single value or an array.")
        }
        self.init(query: query, variables: object, operationName: operationName)
    }
}

extension GraphQLResponse {
    /// The response document as text: compact, or 2-space indented with a final newline.
    /// The same response always gives the same bytes.
    public func json(pretty: Bool) -> String {
        serialized(pretty: pretty)
    }
}
