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
    /// Makes a customer, or resets the one with that email (password, names, state). Argument:
    /// docs/customers.md#control.
    case customer(CustomerFixture)

    /// The action names, as paths under `/__sim/` and as a control line's one member.
    static let names = ["reset", "advance", "network", "scenario", "levers", "customer"]

    /// The argument `name` takes, as its refusals show it.
    static func shape(of name: String) -> String {
        switch name {
        case "reset": #"nothing, true or {}"#
        case "advance": #""2h" or {"by": "2h"}, with units s, m, h or d"#
        case "network": NetworkConditions.shape
        case "levers": Lever.shape
        case "customer": customerShape
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
        case "customer":
            return parseCustomer(argument)
        case "scenario":
            guard let text = argument?.stringValue else {
                return .failure(BadRequest("A scenario is its text: the request body over HTTP, a string on a control line."))
            }
            return .success(.scenario(text: text))
        default:
            return .failure(BadRequest("Unknown control action \"\(name)\"; expected \(names.joined(separator: ", "))."))
        }
    }

    static let customerShape =
        #"{"email": EMAIL, "password"?: 5…40 characters, "firstName"?, "lastName"?, "phone"?, "acceptsMarketing"?: true|false, "state"?: "enabled"|"invited"|"disabled"}"#

    /// Reads a `customer` argument: who to make, or to reset.
    private static func parseCustomer(_ argument: JSON?) -> Result<ControlAction, BadRequest> {
        let refused = { (what: String) in Result<ControlAction, BadRequest>.failure(BadRequest("\(what) is wrong. Send " + customerShape + ".")) }
        guard case .object(let object)? = argument else { return refused("The customer") }
        let known = ["email", "password", "firstName", "lastName", "phone", "acceptsMarketing", "state"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) { return refused("\"\(unknown)\"") }
        guard let email = object["email"]?.stringValue, CustomerBook.looksLikeEmail(email) else { return refused("email") }
        var customer = CustomerFixture(email: email, password: nil)
        if let password = object["password"] {
            guard let text = password.stringValue, CustomerBook.passwordLengths.contains(text.count) else { return refused("password") }
            customer.password = text
        }
        for (key, part) in [("firstName", \CustomerFixture.firstName), ("lastName", \.lastName), ("phone", \.phone)] {
            guard let value = object[key] else { continue }
            guard let text = value.stringValue, !text.isLonger(thanCharacters: CustomerBook.maxAddressPart) else { return refused(key) }
            customer[keyPath: part] = text
        }
        if let marketing = object["acceptsMarketing"] {
            guard case .bool(let value) = marketing else { return refused("acceptsMarketing") }
            customer.acceptsMarketing = value
        }
        if let state = object["state"] {
            guard let text = state.stringValue, let value = Customer.State(rawValue: text) else { return refused("state") }
            customer.state = value
        }
        return .success(.customer(customer))
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
