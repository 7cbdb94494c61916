import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimSupport

/// What a control action came to, before any transport says it (docs/control.md): the server
/// and `serve --stdio` each map it to their own answer (`ControlOutcome+HTTP.swift`).
package enum ControlOutcome {
    /// Done; the JSON that says so (`{"ok":true,…}`).
    case done(JSON)
    /// Refused, changing nothing: why (an unknown product, a transport without a network).
    case refused(String)
    /// A scenario that cannot run: every problem (where it does not parse, or a send the
    /// persisted-query list does not hold).
    case invalid([GraphQLError])
    /// A scenario that ran: its report, passed or not.
    case ran(RunReport)
}

extension Simulator {
    /// Performs `action`: on this simulator, on `network` (the faults of the transport that has
    /// them; nil over stdio, which has none), running a scenario with `options`.
    package func perform(_ action: ControlAction, network: Locked<NetworkConditions>?, options: RunOptions = RunOptions()) -> ControlOutcome {
        switch action {
        case .reset:
            reset()
            return .done(.object(JSONObject([("ok", .bool(true))])))
        case .advance(let seconds):
            let now = advance(seconds: seconds)
            return .done(.object(JSONObject([("ok", .bool(true)), ("now", .string(now.iso8601))])))
        case .network(let conditions):
            guard let network else { return .refused("Network faults apply to HTTP; serve --stdio has no network to fault.") }
            network.withLock { $0 = conditions }
            return .done(.object(JSONObject([("ok", .bool(true)), ("network", conditions.json)])))
        case .customer(let customer):
            switch withState({ $0.shop.makeOrReset(customer) }) {
            case .failure(let problem): return .refused(problem.message)
            case .success(let (made, created)):
                return .done(.object(JSONObject([("ok", .bool(true)), ("customer", .object(JSONObject([
                    ("id", .string("gid://shopify/Customer/\(made.number)")), ("email", .string(made.email)),
                    ("state", .string(made.state.rawValue)), ("created", .bool(created)),
                ])))])))
            }
        case .levers(let levers):
            if let refusal = pull(levers) { return .refused(refusal) }
            return .done(.object(JSONObject([("ok", .bool(true)), ("levers", pendingLeversJSON)])))
        case .scenario(let text):
            switch parseScenario(text, file: "scenario") {
            case .failure(let error):
                return .invalid(error.diagnostics.map { GraphQLError($0.description, code: .badRequest) })
            case .success(let scenario):
                // Safelisting holds for a posted scenario's sends as for the app's (docs/apollo.md).
                if persistedQueries.onlyPersisted, let unlisted = scenario.sends.first(where: { !persistedQueries.lists($0.document) }) {
                    let place = "scenario:\(unlisted.send.position.line):\(unlisted.send.position.column)"
                    return .invalid([GraphQLError(
                        "\(place): the operation is not in the persisted query list: this server runs only its manifest's operations.",
                        code: GraphQLHTTP.persistedQueryNotInList)])
                }
                return .ran(runLive([scenario], options: options))
            }
        }
    }
}
