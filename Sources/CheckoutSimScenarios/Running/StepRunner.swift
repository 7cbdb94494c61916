import CheckoutSimGraphQL
import CheckoutSimSupport

/// Runs one step's lines against the target and decides how the step ended.
struct StepRunner {
    struct State {
        var captures: [String: JSON]
        var session: String
        /// The dialect sends speak (`dialect` lines); `native` until one says otherwise.
        var dialect = "native"
        /// Set by the first `network` line; from then on every send goes over HTTP.
        var network: NetworkConditions?
        /// Sends the run may still make; nil without a bound.
        var sendsLeft: Int?
        var maxSends = 0
        var shouldStop: CancellationCheck?
        /// Bytes of responses the run may still read; nil without a bound.
        var responseBytesLeft: Int?
        var maxResponseBytes = 0
        /// The bytes each kept value takes, and their sum, against `maxKeptBytes`.
        var keptSizes: [String: Int] = [:]
        var keptBytes = 0
        var maxKeptBytes = Int.max

        /// Keeps `value` as `name`, counting its bytes (`added`: what a collect appended, so a
        /// growing array is not measured again whole). False when the budget is passed.
        mutating func keep(_ name: String, _ value: JSON, added: JSON? = nil) -> Bool {
            let old = keptSizes[name] ?? 0
            let size = added.map { old + $0.approximateTextSize } ?? value.approximateTextSize
            keptSizes[name] = size
            keptBytes += size - old
            captures[name] = value
            return keptBytes <= maxKeptBytes
        }
    }

    /// The most bytes of responses a step's rounds keep for its report; later rounds keep none.
    static let maxRoundBytes = 4 << 20

    let scenario: Scenario
    let step: Step
    let index: Int
    let target: any ScenarioTarget
    let update: Bool
    var written: [String] = []
    private var request: GraphQLRequest?
    private var operationName: String?
    private var response: JSON?
    /// Every send of the step: one, or one per round of a `repeat`.
    private var rounds: [StepRound] = []
    /// The bytes of the responses `rounds` keep.
    private var roundBytes = 0

    init(scenario: Scenario, step: Step, index: Int, target: any ScenarioTarget, update: Bool) {
        self.scenario = scenario
        self.step = step
        self.index = index
        self.target = target
        self.update = update
    }

    func diagnostic(_ line: Int, _ column: Int, _ message: String) -> Diagnostic {
        let text = scenario.lines.indices.contains(line - 1) ? scenario.lines[line - 1] : ""
        return Diagnostic(file: scenario.file, line: line, column: column, message: message, lineText: text)
    }

    private func report(_ status: StepStatus, _ failure: Diagnostic?, session: String) -> StepReport {
        StepReport(
            index: index, name: step.name, line: step.position.line, status: status,
            failure: failure.map { StepFailure(message: $0.message, diagnostic: $0) }, operationName: operationName, request: request,
            session: session, response: response, rounds: rounds)
    }

    mutating func run(_ state: inout State) -> StepReport {
        let expected = step.actions.compactMap { action -> Expectation.Kind? in
            if case .expect(let expectation) = action { expectation.kind } else { nil }
        }
        let expectsStatus = expected.contains { if case .status = $0 { true } else { false } }
        let expectsOffline = expected.contains { if case .offline = $0 { true } else { false } }
        let expectsTruncated = expected.contains { if case .truncated = $0 { true } else { false } }
        let expectsUnreadable = expected.contains { if case .unreadable = $0 { true } else { false } }
        // Errors are expected with `expect error`, or with `expect status` of a failure (its body is an error).
        let expectsErrors = expected.contains { kind in
            switch kind {
            case .error: true
            case .status(let status): !(200..<300).contains(status)
            default: false
            }
        }
        let allowed = Allowed(offline: expectsOffline, truncated: expectsTruncated, unreadable: expectsUnreadable, errors: expectsErrors)
        // A repeating step is judged by the response it ends with: a retry loop may meet failures first.
        let repeats = step.actions.contains { if case .repeatUntil = $0 { true } else { false } }
        var lastSend: Send?
        let sendIndex = step.actions.firstIndex { if case .send = $0 { true } else { false } } ?? 0
        var index = 0
        while index < step.actions.count {
            let action = step.actions[index]
            index += 1
            switch action {
            case .session(let name):
                state.session = name
            case .dialect(let name):
                state.dialect = name
            case .advance(let seconds, _):
                target.advance(seconds: seconds)
            case .assign(let name, let text, let position, let column):
                switch resolve(text, line: position.line, column: column, captures: state.captures) {
                case .failure(let problem): return report(.error, problem, session: state.session)
                case .success(let value):
                    if !state.keep(name, value) { return report(.error, overBudget(name, position, budget: state.maxKeptBytes), session: state.session) }
                }
            case .network(let change, _):
                var network = state.network ?? NetworkConditions()
                switch change {
                case .offline: network.offline = true
                case .online: network.offline = false
                case .fault(let fault): network.add(fault)
                case .reset: network = NetworkConditions()
                }
                state.network = network
            case .lever(var lever, let position):
                // `lever signIn as EMAIL` signs in the session the scenario is in at that line.
                if case .signInAs(let email, "") = lever { lever = .signInAs(email: email, session: state.session) }
                if let refusal = target.pull(lever) {
                    return report(.error, diagnostic(position.line, position.column, refusal), session: state.session)
                }
            case .send(let send):
                // `expect status`, `offline`, `truncated` and `unreadable` look at an HTTP exchange,
                // so their step sends over HTTP.
                let overHTTP = state.network != nil || expectsStatus || expectsOffline || expectsTruncated || expectsUnreadable
                let http: HTTPOutcome?
                switch perform(send, state: &state, overHTTP: overHTTP) {
                case .failure(let problem): return report(.error, problem, session: state.session)
                case .success(let result): (response, http) = result
                }
                let size = response?.approximateTextSize ?? 0
                if let left = state.responseBytesLeft {
                    guard size <= left else {
                        return report(.error, diagnostic(send.position.line, send.position.column,
                            "the run stopped here: the responses it read passed \(state.maxResponseBytes >> 20) MiB, the most one run may read (repeat rounds included)"),
                            session: state.session)
                    }
                    state.responseBytesLeft = left - size
                }
                // Rounds keep their responses for the report until they take 4 MiB; the step's last
                // response is kept apart, so expectations never miss it.
                let keepsResponse = roundBytes + size <= Self.maxRoundBytes
                if keepsResponse { roundBytes += size }
                var round = StepRound(request: request, response: keepsResponse ? response : nil)
                round.responseNotKept = !keepsResponse && response != nil
                round.http = http
                rounds.append(round)
                lastSend = send
                if !repeats, let problem = unexpected(send, allowed: allowed) {
                    return report(.failed, problem, session: state.session)
                }
            case .expect(let expectation):
                if let problem = check(expectation, state: state) { return report(problem.status, problem.diagnostic, session: state.session) }
            case .repeatUntil(let condition, let max):
                switch check(condition, state: state) {
                case nil:
                    if let send = lastSend, let problem = unexpected(send, allowed: allowed) {
                        return report(.failed, problem, session: state.session)
                    }
                case let problem? where problem.status == .error:
                    return report(.error, problem.diagnostic, session: state.session)
                case let problem?:
                    guard rounds.count < max else {
                        return report(.failed, diagnostic(condition.position.line, condition.position.column,
                            "repeat sent the operation \(max) times (its max) and the condition still fails: \(problem.diagnostic.message)"),
                            session: state.session)
                    }
                    index = sendIndex
                }
            case .capture(let name, let path, let position):
                guard let json = response, let value = path.evaluate(in: json) else {
                    return report(.failed, diagnostic(position.line, position.column, "cannot capture \(name): \(path) does not exist in the response"),
                                  session: state.session)
                }
                if !state.keep(name, value) { return report(.error, overBudget(name, position, budget: state.maxKeptBytes), session: state.session) }
            case .collect(let name, let path, let position):
                let found = response.map(path.select(in:)) ?? []
                guard path.isWildcard || !found.isEmpty else {
                    return report(.failed, diagnostic(position.line, position.column, "cannot collect into \(name): \(path) does not exist in the response"),
                                  session: state.session)
                }
                let kept: Bool
                switch state.captures[name] {
                case nil: kept = state.keep(name, .array(found))
                case .array(var items)?:
                    state.captures[name] = nil  // one reference left, so the append does not copy
                    items += found
                    kept = state.keep(name, .array(items), added: .array(found))
                case let other?:
                    return report(.error, diagnostic(position.line, position.column,
                        "cannot collect into \(name): it holds \(other.kindDescription), not an array"), session: state.session)
                }
                if !kept { return report(.error, overBudget(name, position, budget: state.maxKeptBytes), session: state.session) }
            case .snapshot(let position):
                guard let json = response else { continue }
                if let problem = checkSnapshot(json, position: position) { return report(.failed, problem, session: state.session) }
            }
        }
        return report(.passed, nil, session: state.session)
    }

    /// The failure of a line whose value takes the run's kept values past `budget` bytes.
    private func overBudget(_ name: String, _ position: SourcePosition, budget: Int) -> Diagnostic {
        diagnostic(position.line, position.column,
            "the values this run keeps (captures, lets and collected values) passed their budget of \(budget) bytes here, keeping \(name)")
    }

    /// Why `expectation` fails (`.failed`) or cannot be evaluated (`.error`); nil when it holds.
    private func check(_ expectation: Expectation, state: State) -> (status: StepStatus, diagnostic: Diagnostic)? {
        var expected: JSON?
        if case .compare(_, _, _, let text) = expectation.kind {
            switch resolve(text, line: expectation.position.line, column: expectation.valueColumn, captures: state.captures) {
            case .failure(let problem): return (.error, problem)
            case .success(let value): expected = value
            }
        }
        // docs/scenarios.md: an unknown name is a runtime error, whatever the line checks about it.
        if let name = expectation.kind.variableName, state.captures[name] == nil {
            return (.error, unknownVariable(name, line: expectation.position.line, column: expectation.position.column, captures: state.captures))
        }
        guard let message = ExpectationCheck.failure(
            of: expectation, response: response, values: state.captures, expected: expected, http: rounds.last?.http
        ) else { return nil }
        return (.failed, diagnostic(expectation.position.line, expectation.position.column, message))
    }

    /// What a step's expectations allow a send to come to without failing it.
    private struct Allowed {
        let offline: Bool
        let truncated: Bool
        let unreadable: Bool
        let errors: Bool
    }

    /// Why the last send's outcome fails the step by itself: no response, a cut or unreadable
    /// body, or errors, that the step does not expect.
    private func unexpected(_ send: Send, allowed: Allowed) -> Diagnostic? {
        if let http = rounds.last?.http {
            let problem: String? =
                http.status == nil && !allowed.offline
                    ? "no response came: the network is offline or dropped the connection; add \"expect offline\" if that is expected"
                : http.truncated && !allowed.truncated
                    ? "HTTP \(http.status ?? 0) came back with its body cut short; add \"expect truncated\" if that is expected"
                : http.unreadable && !allowed.unreadable
                    ? "HTTP \(http.status ?? 0) came back with a body that is not JSON; add \"expect unreadable\" if that is expected"
                : nil
            if let problem { return diagnostic(send.position.line, send.position.column, problem) }
        }
        guard !allowed.errors, let json = response else { return nil }
        let codes = ExpectationCheck.errorCodes(in: json)
        guard !codes.isEmpty else { return nil }
        let first = firstErrorMessage(json).map { ": \($0)" } ?? ""
        return diagnostic(send.position.line, send.position.column,
            "the response has errors (\(codes.joined(separator: ", ")))\(first); add \"expect error CODE\" if they are expected")
    }

    private func firstErrorMessage(_ json: JSON) -> String? {
        if let message = json["errors"]?[0]?["message"]?.stringValue { return message }
        return nil
    }

    private func unknownVariable(_ name: String, line: Int, column: Int, captures: [String: JSON]) -> Diagnostic {
        let hint = Suggestions.didYouMean(Suggestions.list(name, options: captures.keys.sorted()))
        return diagnostic(line, column, "unknown variable {{\(name)}}; capture, collect or let it first, or pass --var \(name)=VALUE.\(hint)")
    }

    /// Substitutes captures into `text` and parses it as JSON.
    private func resolve(_ text: String, line: Int, column: Int, captures: [String: JSON]) -> Result<JSON, Diagnostic> {
        do {
            let substituted = try Substitution.apply(text, values: captures)
            return .success(try JSONParser.parse(substituted))
        } catch let unknown as Substitution.UnknownName {
            return .failure(unknownVariable(unknown.name, line: line, column: column + unknown.offset, captures: captures))
        } catch {
            return .failure(diagnostic(line, column, "after substitution the value is not valid JSON: \(error)"))
        }
    }

    /// Sends the step's request, straight to the engine or over HTTP with the network's faults.
    private mutating func perform(_ send: Send, state: inout State, overHTTP: Bool) -> Result<(JSON?, HTTPOutcome?), Diagnostic> {
        if let stop = state.shouldStop, stop() {
            return .failure(diagnostic(send.position.line, send.position.column, "the run stopped here: its client went away or the server is stopping"))
        }
        if let left = state.sendsLeft {
            guard left > 0 else {
                return .failure(diagnostic(send.position.line, send.position.column,
                    "the run stopped here: it has sent \(state.maxSends) requests, the most one run may send (repeat rounds included)"))
            }
            state.sendsLeft = left - 1
        }
        var variables = JSONObject()
        if let text = send.variables {
            switch resolve(text, line: send.position.line, column: send.variablesColumn, captures: state.captures) {
            case .failure(let problem): return .failure(problem)
            case .success(let value): variables = value.objectValue ?? JSONObject()
            }
        }
        let query: String
        switch send.operation {
        case .named(let name):
            operationName = name
            query = scenario.library.documents[name] ?? ""
        case .inline(let document, let name):
            query = document
            operationName = name
        }
        let built = GraphQLRequest(query: query, variables: variables, operationName: operationName)
        request = built
        guard overHTTP else { return .success((target.execute(built, session: state.session, dialect: state.dialect).json, nil)) }
        var network = state.network ?? NetworkConditions()
        let (delivery, faults) = target.exchange(built, session: state.session, dialect: state.dialect, network: &network)
        if state.network != nil { state.network = network }
        var outcome = HTTPOutcome(status: delivery.answer?.status, latencyMilliseconds: faults.latency.clampedNanoseconds / 1_000_000)
        outcome.bytesPerSecond = faults.bytesPerSecond
        guard let (answer, truncated, _) = delivery.written else { return .success((nil, outcome)) }
        if truncated {
            outcome.truncated = true
            return .success((nil, outcome))
        }
        guard let json = try? JSONParser.parse(answer.body) else {
            outcome.unreadable = true
            return .success((nil, outcome))
        }
        return .success((json, outcome))
    }
}
