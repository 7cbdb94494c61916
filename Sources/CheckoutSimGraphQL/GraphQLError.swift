/// One step of a response path: a field's response key or a list index.
public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
    case key(String)
    case index(Int)

    /// The component as JSON paths show it: a key, or an index in brackets.
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }

    var json: JSON {
        switch self {
        case .key(let key): .string(key)
        case .index(let index): .int(index)
        }
    }
}

/// An error in the GraphQL sense: a message with locations, a path and an `extensions.code`.
public struct GraphQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value of `extensions.code`.
    public struct Code: RawRepresentable, Sendable, Equatable, Hashable {
        /// The code as written in `extensions.code`.
        public let rawValue: String
        /// A code from its `extensions.code` text.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The document is not valid GraphQL syntax.
        public static let parseFailed = Code(rawValue: "GRAPHQL_PARSE_FAILED")
        /// The document breaks a validation rule of the schema.
        public static let validationFailed = Code(rawValue: "GRAPHQL_VALIDATION_FAILED")
        /// A variable or argument value does not fit its type.
        public static let badUserInput = Code(rawValue: "BAD_USER_INPUT")
        /// The operation to run cannot be chosen (unknown or ambiguous name).
        public static let operationResolutionFailure = Code(rawValue: "OPERATION_RESOLUTION_FAILURE")
        /// A resolver failed, or returned a value its type does not allow.
        public static let internalServerError = Code(rawValue: "INTERNAL_SERVER_ERROR")
        /// The request itself is malformed (not JSON, wrong shape).
        public static let badRequest = Code(rawValue: "BAD_REQUEST")
        /// The response would be larger than the limit; nothing of it is sent.
        public static let responseTooLarge = Code(rawValue: "RESPONSE_TOO_LARGE")
        /// The request names a new session, and its simulator holds as many as it keeps (HTTP 429).
        public static let tooManySessions = Code(rawValue: "TOO_MANY_SESSIONS")
        /// The request was stopped before its end because its client went away; nobody reads it.
        public static let requestCancelled = Code(rawValue: "REQUEST_CANCELLED")
        /// The request would cost more than `RequestLimits.maxCost` by the schema's cost rule; nothing of it ran.
        public static let requestTooComplex = Code(rawValue: "REQUEST_TOO_COMPLEX")
        /// The same refusal in the Storefront dialect, named as Shopify names it.
        public static let queryTooComplex = Code(rawValue: "QUERY_TOO_COMPLEX")
        /// A Storefront request without an access token is over Shopify's complexity limit for
        /// such requests (`RequestLimits.maxComplexity`); the error's `cost` and `maxCost` say by how much.
        public static let maxComplexityExceeded = Code(rawValue: "MAX_COMPLEXITY_EXCEEDED")

        /// Every code the engine itself gives, in the order above.
        public static let all: [Code] = [
            parseFailed, validationFailed, badUserInput, operationResolutionFailure, internalServerError, badRequest, responseTooLarge,
            requestTooComplex, queryTooComplex, maxComplexityExceeded, tooManySessions, requestCancelled,
        ]
    }

    /// What went wrong, in graphql-js's wording where it has one.
    public var message: String
    /// Where in the document, when the error has a place there.
    public var locations: [SourceLocation]
    /// The response path of the field that failed; nil for request errors.
    public var path: [PathComponent]?
    /// The machine-readable kind, written as `extensions.code`.
    public var code: Code
    /// Members written in `extensions` after `code` (a complexity refusal's `cost` and `maxCost`).
    public var extensions = JSONObject()

    /// An error with its message, places, path and code.
    public init(_ message: String, locations: [SourceLocation] = [], path: [PathComponent]? = nil, code: Code) {
        self.message = message
        self.locations = locations
        self.path = path
        self.code = code
    }

    /// The message with its first location, for logs and test failures.
    public var description: String {
        guard let first = locations.first else { return message }
        return "\(first.line):\(first.column): \(message)"
    }

    static func syntax(_ message: String, at offset: Int, in source: [UInt8]) -> GraphQLError {
        GraphQLError(
            "Syntax Error: " + message, locations: [SourceLocation.of(offset: offset, in: source)], code: .parseFailed)
    }

    /// The response form: `{"message", "locations"?, "path"?, "extensions": {"code"}}`.
    public var json: JSON {
        var object = JSONObject()
        object.append("message", .string(message))
        if !locations.isEmpty {
            object.append(
                "locations",
                .array(locations.map { .object(JSONObject([("line", .int($0.line)), ("column", .int($0.column))])) }))
        }
        if let path { object.append("path", .array(path.map(\.json))) }
        var extensions = JSONObject([("code", .string(code.rawValue))])
        for (key, value) in zip(self.extensions.keys, self.extensions.values) { extensions.append(key, value) }
        object.append("extensions", .object(extensions))
        return .object(object)
    }
}
