import Foundation
import CheckoutSimGraphQL

/// Runs one step's lines against the target and decides how the step ended.
struct StepRunner {
    struct State {
        var captures: [String: JSON]
        var session: String
    }

    let scenario: Scenario
    let step: Step
    let index: Int
    let target: any ScenarioTarget
    let update: Bool
    var written: [String] = []
    private var request: GraphQLRequest?
    private var operationName: String?
    private var response: JSON?

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
            session: session, response: response)
    }

    mutating func run(_ state: inout State) -> StepReport {
        let expectsError = step.actions.contains { action in
            if case .expect(let expectation) = action, case .error = expectation.kind { return true }
            return false
        }
        for action in step.actions {
            switch action {
            case .session(let name):
                state.session = name
            case .advance(let seconds, _):
                target.advance(seconds: seconds)
            case .send(let send):
                switch perform(send, state: state) {
                case .failure(let problem): return report(.error, problem, session: state.session)
                case .success(let json): response = json
                }
                if !expectsError, let json = response {
                    let codes = ExpectationCheck.errorCodes(in: json)
                    if !codes.isEmpty {
                        let first = firstErrorMessage(json).map { ": \($0)" } ?? ""
                        return report(.failed, diagnostic(send.position.line, send.position.column,
                            "the response has errors (\(codes.joined(separator: ", ")))\(first); add \"expect error CODE\" if they are expected"),
                            session: state.session)
                    }
                }
            case .expect(let expectation):
                guard let json = response else { continue }
                var expected: JSON?
                if case .compare(_, _, _, let text) = expectation.kind {
                    switch resolve(text, line: expectation.position.line, column: expectation.valueColumn, captures: state.captures) {
                    case .failure(let problem): return report(.error, problem, session: state.session)
                    case .success(let value): expected = value
                    }
                }
                if let message = ExpectationCheck.failure(of: expectation, response: json, expected: expected) {
                    return report(.failed, diagnostic(expectation.position.line, expectation.position.column, message), session: state.session)
                }
            case .capture(let name, let path, let position):
                guard let json = response, let value = path.evaluate(in: json) else {
                    return report(.failed, diagnostic(position.line, position.column, "cannot capture \(name): \(path) does not exist in the response"),
                                  session: state.session)
                }
                state.captures[name] = value
            case .snapshot(let position):
                guard let json = response else { continue }
                if let problem = checkSnapshot(json, position: position) { return report(.failed, problem, session: state.session) }
            }
        }
        return report(.passed, nil, session: state.session)
    }

    private func firstErrorMessage(_ json: JSON) -> String? {
        if let message = json["errors"]?[0]?["message"]?.stringValue { return message }
        return nil
    }

    /// Substitutes captures into `text` and parses it as JSON.
    private func resolve(_ text: String, line: Int, column: Int, captures: [String: JSON]) -> Result<JSON, Diagnostic> {
        do {
            let substituted = try Substitution.apply(text, values: captures)
            return .success(try JSONParser.parse(substituted))
        } catch let unknown as Substitution.UnknownName {
            let known = captures.keys.sorted()
            let hint = Suggestions.didYouMean(Suggestions.list(unknown.name, options: known))
            return .failure(diagnostic(line, column + unknown.offset, "unknown variable {{\(unknown.name)}}; capture it first or pass --var \(unknown.name)=VALUE.\(hint)"))
        } catch {
            return .failure(diagnostic(line, column, "after substitution the value is not valid JSON: \(error)"))
        }
    }

    private mutating func perform(_ send: Send, state: State) -> Result<JSON, Diagnostic> {
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
        case .inline(let document):
            query = document
        }
        let built = GraphQLRequest(query: query, variables: variables, operationName: operationName)
        request = built
        return .success(target.execute(built, session: state.session).json)
    }
}
