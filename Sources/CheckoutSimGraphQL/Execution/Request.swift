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

/// What executing a request produced: the response document's compact bytes, with `data`
/// (absent for request errors) and the errors.
///
/// The bytes are written once, by the executor's writer (`{"data":…` then the errors), and every
/// transport hands them on as they are.
public struct GraphQLResponse: Sendable {
    /// The compact response document: `{"data":…,"errors":[…]}`, keys in that order.
    private let bytes: [UInt8]
    /// Where `data`'s JSON lies in `bytes`; nil when the request failed before execution.
    private let dataRange: Range<Int>?
    /// Request errors, or field errors in the order they happened.
    public let errors: [GraphQLError]
    /// What the request cost by the schema's cost rule (0 without one, or when it did not run),
    /// so a batch can spend one budget across its operations.
    package internal(set) var cost = 0
    /// Where fields that deferred fragments bring were written (`Deferral`); empty without an
    /// active `@defer`. `IncrementalDelivery` splits the answer by them.
    package internal(set) var deferredObjects: [DeferredObject] = []

    /// The compact JSON of `data`, or nil when the request failed before execution.
    /// - Complexity: O(n), a copy of the data's bytes; `hasData` answers whether there is any in O(1).
    public var data: [UInt8]? {
        dataRange.map { Array(bytes[$0]) }
    }

    /// Where `data`'s JSON lies in `compactBytes()`, when there is data.
    package var dataSpan: Range<Int>? { dataRange }

    /// Whether the response has `data` (false for request errors).
    public var hasData: Bool { dataRange != nil }

    /// A response with compact `data` bytes (nil when there is no data) and errors.
    public init(data: [UInt8]?, errors: [GraphQLError]) {
        var writer = JSONWriter(capacity: (data?.count ?? 0) + 64)
        if let data {
            writer.append(Self.dataPrefix)
            writer.append(data)
        } else {
            writer.append("{")
        }
        self.init(writer: &writer, dataStart: data == nil ? nil : Self.dataPrefix.utf8CodeUnitCount, errors: errors)
    }

    /// A response without data: the request could not run.
    public init(errors: [GraphQLError]) {
        self.init(data: nil, errors: errors)
    }

    /// What a response's writer starts with, before `data`'s JSON.
    static let dataPrefix: StaticString = "{\"data\":"

    /// Completes the document `writer` holds — `{"data":` and `data`'s JSON from `dataStart`, or
    /// only `{` when `dataStart` is nil — with the errors and the closing brace.
    init(writer: inout JSONWriter, dataStart: Int?, errors: [GraphQLError]) {
        let dataEnd = writer.count
        if !errors.isEmpty {
            if dataStart != nil { writer.append(",") }
            writer.append("\"errors\":")
            writer.write(.array(errors.map(\.json)))
        }
        writer.append("}")
        bytes = writer.bytes
        dataRange = dataStart.map { $0..<dataEnd }
        self.errors = errors
    }

    /// The response document bytes: `{"data":…,"errors":[…]}`, keys in that order, compact.
    /// - Complexity: O(1); the bytes are shared, not copied.
    public func compactBytes() -> [UInt8] {
        bytes
    }

    /// How many bytes the `errors` member adds to the compact response.
    static func errorsByteCount(_ errors: [GraphQLError]) -> Int {
        guard !errors.isEmpty else { return 0 }
        var writer = JSONWriter()
        writer.write(.array(errors.map(\.json)))
        return writer.count + 10
    }

    /// The whole response as a JSON value.
    public var json: JSON {
        var object = JSONObject()
        if let dataRange { object.append("data", (try? JSONParser.parse(Array(bytes[dataRange]))) ?? .null) }
        if !errors.isEmpty { object.append("errors", .array(errors.map(\.json))) }
        return .object(object)
    }

    /// The response serialised; pretty output is 2-space indented and ends with a newline.
    public func serialized(pretty: Bool) -> String {
        guard pretty else { return String(decoding: compactBytes(), as: UTF8.self) }
        return String(decoding: JSONReindent.pretty(compactBytes()), as: UTF8.self) + "\n"
    }
}
