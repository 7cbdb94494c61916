import Foundation
import CheckoutSimGraphQL

/// A GraphQL request as a transport received it, with the session its body named.
struct DecodedRequest: Sendable {
    /// The document, variables and operation name; the document is empty until a persisted
    /// query's hash is resolved (`GraphQLHTTP.resolvePersisted`).
    var request: GraphQLRequest
    /// The body's `session` member, when it has one (a header or parameter takes precedence).
    var session: String?
    /// `extensions.persistedQuery`, when the client sent one (docs/apollo.md).
    var persistedQuery: PersistedQueryReference? = nil
    /// Whether the request carried its document's text (`query`).
    var hasQuery = true
}

/// `{"version": 1, "sha256Hash": H}`: a document named by its SHA-256.
struct PersistedQueryReference: Sendable, Equatable {
    var version: Int
    /// The hash as sent (compared with the lowercase hex of the text's SHA-256).
    var hash: String
}

/// Why a request line or body was rejected before reaching GraphQL.
package struct BadRequest: Error, Sendable {
    /// Why the request was rejected, as the client reads it.
    package let message: String
    /// A rejection with `message`.
    init(_ message: String) { self.message = message }
}

/// Reads GraphQL requests from what the transports receive (docs/http.md, "GraphQL over HTTP"):
/// a POST body (one request, or an array of them for a batch), GET query parameters, or one JSON
/// object (a batch item, a `serve --stdio` line). The one decoder every transport uses.
enum GraphQLRequestDecoding {
    /// A POST body: one request, or a batch whose items are decoded one by one.
    enum Body {
        case single(DecodedRequest)
        case batch([Result<DecodedRequest, BadRequest>])
    }

    /// The most operations one batch may hold.
    static let maxBatchOperations = 100

    /// Decodes a POST body of JSON.
    static func post(_ body: [UInt8], limits: RequestLimits) -> Result<Body, BadRequest> {
        let json: JSON
        do {
            json = try JSONParser.parse(body, maxDepth: limits.maxVariablesDepth + 3)
        } catch {
            return .failure(BadRequest("The request body is not valid JSON: \(error.line):\(error.column): \(error.message)."))
        }
        switch json {
        case .object(let object):
            return request(from: object, sourceBytes: body.count, limits: limits).map(Body.single)
        case .array(let items):
            guard (1...maxBatchOperations).contains(items.count) else {
                return .failure(BadRequest("A batch holds 1 to \(maxBatchOperations) operations; this one has \(items.count)."))
            }
            return .success(.batch(items.enumerated().map { index, item in
                guard case .object(let object) = item else {
                    return .failure(BadRequest("Batch item \(index) is not a JSON object."))
                }
                return request(from: object, sourceBytes: body.count, limits: limits)
            }))
        default:
            return .failure(BadRequest("The request body must be a JSON object, or an array of them for a batch."))
        }
    }

    /// Decodes GET parameters (already percent-decoded): `query`, `variables` and `extensions`
    /// as JSON text, `operationName`; `session` is the transport's and is skipped here.
    static func get(_ parameters: [(name: String, value: String)], limits: RequestLimits) -> Result<DecodedRequest, BadRequest> {
        var object = JSONObject()
        var sourceBytes = 0
        for (name, value) in parameters where name != "session" {
            switch name {
            case "variables", "extensions":
                guard let parsed = try? JSONParser.parse(value, maxDepth: limits.maxVariablesDepth + 1) else {
                    return .failure(BadRequest("The \(name) parameter is not valid JSON."))
                }
                object[name] = parsed
                sourceBytes += value.utf8.count
            default:
                object[name] = .string(value)
            }
        }
        return request(from: object, sourceBytes: sourceBytes, limits: limits)
    }

    /// Reads `{"query", "variables"?, "operationName"?, "session"?, "extensions"?}`, rejecting
    /// unknown keys. `sourceBytes` is the length of the JSON text the object came from: variables
    /// within it are within the variables limit without being measured (docs/limits.md).
    static func request(from object: JSONObject, sourceBytes: Int, limits: RequestLimits) -> Result<DecodedRequest, BadRequest> {
        for key in object.keys where !["query", "variables", "operationName", "session", "extensions"].contains(key) {
            return .failure(BadRequest("Unknown key \"\(key)\"; expected query, variables, operationName or session."))
        }
        var persistedQuery: PersistedQueryReference?
        if case .object(let extensions)? = object["extensions"], let persisted = extensions["persistedQuery"] {
            guard case .object(let fields) = persisted, case .int(let version)? = fields["version"],
                  case .string(let hash)? = fields["sha256Hash"], (1...128).contains(hash.utf8.count),
                  fields.keys.allSatisfy({ $0 == "version" || $0 == "sha256Hash" })
            else {
                return .failure(BadRequest(#"Expected extensions.persistedQuery to be {"version": 1, "sha256Hash": "…"}."#))
            }
            persistedQuery = PersistedQueryReference(version: version, hash: hash)
        }
        let query: String
        var hasQuery = true
        switch object["query"] {
        case .string(let text)?: query = text
        case nil, .null?:
            // A persisted query may name its document by hash alone.
            guard persistedQuery != nil else { return .failure(BadRequest("Expected \"query\" to be a string.")) }
            query = ""
            hasQuery = false
        default: return .failure(BadRequest("Expected \"query\" to be a string."))
        }
        var variables = JSONObject()
        switch object["variables"] {
        case nil, .null?: break
        case .object(let given)?:
            if sourceBytes > limits.maxVariablesBytes {
                // Only a source longer than the limit can hold variables over it: measure them compact.
                var writer = JSONWriter()
                writer.write(.object(given))
                guard writer.count <= limits.maxVariablesBytes else {
                    return .failure(BadRequest(
                        "The variables are \(writer.count) bytes of JSON, more than the limit of \(limits.maxVariablesBytes)."))
                }
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
        return .success(DecodedRequest(
            request: GraphQLRequest(query: query, variables: variables, operationName: operationName), session: session,
            persistedQuery: persistedQuery, hasQuery: hasQuery))
    }
}

/// Decodes `application/x-www-form-urlencoded` text, as GraphQL over HTTP's GET parameters are
/// written: `&`-separated `name=value` pairs, `+` for a space, `%XX` escapes.
package enum FormQuery {
    /// The pairs in order; nil when an escape is malformed or decodes to invalid UTF-8.
    package static func decode(_ query: Substring) -> [(name: String, value: String)]? {
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
