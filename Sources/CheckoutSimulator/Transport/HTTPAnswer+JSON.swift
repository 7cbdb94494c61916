import CheckoutSimGraphQL
import CheckoutSimSupport

extension HTTPAnswer {
    /// `status` and a JSON body that no cache keeps.
    static func json(_ status: Int, _ body: [UInt8]) -> HTTPAnswer {
        HTTPAnswer(status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")], body: body)
    }

    /// `status` and `{"errors":[{"message":…,"extensions":{"code":…}}]}`: the one builder for an
    /// answer carrying one GraphQL error (a refusal, a transport limit, an injected fault). The
    /// code is the status's (`HTTPStatusCode`) unless given.
    static func graphQLError(
        _ message: String, status: Int, code: GraphQLError.Code? = nil, contentType: String = "application/json; charset=utf-8"
    ) -> HTTPAnswer {
        let body = GraphQLResponse(errors: [GraphQLError(message, code: code ?? HTTPStatusCode.code(for: status))]).compactBytes()
        return HTTPAnswer(status: status, headers: [("Content-Type", contentType)], body: body)
    }

    /// The answer to a control request refused before it did anything: 400, one `BAD_REQUEST`
    /// error, kept by no cache.
    static func refused(_ message: String) -> HTTPAnswer {
        var answer = graphQLError(message, status: 400)
        answer.headers.append(("Cache-Control", "no-store"))
        return answer
    }
}
