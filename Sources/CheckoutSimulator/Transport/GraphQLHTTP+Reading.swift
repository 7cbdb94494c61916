import CheckoutSimGraphQL
import CheckoutSimSupport

extension GraphQLHTTP {
    /// A request read once (docs/http.md#graphql-over-http): the media type its answer takes, and
    /// the GraphQL it carries or the refusal it gets before reaching GraphQL. The faults step (to
    /// aim and journal) and the handler (to run) read the same reading: the body is decoded once.
    struct Reading: Sendable {
        let reply: Reply
        let content: Content

        enum Content: Sendable {
            /// Not a GraphQL request: the answer it gets (a bad query string, method, media type or body).
            case refused(HTTPAnswer)
            /// One operation, the session it runs in, and whether it came by GET (no mutations).
            case single(DecodedRequest, session: String, viaGET: Bool)
            /// A batch's items in order, each a request or why it is not one, and the session the transport names.
            case batch([Result<DecodedRequest, BadRequest>], transportSession: String?)
        }

        /// The GraphQL requests it carries, with the session each runs in (none when refused).
        var requests: [(request: DecodedRequest, session: String)] {
            switch content {
            case .refused: return []
            case .single(let one, let session, _): return [(one, session)]
            case .batch(let items, let transportSession):
                return items.compactMap { try? $0.get() }.map { ($0, transportSession ?? $0.session ?? "default") }
            }
        }
    }

    /// Reads `request`: its query string, method, media type and body, decoded once.
    static func read(_ request: Request, simulator: Simulator) -> Reading {
        let reply = Reply(
            wantsGraphQLResponseType: (request.accept ?? "").contains(graphQLResponseType), acceptsParts: Incremental.accepted(by: request.accept))
        func refused(_ message: String, _ status: Int, allow: String? = nil) -> Reading {
            Reading(reply: reply, content: .refused(reply.refusal(message, status: status, allow: allow)))
        }
        guard let parameters = FormQuery.decode(request.query) else {
            return refused("The query string is not valid percent-encoding.", 400)
        }
        let transportSession = request.transportSession(parameters)
        switch request.method {
        case "GET":
            switch GraphQLRequestDecoding.get(parameters, limits: simulator.limits) {
            case .failure(let failure): return refused(failure.message, 400)
            case .success(let got): return Reading(reply: reply, content: .single(got, session: transportSession ?? "default", viaGET: true))
            }
        case "POST":
            let type = ASCII.lowercased(request.contentType ?? "")
            guard type.hasPrefix("application/json") || type.hasPrefix(graphQLResponseType) else {
                return refused("Send the request as Content-Type: application/json.", 415)
            }
            switch GraphQLRequestDecoding.post(request.body, limits: simulator.limits) {
            case .failure(let failure): return refused(failure.message, 400)
            case .success(.single(let got)):
                return Reading(reply: reply, content: .single(got, session: transportSession ?? got.session ?? "default", viaGET: false))
            case .success(.batch(let items)):
                return Reading(reply: reply, content: .batch(items, transportSession: transportSession))
            }
        default:
            return refused("Use POST, or GET for queries.", 405, allow: "GET, POST")
        }
    }
}
