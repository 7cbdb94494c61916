/// A GraphQL request as clients send it.
public struct GraphQLRequest: Sendable {
    /// The document text.
    public var query: String
    /// The variable values, as JSON.
    public var variables: JSONObject
    /// Which operation of the document to run; needed when it has several.
    public var operationName: String?

    /// A request for `query` with `variables`, running `operationName` if given.
    public init(query: String, variables: JSONObject = JSONObject(), operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }
}

/// What executing a request produced: compact `data` bytes (absent for request errors) and errors.
public struct GraphQLResponse: Sendable {
    /// The compact JSON of `data`, or nil when the request failed before execution.
    public let data: [UInt8]?
    /// Request errors, or field errors in the order they happened.
    public let errors: [GraphQLError]
    /// What the request cost by the schema's cost rule (0 without one, or when it did not run),
    /// so a batch can spend one budget across its operations.
    package internal(set) var cost = 0

    /// A response with compact `data` bytes (nil when there is no data) and errors.
    public init(data: [UInt8]?, errors: [GraphQLError]) {
        self.data = data
        self.errors = errors
    }

    /// A response without data: the request could not run.
    public init(errors: [GraphQLError]) {
        self.init(data: nil, errors: errors)
    }

    /// The response document bytes: `{"data":…,"errors":[…]}`, keys in that order, compact.
    public func compactBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: (data?.count ?? 0) + 64)
        writer.append("{")
        if let data {
            writer.append("\"data\":")
            writer.append(data)
        }
        if !errors.isEmpty {
            if data != nil { writer.append(",") }
            writer.append("\"errors\":")
            writer.write(.array(errors.map(\.json)))
        }
        writer.append("}")
        return writer.bytes
    }

    /// How many bytes the `errors` member adds to the compact response.
    var errorsByteCount: Int {
        guard !errors.isEmpty else { return 0 }
        var writer = JSONWriter()
        writer.write(.array(errors.map(\.json)))
        return writer.count + 10
    }

    /// The whole response as a JSON value.
    public var json: JSON {
        var object = JSONObject()
        if let data { object.append("data", (try? JSONParser.parse(data)) ?? .null) }
        if !errors.isEmpty { object.append("errors", .array(errors.map(\.json))) }
        return .object(object)
    }

    /// The response serialised; pretty output is 2-space indented and ends with a newline.
    public func serialized(pretty: Bool) -> String {
        guard pretty else { return String(decoding: compactBytes(), as: UTF8.self) }
        return String(decoding: JSONReindent.pretty(compactBytes()), as: UTF8.self) + "\n"
    }
}
