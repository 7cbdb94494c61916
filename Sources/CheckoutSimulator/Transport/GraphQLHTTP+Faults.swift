import CheckoutSimGraphQL
import CheckoutSimSupport

/// Network faults on the way to the GraphQL-over-HTTP handler (docs/control.md#faults).
///
/// The server, `SimulatorURLProtocol` and scenarios take a request's faults and deliver its
/// answer through here, so a fault means the same on every transport and is journaled the same
/// way; each transport then carries the `Delivery` out as it can (a real short body and close
/// over a socket, what `URLSession` reports over the URL protocol, an outcome in a scenario).
extension GraphQLHTTP {
    /// One GraphQL-over-HTTP exchange, the same for every transport: the request read once, the
    /// faults it meets taken, then its answer delivered. A transport makes one, waits out
    /// `faults.latency` as it can (a connection's thread watching its client, the URL protocol
    /// on a timer, a scenario not at all: its clock is virtual), then calls `deliver`.
    package struct Exchange: Sendable {
        let request: Request
        let reading: Reading
        /// The faults the request met.
        package let faults: FaultsForRequest
        /// The operations it carries, when a fault aimed at one needed them named.
        private let operationNames: [String]?

        /// Reads `request` and takes the faults it meets from a transport's `network`. Its
        /// operations are named only when a fault is aimed at one, outside the network's lock.
        package init(_ request: Request, simulator: Simulator, network: Locked<NetworkConditions>) {
            self.request = request
            reading = GraphQLHTTP.read(request, simulator: simulator)
            // One lock when no fault is aimed (the common case): the faults are taken at once.
            if let unaimed = network.withLock({ conditions in conditions.isAimed ? nil : conditions.take(operations: []) }) {
                faults = unaimed
                operationNames = nil
            } else {
                let names = GraphQLHTTP.operationNames(of: reading, simulator: simulator, request: request)
                faults = network.withLock { $0.take(operations: names) }
                operationNames = names
            }
        }

        /// Reads `request` and takes the faults it meets from a scenario's own `network`, by the same rule.
        package init(_ request: Request, simulator: Simulator, network: inout NetworkConditions) {
            self.request = request
            reading = GraphQLHTTP.read(request, simulator: simulator)
            operationNames = network.isAimed ? GraphQLHTTP.operationNames(of: reading, simulator: simulator, request: request) : nil
            faults = network.take(operations: operationNames ?? [])
        }

        /// How long, in nanoseconds, the transport waits before calling `deliver`: the latency the
        /// request met, but for an outage, and but for an answer that may come in parts, which
        /// `deliver` makes at once with the latency between its parts
        /// (`HTTPAnswer.nanosecondsBeforeDeferredParts`; docs/apollo.md#defer).
        package var waitBeforeDelivering: Int {
            faults.offline || latencyBetweenParts > 0 ? 0 : faults.latency.clampedNanoseconds
        }

        /// The latency the request met when it waits between an answer's parts; 0 otherwise.
        private var latencyBetweenParts: Int {
            let nanoseconds = faults.latency.clampedNanoseconds
            guard nanoseconds > 0, !faults.offline, faults.bytesPerSecond == nil, Incremental.mayAnswerInParts(reading) else { return 0 }
            return nanoseconds
        }

        /// How the request is answered after its faults: not at all (offline, drop), with an
        /// answer made in its place (fail, garbage, error: the operation does not run), or with
        /// the handler's answer, which the delivery may cut short (truncate) or write slowly.
        /// `cancelled` stops the handler once the client has gone.
        package func deliver(simulator: Simulator, cancelled: CancellationCheck? = nil) -> Delivery {
            let delivery = deliverAnswer(simulator: simulator, cancelled: cancelled)
            let between = latencyBetweenParts
            guard request.dialect == .storefront || between > 0 else { return delivery }
            return delivery.mapAnswer { answer in
                var answer = between > 0 ? answer.waitingBeforeDeferredParts(between) : answer
                // Every Storefront answer names the version that answered, as Shopify's do.
                if request.dialect == .storefront { answer.headers.append(StorefrontPath.versionField(request.apiVersion)) }
                return answer
            }
        }

        private func deliverAnswer(simulator: Simulator, cancelled: CancellationCheck?) -> Delivery {
            let rate = faults.bytesPerSecond
            if faults.offline {
                journalFaulted(simulator: simulator, answer: nil, fault: .offline)
                return .unreachable
            }
            func respond(meeting fault: Simulator.JournalEntry.Fault?) -> HTTPAnswer {
                var running = request
                running.fault = fault
                return GraphQLHTTP.run(reading, of: running, simulator: simulator, cancelled: cancelled)
            }
            var replacement: HTTPAnswer
            switch faults.answer {
            case .drop?:
                journalFaulted(simulator: simulator, answer: nil, fault: .network(.drop))
                return .dropped
            case .fail(let status)?:
                replacement = injectedFailure(status: status)
            case .garbage?:
                replacement = garbage
            case .error(let message, let code)?:
                replacement = .graphQLError(message, status: 200, code: GraphQLError.Code(rawValue: code))
            case .truncate?:
                return .truncated(respond(meeting: .network(.truncate)), bytesPerSecond: rate)
            case .latency?, .slow?, nil:
                return .answer(respond(meeting: rate.map { .network(.slow(bytesPerSecond: $0)) }), bytesPerSecond: rate)
            }
            if let kind = faults.answer {
                journalFaulted(simulator: simulator, answer: replacement, fault: .network(kind))
                // The request log names a faulted request's operations as the journal does.
                replacement.operationNames = operationNames ?? GraphQLHTTP.operationNames(of: reading, simulator: simulator, request: request)
            }
            return .answer(replacement, bytesPerSecond: rate)
        }

        /// Journals each GraphQL request the exchange carries, which a fault stopped before it ran.
        private func journalFaulted(simulator: Simulator, answer: HTTPAnswer?, fault: Simulator.JournalEntry.Fault) {
            let note = request.note(Reply(wantsGraphQLResponseType: false))
            for (one, session) in reading.requests {
                simulator.journalFaulted(one.request, session: session, note: note, answer: answer, fault: fault)
            }
        }
    }

    /// The names of the operations `reading` would run: each one's `operationName`, else its
    /// document's only operation's name — for a persisted query sent by hash alone, the stored
    /// document's, as the journal names it.
    static func operationNames(of reading: Reading, simulator: Simulator, request: Request) -> [String] {
        reading.requests.compactMap { one, _ in
            if let name = one.request.operationName { return name }
            var query = one.request.query
            if !one.hasQuery, let reference = one.persistedQuery, let stored = simulator.persistedQueries.text(for: reference.hash) { query = stored }
            return simulator.prepare(query, dialect: request.dialect, version: request.apiVersion).operation(named: nil)?.name
        }
    }

    /// The answer for a request a `fail` fault stopped: `status`, with a GraphQL error body.
    static func injectedFailure(status: Int) -> HTTPAnswer {
        .graphQLError("Injected failure: HTTP \(status).", status: status, code: .internalServerError)
    }

    /// The answer a `garbage` fault gives: 200 with what a captive portal or a misconfigured
    /// proxy sends in place of JSON.
    static let garbage = HTTPAnswer(
        status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
        body: Array("<!DOCTYPE html>\n<html><head><title>Sign in to the network</title></head><body><h1>Sign in to continue</h1></body></html>\n".utf8))
}
