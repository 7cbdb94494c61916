import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimSupport

/// GraphQL over HTTP for the simulator: one HTTP request in, one `HTTPAnswer` out (docs/http.md).
///
/// The one owner of these semantics: the server, `SimulatorURLProtocol` and scenarios sent over
/// HTTP all answer through `respond(to:simulator:cancelled:)`, so their statuses, headers and
/// bodies cannot drift apart.
package enum GraphQLHTTP {
    /// The GraphQL-over-HTTP media type.
    static let graphQLResponseType = "application/graphql-response+json"

    /// What the handler reads of an HTTP request, whichever transport it came by.
    package struct Request: Sendable {
        /// `GET` or `POST` (the server answers `HEAD` as `GET`); anything else gets 405.
        package var method: String
        /// The URL's query, still percent-encoded, without the `?`.
        package var query: Substring
        /// The `Accept` field.
        package var accept: String? = nil
        /// The `Content-Type` field.
        package var contentType: String? = nil
        /// The `X-Checkout-Session` field.
        package var session: String? = nil
        /// The `X-Checkout-Customer-Token` field: signs the session in (docs/customers.md#native).
        package var customerToken: String? = nil
        /// The `Authorization` field of a Customer Account API request (`Bearer ` optional, as
        /// Shopify takes it): the access token naming its customer (docs/customers.md#customer-accounts).
        package var accountToken: String? = nil
        /// The body (POST only).
        package var body: [UInt8] = []
        /// How it came, for the journal: over the server or through `SimulatorURLProtocol`.
        package var transport: Simulator.JournalEntry.Transport = .http
        /// Apollo's `apollographql-client-name` and `apollographql-client-version` fields.
        package var clientName: String? = nil
        package var clientVersion: String? = nil
        /// The fault the request meets while it still runs (truncate, slow), for the journal.
        var fault: Simulator.JournalEntry.Fault? = nil
        /// The dialect of the endpoint it came to (docs/storefront.md).
        package var dialect = Simulator.Dialect.native
        /// The Storefront API version its path named (docs/storefront.md#api-versions).
        package var apiVersion = StorefrontAPIVersion.newest
        /// Where the server answers, for a Storefront request's checkout URLs.
        package var storefrontOrigin: String? = nil
        /// Whether it came with a Storefront access token (either of Shopify's two fields); a
        /// Storefront request without one is held to Shopify's complexity limit (docs/storefront.md#cost).
        package var hasAccessToken = true

        /// A request with these parts.
        package init(
            method: String, query: Substring, accept: String? = nil, contentType: String? = nil, session: String? = nil,
            body: [UInt8] = [], transport: Simulator.JournalEntry.Transport = .http, clientName: String? = nil,
            clientVersion: String? = nil
        ) {
            self.method = method
            self.query = query
            self.accept = accept
            self.contentType = contentType
            self.session = session
            self.body = body
            self.transport = transport
            self.clientName = clientName
            self.clientVersion = clientVersion
        }

        /// The session the transport names: the `X-Checkout-Session` field, else the last
        /// non-empty `session` URL parameter; nil leaves it to the body, then `default`.
        func transportSession(_ parameters: [(name: String, value: String)]) -> String? {
            session.flatMap { $0.isEmpty ? nil : $0 } ?? parameters.last { $0.name == "session" && !$0.value.isEmpty }?.value
        }

        /// What the journal keeps of how this request came, its status decided by `reply`.
        func note(_ reply: Reply) -> JournalNote {
            JournalNote(
                transport: transport, client: clientName.map { Simulator.JournalEntry.Client(name: $0, version: clientVersion) },
                status: reply.status(of:), fault: fault, dialect: dialect, apiVersion: apiVersion, storefrontOrigin: storefrontOrigin,
                tokenless: !hasAccessToken, customerToken: customerToken, accountToken: accountToken)
        }
    }

    /// Answers `request` as the GraphQL-over-HTTP draft describes.
    ///
    /// With `Accept: application/graphql-response+json` a response without `data` gets 400 for
    /// unreadable requests and syntax errors, 422 for documents that do not validate or cannot
    /// run; otherwise, and for every response with `data`, the status is 200. A JSON array body
    /// is a batch (as Apollo's batch link sends): an array of responses, in order, status 200.
    /// The session is the `X-Checkout-Session` header, else the `session` query parameter, else
    /// the body's `session`, else `default`. `cancelled` stops the request (and a batch between
    /// its operations) once the client has gone.
    package static func respond(to request: Request, simulator: Simulator, cancelled: CancellationCheck? = nil) -> HTTPAnswer {
        run(read(request, simulator: simulator), of: request, simulator: simulator, cancelled: cancelled)
    }

    /// Runs what `reading` found in `request`: its one operation or its batch, or the refusal it read to.
    static func run(_ reading: Reading, of request: Request, simulator: Simulator, cancelled: CancellationCheck?) -> HTTPAnswer {
        let reply = reading.reply
        switch reading.content {
        case .refused(let answer):
            return answer
        case .single(let got, let session, let viaGET):
            let decoded: DecodedRequest
            switch resolvePersisted(got, simulator: simulator) {
            case .run(let resolved): decoded = resolved
            case .refuse(let status, let error):
                return reply.persistedRefusal(error, status: status, got, session: session, note: request.note(reply), simulator: simulator)
            }
            // The kind comes from the prepared (cached) document the request then runs with.
            let prepared = simulator.prepare(decoded.request.query, dialect: request.dialect, version: request.apiVersion)
            if viaGET, prepared.operation(named: decoded.request.operationName)?.kind == .mutation {
                return reply.refusal("Mutations must be sent with POST.", status: 405, allow: "POST")
            }
            return reply.single(
                simulator.execute(decoded.request, session: session, prepared: prepared, note: request.note(reply), cancelled: cancelled),
                session: session,
                operation: decoded.request.operationName ?? prepared.operation(named: nil)?.name)
        case .batch(let items, let transportSession):
            var note = request.note(reply)
            note.status = { _ in 200 }
            return batch(items, transportSession: transportSession, simulator: simulator, reply: reply, note: note, cancelled: cancelled)
        }
    }

    /// Runs a batch's operations in order; an item that is not a request gets an error response in its place.
    private static func batch(
        _ items: [Result<DecodedRequest, BadRequest>], transportSession: String?, simulator: Simulator, reply: Reply,
        note: JournalNote, cancelled: CancellationCheck?
    ) -> HTTPAnswer {
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
            switch item {
            case .success(let got) where remaining <= 0:
                // Nothing is left to answer with: the operation is refused, not run (a mutation
                // would change the shop and then lose its answer).
                let error = GraphQLError(
                    "The batch's responses reached the limit of \(simulator.limits.maxResponseBytes) bytes before this operation; it was not run.",
                    code: .responseTooLarge)
                let session = transportSession ?? got.session ?? "default"
                response = GraphQLResponse(errors: [error])
                _ = refusalBody(error, for: got, session: session, note: note, status: 200, simulator: simulator)
                names.append(got.request.operationName ?? "-")
                sessions.append(session)
            case .success(let got):
                let session = transportSession ?? got.session ?? "default"
                switch resolvePersisted(got, simulator: simulator) {
                case .run(let decoded):
                    // Prepared once: the log names the operation from the document that runs.
                    let prepared = simulator.prepare(decoded.request.query, dialect: note.dialect, version: note.apiVersion)
                    response = simulator.execute(
                        decoded.request, session: session, prepared: prepared, note: note, maxResponseBytes: remaining, maxCost: costLeft,
                        cancelled: cancelled)
                    costLeft -= response.cost
                    names.append(decoded.request.operationName ?? prepared.operation(named: nil)?.name ?? "-")
                case .refuse(_, let error):
                    // In a batch, a refused item is an error response in its place; the batch is 200.
                    response = GraphQLResponse(errors: [error])
                    _ = refusalBody(error, for: got, session: session, note: note, status: 200, simulator: simulator)
                    names.append(got.request.operationName ?? "-")
                }
                sessions.append(session)
            case .failure(let failure):
                response = GraphQLResponse(errors: [GraphQLError(failure.message, code: .badRequest)])
                names.append("-")
            }
            let written = response.compactBytes()
            // An operation stopped for writing past what was left wrote all of it before it
            // stopped: the batch's budget is spent, failures included, and the rest are refused.
            remaining = response.errors.contains { $0.code == .responseTooLarge } ? 0 : remaining - written.count
            bytes += written
        }
        bytes.append(UInt8(ascii: "]"))
        var answer = HTTPAnswer(status: 200, headers: [("Content-Type", reply.contentType)], body: bytes)
        answer.session = sessions.first ?? transportSession ?? "default"
        answer.operationNames = names
        return answer
    }

    /// Builds answers in the media type the client asked for.
    struct Reply: Sendable {
        /// Whether the client accepts `application/graphql-response+json`.
        let wantsGraphQLResponseType: Bool
        /// Whether the client accepts deferred fragments as `multipart/mixed` parts (`Incremental`).
        var acceptsParts = false

        package var contentType: String {
            wantsGraphQLResponseType ? "\(graphQLResponseType); charset=utf-8" : "application/json; charset=utf-8"
        }

        /// The answer for one request's response; its bytes become the body as they are.
        func single(_ response: GraphQLResponse, session: String, operation: String?) -> HTTPAnswer {
            var answer: HTTPAnswer
            if acceptsParts, let payloads = IncrementalDelivery.payloads(of: response) {
                let (body, deferredPartsStart) = Incremental.body(payloads)
                answer = HTTPAnswer(status: 200, headers: [("Content-Type", Incremental.contentType)], body: body)
                answer.deferredPartsStart = deferredPartsStart
            } else {
                answer = HTTPAnswer(status: status(of: response), headers: [("Content-Type", contentType)], body: response.compactBytes())
            }
            answer.session = session
            answer.operationNames = operation.map { [$0] } ?? []
            return answer
        }

        /// The status `response` gets: 429 for a session past the limit; for a client that wants
        /// the GraphQL response type and a response without data, 400 or 422; else 200.
        func status(of response: GraphQLResponse) -> Int {
            if !response.hasData, response.errors.contains(where: { $0.code == .tooManySessions }) { return 429 }
            if !response.hasData, response.errors.contains(where: { $0.code == .unauthorized }) { return 401 }
            guard wantsGraphQLResponseType, !response.hasData else { return 200 }
            let codes = response.errors.map(\.code)
            return codes.contains(.parseFailed) || codes.contains(.badRequest) ? 400 : 422
        }

        /// The answer for a persisted query refused (docs/apollo.md): `status` as given whatever
        /// the `Accept` header (Apollo clients send the document only after a 2xx
        /// `PersistedQueryNotFound`), journaled with what is known of the request.
        func persistedRefusal(
            _ error: GraphQLError, status: Int, _ decoded: DecodedRequest, session: String, note: JournalNote, simulator: Simulator
        ) -> HTTPAnswer {
            let body = GraphQLHTTP.refusalBody(error, for: decoded, session: session, note: note, status: status, simulator: simulator)
            var answer = HTTPAnswer(status: status, headers: [("Content-Type", contentType)], body: body)
            answer.session = session
            answer.operationNames = decoded.request.operationName.map { [$0] } ?? []
            return answer
        }

        /// An answer for a request that never reached GraphQL: `status` and one error.
        func refusal(_ message: String, status: Int, allow: String? = nil) -> HTTPAnswer {
            var answer = HTTPAnswer.graphQLError(message, status: status, contentType: contentType)
            if let allow { answer.headers.insert(("Allow", allow), at: 0) }
            answer.session = "default"
            return answer
        }
    }
}
