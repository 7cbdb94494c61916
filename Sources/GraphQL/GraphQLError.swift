/// One step of a response path: a field's response key or a list index.
public enum PathComponent: Sendable, Equatable, CustomStringConvertible {
    case key(String)
    case index(Int)

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
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let parseFailed = Code(rawValue: "GRAPHQL_PARSE_FAILED")
        public static let validationFailed = Code(rawValue: "GRAPHQL_VALIDATION_FAILED")
        public static let badUserInput = Code(rawValue: "BAD_USER_INPUT")
        public static let operationResolutionFailure = Code(rawValue: "OPERATION_RESOLUTION_FAILURE")
        public static let internalServerError = Code(rawValue: "INTERNAL_SERVER_ERROR")
        public static let badRequest = Code(rawValue: "BAD_REQUEST")
    }

    public var message: String
    public var locations: [SourceLocation]
    public var path: [PathComponent]?
    public var code: Code

    public init(_ message: String, locations: [SourceLocation] = [], path: [PathComponent]? = nil, code: Code) {
        self.message = message
        self.locations = locations
        self.path = path
        self.code = code
    }

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
        object.append("extensions", .object(JSONObject([("code", .string(code.rawValue))])))
        return .object(object)
    }
}
