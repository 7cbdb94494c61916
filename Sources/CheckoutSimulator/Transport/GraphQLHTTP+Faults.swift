import CheckoutSimGraphQL
import CheckoutSimSupport

/// Network faults on the way to the GraphQL-over-HTTP handler (docs/control.md#faults).
///
/// The server, `SimulatorURLProtocol` and scenarios take a request's faults and deliver its
/// answer through here, so a fault means the same on every transport and is journaled the same
/// way; each transport then carries the `Delivery` out as it can (a real short body and close
/// over a socket, what `URLSession` reports over the URL protocol, an outcome in a scenario).
extension GraphQLHTTP {
    /// Takes the faults `request` meets from `network`. Its operations are found (from the
    /// simulator's cached documents) only when a fault is aimed at one.
    package static func faults(for request: Request, simulator: Simulator, network: Locked<NetworkConditions>) -> FaultsForRequest {
        // One lock when no fault is aimed (the common case): the faults are taken at once.
        let unaimed = network.withLock { conditions -> FaultsForRequest? in
            conditions.isAimed ? nil : conditions.take(operations: [])
        }
        if let unaimed { return unaimed }
        let operations = operationNames(of: request, simulator: simulator)
        return network.withLock { $0.take(operations: operations) }
    }

    /// Takes the faults `request` meets from a scenario's own `network`, by the same rule.
    static func faults(for request: Request, simulator: Simulator, network: inout NetworkConditions) -> FaultsForRequest {
        network.take(operations: network.isAimed ? operationNames(of: request, simulator: simulator) : [])
    }

    /// The names of the operations `request` would run: each one's `operationName`, else its
    /// document's only operation's name — for a persisted query sent by hash alone, the stored
    /// document's, as the journal names it.
    static func operationNames(of request: Request, simulator: Simulator) -> [String] {
        decoded(request, simulator: simulator).requests.compactMap { one in
            if let name = one.request.operationName { return name }
            var query = one.request.query
            if !one.hasQuery, let reference = one.persistedQuery, let stored = simulator.persistedQueries.text(for: reference.hash) { query = stored }
            return simulator.prepare(query).operation(named: nil)?.name
        }
    }

    /// How `request` is answered after `faults`: not at all (offline, drop), with an answer made
    /// in its place (fail, garbage, error: the operation does not run), or with `respond`'s
    /// answer, which the delivery may cut short (truncate) or write slowly.
    static func deliver(
        _ request: Request, simulator: Simulator, faults: FaultsForRequest, respond: (Request) -> HTTPAnswer
    ) -> Delivery {
        let rate = faults.bytesPerSecond
        if faults.offline {
            journalFaulted(request, simulator: simulator, answer: nil, fault: .offline)
            return .unreachable
        }
        let replacement: HTTPAnswer
        switch faults.answer {
        case .drop?:
            journalFaulted(request, simulator: simulator, answer: nil, fault: .network(.drop))
            return .dropped
        case .fail(let status)?:
            replacement = injectedFailure(status: status)
        case .garbage?:
            replacement = garbage
        case .error(let message, let code)?:
            let body = GraphQLResponse(errors: [GraphQLError(message, code: GraphQLError.Code(rawValue: code))])
            replacement = HTTPAnswer(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: body.compactBytes())
        case .truncate?:
            var running = request
            running.fault = .network(.truncate)
            return .truncated(respond(running), bytesPerSecond: rate)
        case .latency?, .slow?, nil:
            var running = request
            running.fault = rate.map { .network(.slow(bytesPerSecond: $0)) }
            return .answer(respond(running), bytesPerSecond: rate)
        }
        var answer = replacement
        if let kind = faults.answer {
            journalFaulted(request, simulator: simulator, answer: replacement, fault: .network(kind))
            // The request log names a faulted request's operations as the journal does.
            answer.operationNames = operationNames(of: request, simulator: simulator)
        }
        return .answer(answer, bytesPerSecond: rate)
    }

    /// The answer for a request a `fail` fault stopped: `status`, with a GraphQL error body.
    static func injectedFailure(status: Int) -> HTTPAnswer {
        let body = GraphQLResponse(errors: [GraphQLError("Injected failure: HTTP \(status).", code: .internalServerError)])
        return HTTPAnswer(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: body.compactBytes())
    }

    /// The answer a `garbage` fault gives: 200 with what a captive portal or a misconfigured
    /// proxy sends in place of JSON.
    static let garbage = HTTPAnswer(
        status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
        body: Array("<!DOCTYPE html>\n<html><head><title>Sign in to the network</title></head><body><h1>Sign in to continue</h1></body></html>\n".utf8))

    /// Journals each GraphQL request `request` carries, which a fault stopped before it ran.
    private static func journalFaulted(_ request: Request, simulator: Simulator, answer: HTTPAnswer?, fault: Simulator.JournalEntry.Fault) {
        let (transportSession, requests) = decoded(request, simulator: simulator)
        let note = request.note(Reply(wantsGraphQLResponseType: false))
        for one in requests {
            simulator.journalFaulted(
                one.request, session: transportSession ?? one.session ?? "default", note: note, answer: answer, fault: fault)
        }
    }

    /// The session the transport names and the GraphQL requests `request` carries (those that
    /// decode; none when it is not a GraphQL request at all).
    private static func decoded(_ request: Request, simulator: Simulator) -> (session: String?, requests: [DecodedRequest]) {
        guard let parameters = FormQuery.decode(request.query) else { return (nil, []) }
        let transportSession = request.transportSession(parameters)
        switch request.method {
        case "GET":
            if case .success(let one) = GraphQLRequestDecoding.get(parameters, limits: simulator.limits) { return (transportSession, [one]) }
        case "POST":
            switch GraphQLRequestDecoding.post(request.body, limits: simulator.limits) {
            case .success(.single(let one)): return (transportSession, [one])
            case .success(.batch(let items)): return (transportSession, items.compactMap { try? $0.get() })
            case .failure: break
            }
        default:
            break
        }
        return (transportSession, [])
    }
}
