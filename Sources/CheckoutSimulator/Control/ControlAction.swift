import Foundation
import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimSupport

/// One action on the running shop, whichever way it arrives (docs/control.md).
///
/// An action is a name and an argument. Over HTTP the name is the path (`POST /__sim/advance`)
/// and the argument the body; over `serve --stdio` the line is `{"advance": ARGUMENT}`. Both read
/// the argument here, so every transport accepts the same JSON and answers the same bytes.
package enum ControlAction: Equatable {
    /// Restores the initial state. Argument: none, `true` or `{}`.
    case reset
    /// Moves the virtual clock. Argument: `"2h"` or `{"by": "2h"}` (units s, m, h, d).
    case advance(seconds: Int64)
    /// Sets the network faults later requests meet. Argument: the whole set, `{}` clears it.
    case network(NetworkConditions)
    /// Runs a scenario's steps against the live state. Argument: the scenario's text.
    case scenario(text: String)
    /// Pulls levers, in order, all or none. Argument: docs/control.md#levers; `{}` clears the
    /// levers not yet used up.
    case levers([Lever])

    /// The action names, as paths under `/__sim/` and as a control line's one member.
    static let names = ["reset", "advance", "network", "scenario", "levers"]

    /// The argument `name` takes, as its refusals show it.
    static func shape(of name: String) -> String {
        switch name {
        case "reset": #"nothing, true or {}"#
        case "advance": #""2h" or {"by": "2h"}, with units s, m, h or d"#
        case "network": NetworkConditions.shape
        case "levers": Lever.shape
        default: "the scenario's text"
        }
    }

    /// Reads the action `name` with `argument` (nil when none was sent).
    static func parse(name: String, argument: JSON?) -> Result<ControlAction, BadRequest> {
        switch name {
        case "reset":
            switch argument {
            case nil, .null?, .bool(true)?: return .success(.reset)
            case .object(let object)? where object.count == 0: return .success(.reset)
            default: return .failure(BadRequest("A reset takes \(shape(of: name))."))
            }
        case "advance":
            var text = argument?.stringValue
            if case .object(let object)? = argument, object.count == 1 { text = object["by"]?.stringValue }
            guard let text, let seconds = AdvanceDuration.seconds(from: text) else {
                return .failure(BadRequest("An advance is \(shape(of: name))."))
            }
            return .success(.advance(seconds: seconds))
        case "network":
            return NetworkConditions.parse(argument).map(ControlAction.network)
        case "levers":
            return Lever.parse(argument).map(ControlAction.levers)
        case "scenario":
            guard let text = argument?.stringValue else {
                return .failure(BadRequest("A scenario is its text: the request body over HTTP, a string on a control line."))
            }
            return .success(.scenario(text: text))
        default:
            return .failure(BadRequest("Unknown control action \"\(name)\"; expected \(names.joined(separator: ", "))."))
        }
    }

    /// Reads the action `name` from an HTTP body: a scenario's text as it is, the others' JSON
    /// (an empty body is no argument).
    package static func parse(name: String, body: [UInt8]) -> Result<ControlAction, BadRequest> {
        if name == "scenario" {
            guard let text = String(bytes: body, encoding: .utf8) else { return .failure(BadRequest("The scenario is not UTF-8 text.")) }
            return .success(.scenario(text: text))
        }
        let blank = body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard !blank else { return parse(name: name, argument: nil) }
        guard let json = try? JSONParser.parse(body, maxDepth: 8) else {
            return .failure(BadRequest("The body is not JSON; \(name) takes \(shape(of: name))."))
        }
        return parse(name: name, argument: json)
    }
}

extension Simulator {
    /// Performs `action`: on this simulator, on `network` (the faults of the transport that has
    /// them; nil over stdio, which has none), running a scenario with `options`.
    package func perform(_ action: ControlAction, network: Locked<NetworkConditions>?, options: RunOptions = RunOptions()) -> HTTPAnswer {
        switch action {
        case .reset:
            reset()
            return .json(200, Array(#"{"ok":true}"#.utf8))
        case .advance(let seconds):
            let now = advance(seconds: seconds)
            return .json(200, Array(JSON.object(JSONObject([("ok", .bool(true)), ("now", .string(now.iso8601))])).serialized().utf8))
        case .network(let conditions):
            guard let network else { return .refused("Network faults apply to HTTP; serve --stdio has no network to fault.") }
            network.withLock { $0 = conditions }
            return .json(200, Array(JSON.object(JSONObject([("ok", .bool(true)), ("network", conditions.json)])).serialized().utf8))
        case .levers(let levers):
            if let refusal = pull(levers) { return .refused(refusal) }
            return .json(200, Array(JSON.object(JSONObject([("ok", .bool(true)), ("levers", pendingLeversJSON)])).serialized().utf8))
        case .scenario(let text):
            switch parseScenario(text, file: "scenario") {
            case .failure(let error):
                let errors = error.diagnostics.map { GraphQLError($0.description, code: .badRequest) }
                return .json(400, GraphQLResponse(errors: errors).compactBytes())
            case .success(let scenario):
                // Safelisting holds for a posted scenario's sends as for the app's (docs/apollo.md).
                if persistedQueries.onlyPersisted, let unlisted = scenario.sends.first(where: { !persistedQueries.lists($0.document) }) {
                    let place = "scenario:\(unlisted.send.position.line):\(unlisted.send.position.column)"
                    let error = GraphQLError(
                        "\(place): the operation is not in the persisted query list: this server runs only its manifest's operations.",
                        code: GraphQLHTTP.persistedQueryNotInList)
                    return .json(400, GraphQLResponse(errors: [error]).compactBytes())
                }
                let report = runLive([scenario], options: options)
                return .json(report.passed ? 200 : 422, Array(JSONReport.json(report).serialized().utf8))
            }
        }
    }
}
