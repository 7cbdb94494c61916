import CheckoutSimGraphQL
import CheckoutSimSupport

extension HTTPAnswer {
    /// `status` and a JSON body that no cache keeps.
    static func json(_ status: Int, _ body: [UInt8]) -> HTTPAnswer {
        HTTPAnswer(status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")], body: body)
    }

    /// The answer to a request refused before it did anything: 400 and one `BAD_REQUEST` error.
    static func refused(_ message: String) -> HTTPAnswer {
        json(400, GraphQLResponse(errors: [GraphQLError(message, code: .badRequest)]).compactBytes())
    }
}
