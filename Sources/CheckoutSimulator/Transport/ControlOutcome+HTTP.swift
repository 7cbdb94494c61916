import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimSupport

extension ControlOutcome {
    /// The outcome as HTTP says it (docs/control.md): 200 and the JSON when done, 400 and one
    /// error when refused, 400 and every problem when a scenario cannot run, 200 or 422 (an
    /// expectation failed) and the run's JSON report when it ran. `serve --stdio` writes the same body.
    package var answer: HTTPAnswer {
        switch self {
        case .done(let json): return .json(200, Array(json.serialized().utf8))
        case .refused(let message): return .refused(message)
        case .invalid(let errors): return .json(400, GraphQLResponse(errors: errors).compactBytes())
        case .ran(let report): return .json(report.passed ? 200 : 422, Array(JSONReport.json(report).serialized().utf8))
        }
    }
}
