import Foundation
import CheckoutSimGraphQL

/// GraphQL over HTTP for the simulator: turns an HTTP request into a GraphQL response and status.
///
/// The one owner of these semantics: `SimulatorURLProtocol` and `SimulatorServer` both answer
/// through it, so their statuses, headers and bodies cannot drift apart.
public enum GraphQLHTTP {
    /// An HTTP answer: status, headers and body.
    public struct Answer: Sendable {
        /// The HTTP status code.
        public let status: Int
        /// Response headers, such as `Content-Type` and `Allow`.
        public let headers: [String: String]
        /// The response body, compact JSON.
        public let body: Data
        /// The session the request ran in, for the server's log.
        var session = "default"
        /// The operation names the request gave, for the server's log.
        var operationNames: [String] = []
    }

    /// The GraphQL-over-HTTP media type.
    public static let graphQLResponseType = "application/graphql-response+json"
    /// The most operations one batch may hold.
    static let maxBatchOperations = 100

    /// Answers `method` with `body` or URL `queryItems`, as the GraphQL-over-HTTP draft describes.
    ///
    /// With `Accept: application/graphql-response+json` a response without `data` gets 400 for
    /// unreadable requests and syntax errors, 422 for documents that do not validate or cannot
    /// run; otherwise, and for every response with `data`, the status is 200. A JSON array body
    /// is a batch (as Apollo's batch link sends): an array of responses, in order, status 200.
    /// The session is the `X-Checkout-Session` header, else the `session` query parameter, else
    /// the body's `session`, else `default`.
    public static func answer(
        method: String, url: URL, headers: [String: String], body: Data?, simulator: Simulator
    ) -> Answer {
        answer(method: method, query: url.query ?? "", headers: headers, body: body.map { Array($0) }, simulator: simulator)
    }

    /// The same, for a raw (percent-encoded) query string and body bytes; `cancelled` stops the
    /// request (and a batch between its operations) once the client has gone.
    static func answer(
        method: String, query: String, headers: [String: String], body: [UInt8]?, simulator: Simulator, cancelled: CancellationCheck? = nil
    ) -> Answer {
        let modern = (header("accept", in: headers) ?? "").contains(graphQLResponseType)
        let reply = Reply(modern: modern)
        guard let parameters = FormQuery.decode(query) else {
            return reply.bad("The query string is not valid percent-encoding.", status: 400)
        }
        let headerSession = header("x-checkout-session", in: headers).flatMap { $0.isEmpty ? nil : $0 }
            ?? parameters.last { $0.name == "session" && !$0.value.isEmpty }?.value
        let limits = simulator.limits

        switch method {
        case "GET":
            var object = JSONObject()
            for (name, value) in parameters where name != "session" {
                switch name {
                case "variables", "extensions":
                    guard let parsed = try? JSONParser.parse(value, maxDepth: limits.maxVariablesDepth + 1) else {
                        return reply.bad("The \(name) parameter is not valid JSON.", status: 400)
                    }
                    object[name] = parsed
                default:
                    object[name] = .string(value)
                }
            }
            switch StdioProtocol.request(from: object, maxVariablesBytes: limits.maxVariablesBytes) {
            case .failure(let failure):
                return reply.bad(failure.message, status: 400)
            case .success(let (request, _)):
                if GraphQLEngine.isMutation(request.query, operationName: request.operationName) {
                    return reply.bad("Mutations must be sent with POST.", status: 405, extra: ["Allow": "POST"])
                }
                let session = headerSession ?? "default"
                return reply.single(
                    simulator.execute(request, session: session, caching: .reuse, cancelled: cancelled), session: session, operation: request.operationName)
            }
        case "POST":
            let type = ASCII.lowercased((header("content-type", in: headers) ?? "").utf8)
            guard type.hasPrefix("application/json") || type.hasPrefix(graphQLResponseType) else {
                return reply.bad("Send the request as Content-Type: application/json.", status: 415)
            }
            guard let body, let json = try? JSONParser.parse(body, maxDepth: limits.maxVariablesDepth + 3) else {
                return reply.bad("The request body is not valid JSON.", status: 400)
            }
            switch json {
            case .object(let object):
                switch StdioProtocol.request(from: object, maxVariablesBytes: limits.maxVariablesBytes) {
                case .failure(let failure): return reply.bad(failure.message, status: 400)
                case .success(let (request, bodySession)):
                    let session = headerSession ?? bodySession ?? "default"
                    return reply.single(
                        simulator.execute(request, session: session, caching: .reuse, cancelled: cancelled), session: session,
                        operation: request.operationName)
                }
            case .array(let items):
                guard (1...maxBatchOperations).contains(items.count) else {
                    return reply.bad("A batch holds 1 to \(maxBatchOperations) operations; this one has \(items.count).", status: 400)
                }
                return batch(items, headerSession: headerSession, simulator: simulator, reply: reply, cancelled: cancelled)
            default:
                return reply.bad("The request body must be a JSON object, or an array of them for a batch.", status: 400)
            }
        default:
            return reply.bad("Use POST, or GET for queries.", status: 405, extra: ["Allow": "GET, POST"])
        }
    }

    /// Runs a batch's operations in order; an item that is not a request gets an error response in its place.
    private static func batch(_ items: [JSON], headerSession: String?, simulator: Simulator, reply: Reply, cancelled: CancellationCheck?) -> Answer {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        // The response limit bounds the whole batch, so each operation gets what the
        // ones before it left; past it, the rest answer RESPONSE_TOO_LARGE. The cost budget
        // is the whole HTTP request's too: the rest answer REQUEST_TOO_COMPLEX.
        var remaining = simulator.limits.maxResponseBytes
        var costLeft = simulator.limits.maxCost
        var names: [String] = []
        var sessions: [String] = []
        for (index, item) in items.enumerated() {
            // A client that has gone reads nothing: the operations it left are not run.
            if index > 0, let cancelled, cancelled() { break }
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let response: GraphQLResponse
            switch item.objectValue.map({ StdioProtocol.request(from: $0, maxVariablesBytes: simulator.limits.maxVariablesBytes) }) {
            case .success(let (request, bodySession))?:
                let session = headerSession ?? bodySession ?? "default"
                response = simulator.execute(
                    request, session: session, caching: .reuse, maxResponseBytes: remaining, maxCost: costLeft, cancelled: cancelled)
                costLeft -= response.cost
                names.append(request.operationName ?? "-")
                sessions.append(session)
            case .failure(let failure)?:
                response = GraphQLResponse(errors: [GraphQLError(failure.message, code: .badRequest)])
                names.append("-")
            case nil:
                response = GraphQLResponse(errors: [GraphQLError("Batch item \(index) is not a JSON object.", code: .badRequest)])
                names.append("-")
            }
            let written = response.compactBytes()
            remaining -= written.count
            bytes += written
        }
        bytes.append(UInt8(ascii: "]"))
        var answer = Answer(status: 200, headers: ["Content-Type": reply.contentType], body: Data(bytes))
        answer.session = sessions.first ?? headerSession ?? "default"
        answer.operationNames = names
        return answer
    }

    /// Builds answers in the media type the client asked for.
    private struct Reply {
        let modern: Bool
        var contentType: String {
            modern ? "\(graphQLResponseType); charset=utf-8" : "application/json; charset=utf-8"
        }

        func single(_ response: GraphQLResponse, session: String, operation: String?) -> Answer {
            var status = 200
            if response.data == nil, response.errors.contains(where: { $0.code == .tooManySessions }) {
                status = 429
            } else if modern, response.data == nil {
                let codes = response.errors.map(\.code)
                status = codes.contains(.parseFailed) || codes.contains(.badRequest) ? 400 : 422
            }
            var answer = Answer(status: status, headers: ["Content-Type": contentType], body: Data(response.compactBytes()))
            answer.session = session
            answer.operationNames = operation.map { [$0] } ?? []
            return answer
        }

        func bad(_ message: String, status: Int, extra: [String: String] = [:]) -> Answer {
            let response = GraphQLResponse(errors: [GraphQLError(message, code: HTTPStatusCode.code(for: status))])
            var headers = ["Content-Type": contentType]
            for (key, value) in extra { headers[key] = value }
            return Answer(status: status, headers: headers, body: Data(response.compactBytes()))
        }
    }

    /// The answer for a request a network fault stopped: `status`, with a GraphQL error body.
    static func injectedFailure(status: Int) -> Answer {
        let body = GraphQLResponse(errors: [GraphQLError("Injected failure: HTTP \(status).", code: .internalServerError)])
        return Answer(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(body.compactBytes()))
    }

    /// The field named `name` (given in lowercase) in any letter case: the server's fields are
    /// lowercase already (found at once), `URLRequest`'s as the app wrote them.
    static func header(_ name: String, in headers: [String: String]) -> String? {
        if let value = headers[name] { return value }
        return headers.first { key, _ in
            key.utf8.count == name.utf8.count
                && zip(key.utf8, name.utf8).allSatisfy { ASCII.lowercased($0) == $1 }
        }?.value
    }
}

/// Decodes `application/x-www-form-urlencoded` text, as GraphQL over HTTP's GET parameters are
/// written: `&`-separated `name=value` pairs, `+` for a space, `%XX` escapes.
enum FormQuery {
    /// The pairs in order; nil when an escape is malformed or decodes to invalid UTF-8.
    static func decode(_ query: String) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        for part in query.split(separator: "&") {
            let equals = part.firstIndex(of: "=")
            guard let name = unescape(part[..<(equals ?? part.endIndex)]),
                  let value = unescape(equals.map { part[part.index(after: $0)...] } ?? "")
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    private static func unescape(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
