import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimScenarios
import Foundation

extension SimulatorServer {
    /// The control API (SPEC §7.2): `POST /__sim/reset`, `/advance`, `/network`, `/scenario`.
    func control(_ request: HTTPRequest, peer: ConnectionPeer) -> HTTPResponse {
        switch request.path {
        case "/__sim/reset":
            simulator.reset()
            return json(200, #"{"ok":true}"#)
        case "/__sim/advance":
            guard let object = jsonObject(request.body), object.count == 1,
                  let text = object["by"]?.stringValue, let seconds = AdvanceDuration.seconds(from: text)
            else {
                return errorResponse(status: 400, message: #"Send {"by": "2h"}, with units s, m, h or d."#)
            }
            let now = simulator.advance(seconds: seconds)
            return json(200, JSON.object(JSONObject([("ok", .bool(true)), ("now", .string(now.iso8601))])).serialized())
        case "/__sim/network":
            switch Self.conditions(from: request.body) {
            case .failure(let problem):
                return errorResponse(status: 400, message: problem.message)
            case .success(let conditions):
                setNetworkConditions(conditions)
                return json(200, JSON.object(JSONObject([("ok", .bool(true)), ("network", Self.json(conditions))])).serialized())
            }
        default:
            return scenario(request.body, peer: peer)
        }
    }

    /// Runs a scenario's steps against the live state: 200 passed, 422 a step failed, 400 it does not parse.
    private func scenario(_ body: [UInt8], peer: ConnectionPeer) -> HTTPResponse {
        guard let text = String(bytes: body, encoding: .utf8) else {
            return errorResponse(status: 400, message: "The scenario is not UTF-8 text.")
        }
        switch simulator.parseScenario(text, file: "scenario") {
        case .failure(let error):
            let errors = error.diagnostics.map { GraphQLError($0.description, code: .badRequest) }
            return HTTPResponse(status: 400, headers: [("Content-Type", "application/json; charset=utf-8")], body: GraphQLResponse(errors: errors).compactBytes())
        case .success(let scenario):
            // Bounded and stopped with its client (docs: README, "The server under pressure"): a run cannot outlive the request.
            var options = RunOptions()
            options.maxSends = configuration.maxScenarioSends
            options.shouldStop = { peer.shouldStop }
            let report = simulator.runLive([scenario], options: options)
            return json(report.passed ? 200 : 422, JSONReport.json(report).serialized())
        }
    }

    private func jsonObject(_ body: [UInt8]) -> JSONObject? {
        (try? JSONParser.parse(body, maxDepth: 8))?.objectValue
    }

    /// `{"offline"?: Bool, "latencyMs"?: Int, "failNext"?: {"count": N, "status": S}}`; what is
    /// left out is cleared, so each call states the whole set and `{}` clears everything.
    static func conditions(from body: [UInt8]) -> Result<NetworkConditions, BadRequest> {
        let shape = #"Send {"offline"?: true, "latencyMs"?: 0…60000, "failNext"?: {"count": 1…1000, "status": 400…599}}."#
        guard let parsed = try? JSONParser.parse(body, maxDepth: 8), case .object(let object) = parsed else {
            return .failure(BadRequest("The body is not a JSON object. " + shape))
        }
        var conditions = NetworkConditions()
        for (key, value) in zip(object.keys, object.values) {
            switch (key, value) {
            case ("offline", .bool(let offline)):
                conditions.offline = offline
            case ("latencyMs", .int(let milliseconds)) where (0...60_000).contains(milliseconds):
                conditions.latency = .milliseconds(milliseconds)
            case ("failNext", .object(let fail)):
                guard case .int(let count)? = fail["count"], (1...1_000).contains(count),
                      case .int(let status)? = fail["status"] ?? .int(503), (400...599).contains(status),
                      fail.keys.allSatisfy({ $0 == "count" || $0 == "status" })
                else { return .failure(BadRequest("failNext is wrong. " + shape)) }
                conditions.failures = (count, status)
            default:
                return .failure(BadRequest("\"\(key)\" is unknown or out of range. " + shape))
            }
        }
        return .success(conditions)
    }

    /// The conditions as the control API reports them; `failNext` is null when no failure is pending.
    static func json(_ conditions: NetworkConditions) -> JSON {
        let milliseconds = conditions.latency.clampedNanoseconds / 1_000_000
        return .object(JSONObject([
            ("offline", .bool(conditions.offline)),
            ("latencyMs", .int(milliseconds)),
            ("failNext", conditions.failures.count == 0 ? .null
                : .object(JSONObject([("count", .int(conditions.failures.count)), ("status", .int(conditions.failures.status))]))),
        ]))
    }
}
