import CheckoutSimGraphQL
import CheckoutSimScenarios

extension Simulator {
    /// Which journal entries a lookup is about (docs/journal.md): every part given must hold.
    public struct RequestFilter: Sendable, Equatable {
        /// The session the request ran in.
        public var session: String?
        /// The operation's name.
        public var operation: String?
        /// `query` or `mutation`.
        public var type: String?
        /// The HTTP status it got.
        public var status: Int?
        /// An error code it got (GraphQL or payload).
        public var error: String?
        /// Only entries after this one (`seq` greater than it).
        public var since: Int?
        /// At most this many entries, the oldest matching first.
        public var limit: Int?
        /// Variables the request's must contain, as a scenario's `contains` matches objects.
        public var variables: JSONObject?

        /// A filter; what is left out is not tested.
        public init(
            session: String? = nil, operation: String? = nil, type: String? = nil, status: Int? = nil, error: String? = nil,
            since: Int? = nil, limit: Int? = nil, variables: JSONObject? = nil
        ) {
            self.session = session
            self.operation = operation
            self.type = type
            self.status = status
            self.error = error
            self.since = since
            self.limit = limit
            self.variables = variables
        }

        /// Whether `entry` passes every part but `limit`.
        public func matches(_ entry: JournalEntry) -> Bool {
            if let session, entry.session != session { return false }
            if let operation, entry.operationName != operation { return false }
            if let type, entry.operationType != type { return false }
            if let status, entry.status != status { return false }
            if let error, !entry.errorCodes.contains(error) { return false }
            if let since, entry.seq <= since { return false }
            if let variables, !ValueMatcher.contains(.object(entry.variables), .object(variables)) { return false }
            return true
        }

        /// Reads URL parameters (`session`, `operation`, `type`, `status`, `error`, `since`,
        /// `limit`, `variables` as JSON); anything else is refused.
        package static func parse(_ parameters: [(name: String, value: String)]) -> Result<RequestFilter, BadRequest> {
            var filter = RequestFilter()
            for (name, value) in parameters {
                switch name {
                case "session": filter.session = value
                case "operation": filter.operation = value
                case "type":
                    guard value == "query" || value == "mutation" else { return .failure(BadRequest("type is query or mutation, not \"\(value)\".")) }
                    filter.type = value
                case "error": filter.error = value
                case "status", "since", "limit":
                    guard let number = Int(value), number >= 0, number <= 1_000_000_000 else {
                        return .failure(BadRequest("\(name) is a whole number, not \"\(value)\"."))
                    }
                    if name == "status" { filter.status = number } else if name == "since" { filter.since = number } else { filter.limit = number }
                case "variables":
                    guard case .object(let object)? = try? JSONParser.parse(value, maxDepth: 26) else {
                        return .failure(BadRequest("variables is a JSON object, such as {\"productId\":\"pixel-8\"}."))
                    }
                    filter.variables = object
                default:
                    return .failure(BadRequest(
                        "Unknown parameter \"\(name)\"; expected session, operation, type, status, error, since, limit or variables."))
                }
            }
            return .success(filter)
        }
    }
}
