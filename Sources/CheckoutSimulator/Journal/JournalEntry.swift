import CheckoutSimCommerce
import CheckoutSimGraphQL

extension Simulator {
    /// One GraphQL request the simulator answered, as its journal keeps it (docs/journal.md).
    public struct JournalEntry: Sendable, Equatable {
        /// How a request reached the simulator.
        public enum Transport: String, Sendable, Equatable {
            case http, urlprotocol, stdio, library
            /// The hosted checkout page's own requests (docs/checkout-page.md).
            case checkoutPage = "checkout-page"
            /// The playground's own requests: its schema, and queries run from it (docs/http.md#the-playground).
            case playground
        }

        /// 1, 2, … since the last reset.
        public let seq: Int
        /// The virtual clock when the request ran.
        public let at: Instant
        /// The session it ran in.
        public let session: String
        /// How it arrived.
        public let transport: Transport
        /// The operation it named, or the document's only operation's name.
        public let operationName: String?
        /// `query` or `mutation`; nil when the document did not parse or name an operation it has.
        public let operationType: String?
        /// The document text, as sent.
        public let query: String
        /// The variables, as received.
        public let variables: JSONObject
        /// The HTTP status it was answered with (200 for the library and stdio, 0 when no response came).
        public let status: Int
        /// Every GraphQL error's `extensions.code` and every payload `errors[].code`, in response order.
        public let errorCodes: [String]
        /// The injected fault it met (`offline`, `drop`, `fail 503`, `truncate`, …), or nil.
        public var fault: String? { faultMet?.name }
        /// The fault it met, as a value.
        let faultMet: Fault?
        /// Apollo's client name and version headers, when the client sent them.
        public let client: Client?

        /// The response document it got (empty when none came), shared with the transport, not
        /// copied: recording reads it to find the values later requests took from it.
        let response: [UInt8]
        /// The operation name the request gave, when it gave one: a recording sends it again.
        let requestedOperation: String?
        /// Whether the persisted-query step refused the request before it ran: a recording notes
        /// it without replaying it (a scenario sends documents, not hashes).
        let persistedRefusal: Bool
        /// The dialect it spoke: the shop's schema or Shopify's Storefront API.
        public var dialect: Dialect = .native
        /// Each unmodeled Storefront field (`Type.field`) it read, which answered its default
        /// (docs/storefront.md#unmodeled-fields).
        public var unmodeled: [String] = []
        /// The Storefront API version that answered it (docs/storefront.md#api-versions); nil for a native request.
        public var apiVersion: StorefrontVersion? = nil
        /// Where its passwords and tokens stood, each written `"<redacted>"` (docs/journal.md#secrets):
        /// a recording names them by these labels.
        var secretPlaces: [SecretPlace] = []

        /// A fault a request met (docs/journal.md): no network, or one of the injected faults.
        enum Fault: Sendable, Equatable {
            case offline
            case network(NetworkFault.Kind)

            /// How the journal names it: `offline`, or the fault as a scenario's `network` line says it.
            var name: String {
                switch self {
                case .offline: "offline"
                case .network(let kind): NetworkFault(kind).summary
                }
            }

            /// Whether the request ran (the fault shaped only its delivery).
            var ran: Bool {
                switch self {
                case .offline, .network(.drop), .network(.fail), .network(.garbage), .network(.error): false
                case .network(.truncate), .network(.slow), .network(.latency): true
                }
            }
        }

        /// A client's `apollographql-client-name` and `-version`.
        public struct Client: Sendable, Equatable {
            public let name: String
            public let version: String?
        }

        /// The entry as the journal's JSON shows it, keys in the documented order.
        public var json: JSON {
            .object(JSONObject([
                ("seq", .int(seq)),
                ("at", .string(at.iso8601)),
                ("session", .string(session)),
                ("transport", .string(transport.rawValue)),
                ("operationName", operationName.map(JSON.string) ?? .null),
                ("operationType", operationType.map(JSON.string) ?? .null),
                ("query", .string(query)),
                ("variables", .object(variables)),
                ("status", .int(status)),
                ("errorCodes", .array(errorCodes.map(JSON.string))),
                ("fault", fault.map(JSON.string) ?? .null),
                ("client", client.map { client in
                    .object(JSONObject([("name", .string(client.name)), ("version", client.version.map(JSON.string) ?? .null)]))
                } ?? .null),
                ("dialect", .string(dialect.rawValue)),
            ] + (dialect == .storefront
                ? [("apiVersion", apiVersion.map { .string($0.rawValue) } ?? .null), ("unmodeled", .array(unmodeled.map(JSON.string)))] : [])
              + (dialect == .customerAccount ? [("unmodeled", .array(unmodeled.map(JSON.string)))] : [])))
        }
    }
}
