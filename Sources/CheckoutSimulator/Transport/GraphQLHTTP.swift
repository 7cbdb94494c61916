import Foundation
import CheckoutSimGraphQL

/// GraphQL over HTTP for the simulator: turns an HTTP request into a GraphQL response and status.
public enum GraphQLHTTP {
    /// An HTTP answer: status, headers and body.
    public struct Answer: Sendable {
        /// The HTTP status code.
        public let status: Int
        /// Response headers, such as `Content-Type` and `Allow`.
        public let headers: [String: String]
        /// The response body, compact JSON.
        public let body: Data
    }

    /// The GraphQL-over-HTTP media type.
    public static let graphQLResponseType = "application/graphql-response+json"

    /// Answers `method` with `body` or URL `queryItems`, as the GraphQL-over-HTTP draft describes.
    ///
    /// With `Accept: application/graphql-response+json` a response without `data` gets 400 for
    /// unreadable requests and syntax errors, 422 for documents that do not validate or cannot
    /// run; otherwise, and for every response with `data`, the status is 200.
    public static func answer(
        method: String, url: URL, headers: [String: String], body: Data?, simulator: Simulator
    ) -> Answer {
        let accept = header("Accept", in: headers) ?? ""
        let modern = accept.contains(graphQLResponseType)
        let contentType = modern ? "\(graphQLResponseType); charset=utf-8" : "application/json; charset=utf-8"
        let session = header("X-Checkout-Session", in: headers).flatMap { $0.isEmpty ? nil : $0 } ?? "default"

        func reply(_ response: GraphQLResponse, extra: [String: String] = [:]) -> Answer {
            var status = 200
            if modern, response.data == nil {
                let codes = response.errors.map(\.code)
                status = codes.contains(.parseFailed) || codes.contains(.badRequest) ? 400 : 422
            }
            var allHeaders = ["Content-Type": contentType]
            for (key, value) in extra { allHeaders[key] = value }
            return Answer(status: status, headers: allHeaders, body: Data(response.compactBytes()))
        }
        func bad(_ message: String, status: Int, extra: [String: String] = [:]) -> Answer {
            let response = GraphQLResponse(errors: [GraphQLError(message, code: .badRequest)])
            var allHeaders = ["Content-Type": contentType]
            for (key, value) in extra { allHeaders[key] = value }
            return Answer(status: status, headers: allHeaders, body: Data(response.compactBytes()))
        }

        switch method.uppercased() {
        case "GET":
            var object = JSONObject()
            for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
                guard let value = item.value else { continue }
                switch item.name {
                case "variables", "extensions":
                    guard let parsed = try? JSONParser.parse(value, maxDepth: simulator.limits.maxVariablesDepth + 1) else {
                        return bad("The \(item.name) parameter is not valid JSON.", status: 400)
                    }
                    object[item.name] = parsed
                default:
                    object[item.name] = .string(value)
                }
            }
            switch StdioProtocol.request(from: object, maxVariablesBytes: simulator.limits.maxVariablesBytes) {
            case .failure(let failure):
                return bad(failure.message, status: 400)
            case .success(let (request, _)):
                if GraphQLEngine.isMutation(request.query, operationName: request.operationName) {
                    return bad("Mutations must be sent with POST.", status: 405, extra: ["Allow": "POST"])
                }
                return reply(simulator.execute(request, session: session))
            }
        case "POST":
            let type = (header("Content-Type", in: headers) ?? "").lowercased()
            guard type.hasPrefix("application/json") || type.hasPrefix(graphQLResponseType) else {
                return bad("Send the request as Content-Type: application/json.", status: 415)
            }
            guard let body, let json = try? JSONParser.parse(Array(body), maxDepth: simulator.limits.maxVariablesDepth + 2) else {
                return bad("The request body is not valid JSON.", status: 400)
            }
            guard case .object(let object) = json else {
                return bad("The request body must be a JSON object.", status: 400)
            }
            switch StdioProtocol.request(from: object, maxVariablesBytes: simulator.limits.maxVariablesBytes) {
            case .failure(let failure): return bad(failure.message, status: 400)
            case .success(let (request, _)): return reply(simulator.execute(request, session: session))
            }
        default:
            return bad("Use POST, or GET for queries.", status: 405, extra: ["Allow": "GET, POST"])
        }
    }

    static func header(_ name: String, in headers: [String: String]) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
