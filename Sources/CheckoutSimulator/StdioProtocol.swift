import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The line protocol of `checkout-sim serve --stdio`: one JSON request in, one compact JSON line out.
///
/// Lines are `{"query", "variables"?, "operationName"?, "session"?}`, or the control lines
/// `{"reset": true}` and `{"advance": "2h"}`. Anything else is answered with a `BAD_REQUEST` error.
public struct StdioProtocol: Sendable {
    /// The simulator every line is answered by.
    public let simulator: Simulator
    /// The session of lines that name none.
    public let defaultSession: String

    /// A protocol answering lines with `simulator`.
    public init(simulator: Simulator, defaultSession: String = "default") {
        self.simulator = simulator
        self.defaultSession = defaultSession
    }

    /// The response line for one input line (without the newline); nil for a blank line.
    public func respond(to line: String) -> String? {
        var line = line
        return line.withUTF8 { respond(toLine: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The response bytes for one input line's bytes (without the newline); nil for a blank line.
    ///
    /// Bytes in, bytes out: `serve --stdio` never turns a line or a response into a `String`.
    package func respond(toLine line: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // JSON's whitespace is these four bytes; a line of nothing else is skipped.
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) else { return nil }
        let json: JSON
        do {
            json = try JSONParser.parse(line, maxDepth: simulator.limits.maxVariablesDepth + 2)
        } catch {
            return badRequest("The line is not valid JSON: \(error.line):\(error.column): \(error.message).")
        }
        guard case .object(let object) = json else {
            return badRequest("Expected a JSON object, found \(json.kindDescription).")
        }
        if let reset = object["reset"] {
            guard reset == .bool(true), object.count == 1 else { return badRequest("A reset line is exactly {\"reset\": true}.") }
            simulator.reset()
            return Array(#"{"ok":true}"#.utf8)
        }
        if let advance = object["advance"] {
            guard object.count == 1, let text = advance.stringValue, let seconds = AdvanceDuration.seconds(from: text) else {
                return badRequest("An advance line is {\"advance\": \"2h\"}, with units s, m, h or d.")
            }
            let now = simulator.advance(seconds: seconds)
            return Array(JSON.object(JSONObject([("ok", .bool(true)), ("now", .string(now.iso8601))])).serialized().utf8)
        }
        switch Self.request(from: object, maxVariablesBytes: simulator.limits.maxVariablesBytes) {
        case .failure(let failure):
            return badRequest(failure.message)
        case .success(let (request, session)):
            return simulator.execute(request, session: session ?? defaultSession).compactBytes()
        }
    }

    /// Reads `{"query", "variables", "operationName", "session"}`, rejecting unknown keys.
    /// Variables whose JSON is longer than `maxVariablesBytes` are refused (SPEC §4).
    static func request(from object: JSONObject, maxVariablesBytes: Int) -> Result<(GraphQLRequest, String?), BadRequest> {
        for key in object.keys where !["query", "variables", "operationName", "session", "extensions"].contains(key) {
            return .failure(BadRequest("Unknown key \"\(key)\"; expected query, variables, operationName or session."))
        }
        guard let query = object["query"]?.stringValue else {
            return .failure(BadRequest("Expected \"query\" to be a string."))
        }
        var variables = JSONObject()
        switch object["variables"] {
        case nil, .null?: break
        case .object(let given)?:
            var writer = JSONWriter()
            writer.write(.object(given))
            guard writer.count <= maxVariablesBytes else {
                return .failure(BadRequest("The variables are \(writer.count) bytes of JSON, more than the limit of \(maxVariablesBytes)."))
            }
            variables = given
        case let other?: return .failure(BadRequest("Expected \"variables\" to be an object, found \(other.kindDescription)."))
        }
        var operationName: String?
        switch object["operationName"] {
        case nil, .null?: break
        case .string(let name)?: operationName = name
        case let other?: return .failure(BadRequest("Expected \"operationName\" to be a string, found \(other.kindDescription)."))
        }
        var session: String?
        switch object["session"] {
        case nil, .null?: break
        case .string(let name)? where !name.isEmpty: session = name
        case let other?: return .failure(BadRequest("Expected \"session\" to be a non-empty string, found \(other.serialized())."))
        }
        return .success((GraphQLRequest(query: query, variables: variables, operationName: operationName), session))
    }

    /// The answer to a line longer than `maxBytes`, which is skipped up to its newline.
    package func lineTooLong(maxBytes: Int) -> [UInt8] {
        badRequest("The line is longer than \(maxBytes) bytes; it was skipped up to its newline.")
    }

    private func badRequest(_ message: String) -> [UInt8] {
        GraphQLResponse(errors: [GraphQLError(message, code: .badRequest)]).compactBytes()
    }
}

/// Why a request line or body was rejected before reaching GraphQL.
struct BadRequest: Error, Sendable {
    /// Why the request was rejected.
    let message: String
    /// A rejection with `message`.
    init(_ message: String) { self.message = message }
}
