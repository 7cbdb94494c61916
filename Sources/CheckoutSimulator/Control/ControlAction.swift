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
