import CheckoutSimGraphQL

/// The `extensions.code` of an error the transport itself answers with: one code per HTTP status,
/// whichever route or layer refused the request (docs/schema.md).
enum HTTPStatusCode {
    /// The code for `status`, named after RFC 9110's reason phrase.
    static func code(for status: Int) -> GraphQLError.Code {
        switch status {
        case 400: return .badRequest
        case 404: return GraphQLError.Code(rawValue: "NOT_FOUND")
        case 405: return GraphQLError.Code(rawValue: "METHOD_NOT_ALLOWED")
        case 408: return GraphQLError.Code(rawValue: "REQUEST_TIMEOUT")
        case 413: return GraphQLError.Code(rawValue: "PAYLOAD_TOO_LARGE")
        case 415: return GraphQLError.Code(rawValue: "UNSUPPORTED_MEDIA_TYPE")
        case 417: return GraphQLError.Code(rawValue: "EXPECTATION_FAILED")
        case 431: return GraphQLError.Code(rawValue: "REQUEST_HEADER_FIELDS_TOO_LARGE")
        case 501: return GraphQLError.Code(rawValue: "NOT_IMPLEMENTED")
        case 503: return GraphQLError.Code(rawValue: "SERVICE_UNAVAILABLE")
        case 505: return GraphQLError.Code(rawValue: "HTTP_VERSION_NOT_SUPPORTED")
        case 500...: return .internalServerError
        default: return .badRequest
        }
    }
}
