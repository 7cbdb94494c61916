import CheckoutSimGraphQL
import CheckoutSimSupport

/// The `network` control action's argument and answer (docs/control.md#faults).
extension NetworkConditions {
    /// The argument's shape, as refusals show it.
    static let shape = #"{"offline"?: true, "latencyMs"?: 0…60000 or {"ms", "operation"?}, "failNext"?: {"count"?, "status"?, "operation"?}, "drop"?, "truncate"?, "garbage"?: {"count"?, "operation"?}, "slow"?: {"bytesPerSecond", "count"?, "operation"?}, "errorNext"?: {"count"?, "message", "code", "operation"?}}; a fault's value may be a list of them"#

    /// The keys a fault is set with, in the order the answer lists them.
    private static let faultKeys = ["latencyMs", "slow", "failNext", "drop", "truncate", "garbage", "errorNext"]

    /// Reads the whole set of conditions; what is left out is cleared, so `{}` clears everything.
    static func parse(_ argument: JSON?) -> Result<NetworkConditions, BadRequest> {
        guard case .object(let object)? = argument else {
            return .failure(BadRequest("Expected a JSON object. Send " + shape + "."))
        }
        var conditions = NetworkConditions()
        for (key, value) in zip(object.keys, object.values) {
            if key == "offline", case .bool(let offline) = value {
                conditions.offline = offline
                continue
            }
            guard faultKeys.contains(key) else {
                return .failure(BadRequest("\"\(key)\" is unknown or out of range. Send " + shape + "."))
            }
            let items: [JSON]
            if case .array(let list) = value, (1...32).contains(list.count) { items = list } else { items = [value] }
            for item in items {
                switch fault(key, item) {
                case .success(let fault): conditions.add(fault)
                case .failure(let failure): return .failure(failure)
                }
            }
        }
        return .success(conditions)
    }

    /// One fault set with `key`.
    private static func fault(_ key: String, _ value: JSON) -> Result<NetworkFault, BadRequest> {
        let refused = Result<NetworkFault, BadRequest>.failure(BadRequest("\(key) is wrong. Send " + shape + "."))
        if key == "latencyMs", case .int(let milliseconds) = value {
            guard (0...60_000).contains(milliseconds) else { return refused }
            return .success(NetworkFault(.latency(.milliseconds(milliseconds))))
        }
        guard case .object(let fields) = value else { return refused }
        var allowed = ["operation", "count"]
        switch key {
        case "latencyMs": allowed = ["operation", "ms"]
        case "slow": allowed += ["bytesPerSecond"]
        case "failNext": allowed += ["status"]
        case "errorNext": allowed += ["message", "code"]
        default: break
        }
        guard fields.keys.allSatisfy(allowed.contains) else { return refused }
        var operation: String?
        if let name = fields["operation"] {
            guard case .string(let text) = name, NetworkFault.isOperationName(text) else {
                return .failure(BadRequest("\(key).operation must be an operation's name, like \"AddToCart\"."))
            }
            operation = text
        }
        // A fault that decides the answer takes one request unless told; latency and slow last.
        var count: Int? = key == "latencyMs" || key == "slow" ? nil : 1
        if let given = fields["count"] {
            guard case .int(let number) = given, (1...1_000).contains(number) else { return refused }
            count = number
        }
        let kind: NetworkFault.Kind
        switch key {
        case "latencyMs":
            guard case .int(let milliseconds)? = fields["ms"], (0...60_000).contains(milliseconds) else { return refused }
            kind = .latency(.milliseconds(milliseconds))
        case "slow":
            guard case .int(let rate)? = fields["bytesPerSecond"], (1...100_000_000).contains(rate) else { return refused }
            kind = .slow(bytesPerSecond: rate)
        case "failNext":
            guard case .int(let status)? = fields["status"] ?? .int(503), (400...599).contains(status) else { return refused }
            kind = .fail(status: status)
        case "drop": kind = .drop
        case "truncate": kind = .truncate
        case "garbage": kind = .garbage
        default:
            guard case .string(let message)? = fields["message"], (1...1_000).contains(message.utf8.count),
                  case .string(let code)? = fields["code"], NetworkFault.isErrorCode(code)
            else { return refused }
            kind = .error(message: message, code: code)
        }
        return .success(NetworkFault(kind, operation: operation, count: count))
    }

    /// The conditions as the control API reports them: `offline`, and each fault in force, in
    /// order, with the key it is set with.
    var json: JSON {
        .object(JSONObject([
            ("offline", .bool(offline)),
            ("faults", .array(faults.map(\.json))),
        ]))
    }
}

extension NetworkFault {
    /// `{"fault": KEY, …settings, "operation": …, "count": …}`, the key as the control action sets it.
    var json: JSON {
        var object = JSONObject()
        switch kind {
        case .latency(let duration):
            object.append("fault", .string("latencyMs"))
            object.append("ms", .int(duration.clampedNanoseconds / 1_000_000))
        case .slow(let rate):
            object.append("fault", .string("slow"))
            object.append("bytesPerSecond", .int(rate))
        case .fail(let status):
            object.append("fault", .string("failNext"))
            object.append("status", .int(status))
        case .drop: object.append("fault", .string("drop"))
        case .truncate: object.append("fault", .string("truncate"))
        case .garbage: object.append("fault", .string("garbage"))
        case .error(let message, let code):
            object.append("fault", .string("errorNext"))
            object.append("message", .string(message))
            object.append("code", .string(code))
        }
        object.append("operation", operation.map(JSON.string) ?? .null)
        object.append("count", count.map(JSON.int) ?? .null)
        return .object(object)
    }
}
