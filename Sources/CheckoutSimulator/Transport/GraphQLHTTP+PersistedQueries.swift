import CheckoutSimGraphQL
import CheckoutSimSupport

/// Persisted queries on the way to the engine (docs/apollo.md): Apollo's automatic persisted
/// queries (a document sent by its SHA-256, registered by sending both), a manifest's documents,
/// and safelisting. Every transport's requests pass through here, GET, POST and each batch item.
extension GraphQLHTTP {
    /// A request whose document is known, or the answer it gets instead.
    enum PersistedOutcome {
        case run(DecodedRequest)
        case refuse(status: Int, GraphQLError)
    }

    static let persistedQueryNotFound = GraphQLError.Code(rawValue: "PERSISTED_QUERY_NOT_FOUND")
    static let persistedQueryNotSupported = GraphQLError.Code(rawValue: "PERSISTED_QUERY_NOT_SUPPORTED")
    static let persistedQueryNotInList = GraphQLError.Code(rawValue: "PERSISTED_QUERY_NOT_IN_LIST")

    /// Resolves `decoded`'s document: a hash alone is looked up (`PersistedQueryNotFound` with
    /// status 200 when unknown, which is what makes Apollo clients send the text); a hash with
    /// the text must be the text's SHA-256, and registers it; with `--only-persisted`, only a
    /// manifest's documents run.
    static func resolvePersisted(_ decoded: DecodedRequest, simulator: Simulator) -> PersistedOutcome {
        let store = simulator.persistedQueries
        guard let reference = decoded.persistedQuery else {
            if store.onlyPersisted, !store.lists(decoded.request.query) {
                return .refuse(status: 400, notInList)
            }
            return .run(decoded)
        }
        guard reference.version == 1 else {
            return .refuse(status: 400, GraphQLError("PersistedQueryNotSupported", code: persistedQueryNotSupported))
        }
        var resolved = decoded
        if decoded.hasQuery {
            guard SHA256.hex(decoded.request.query) == reference.hash else {
                return .refuse(status: 400, GraphQLError("provided sha does not match query", code: .badRequest))
            }
            if store.onlyPersisted, !store.lists(decoded.request.query) { return .refuse(status: 400, notInList) }
            store.register(decoded.request.query, hash: reference.hash)
            return .run(resolved)
        }
        guard let text = store.text(for: reference.hash) else {
            if store.onlyPersisted { return .refuse(status: 400, notInList) }
            return .refuse(status: 200, GraphQLError("PersistedQueryNotFound", code: persistedQueryNotFound))
        }
        resolved.request = GraphQLRequest(query: text, variables: decoded.request.variables, operationName: decoded.request.operationName)
        resolved.hasQuery = true
        return .run(resolved)
    }

    /// The body a refused persisted query is answered with, journaled with what is known of the
    /// request and `status`: the refusal's own for a single HTTP request, 200 for a batch's item
    /// or a stdio line (docs/journal.md).
    static func refusalBody(
        _ error: GraphQLError, for decoded: DecodedRequest, session: String, note: JournalNote, status: Int, simulator: Simulator
    ) -> [UInt8] {
        let body = GraphQLResponse(errors: [error]).compactBytes()
        simulator.journalUnrun(decoded.request, session: session, note: note, status: status, errorCodes: [error.code.rawValue], response: body,
            persistedRefusal: true)
        return body
    }

    private static var notInList: GraphQLError {
        GraphQLError("The operation is not in the persisted query list: this server runs only its manifest's operations.", code: persistedQueryNotInList)
    }
}
