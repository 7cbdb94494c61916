import CheckoutSimGraphQL
import CheckoutSimSupport

/// One shop on the server: a simulator and the network faults its `/graphql` requests meet
/// (docs/http.md#sandboxes). The root routes are the sandbox `default`.
final class Sandbox: Sendable {
    let name: String
    let simulator: Simulator
    let network = Locked(NetworkConditions())

    init(name: String, simulator: Simulator) {
        self.name = name
        self.simulator = simulator
    }
}

/// The server's sandboxes by name, in the order they were made; created on first use.
struct SandboxTable {
    private(set) var byName: [String: Sandbox] = [:]
    private(set) var names: [String] = []

    /// Whether `name` is 1–64 characters of `[A-Za-z0-9._-]`.
    static func isValid(_ name: Substring) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(ASCII.lowercased(byte)) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    mutating func add(_ sandbox: Sandbox) {
        byName[sandbox.name] = sandbox
        names.append(sandbox.name)
    }

    mutating func remove(_ name: String) -> Bool {
        guard byName.removeValue(forKey: name) != nil else { return false }
        names.removeAll { $0 == name }
        return true
    }
}

extension SimulatorServer {
    /// What a sandbox path resolved to: the shop and the path under it, or an answer already.
    enum SandboxLookup {
        case shop(Sandbox, path: String)
        case answer(HTTPAnswer)
    }

    /// Resolves `/sandbox/NAME/REST` (and the root routes, the sandbox `default`): the sandbox,
    /// made on first use when `REST` names a route, and `REST`.
    func sandbox(for request: HTTPRequest) -> SandboxLookup {
        let path = request.path
        guard path.hasPrefix("/sandbox/") else { return .shop(root, path: path) }
        let rest = path.dropFirst("/sandbox/".count)
        let name = rest.prefix { $0 != "/" }
        guard SandboxTable.isValid(name) else {
            return .answer(Self.errorAnswer(status: 400, message: "A sandbox name is 1 to 64 of A-Z a-z 0-9 . _ -, not \"\(name)\"."))
        }
        let under = String(rest.dropFirst(name.count))
        if under.isEmpty {
            if request.method == "DELETE" {
                let dropped = name == "default" ? false : sandboxes.withLock { $0.remove(String(name)) }
                return .answer(dropped ? .json(200, Array(#"{"ok":true}"#.utf8))
                    : Self.errorAnswer(status: 404, message: "There is no sandbox \"\(name)\" to drop (the default one cannot be)."))
            }
            var answer = HTTPAnswer(status: 308, headers: [("Location", path + "/")])
            answer.headers.append(("Content-Type", "text/plain; charset=utf-8"))
            return .answer(answer)
        }
        // Only a path that names a route makes a sandbox: a typo is a 404, not a new shop.
        guard Self.routes[under] != nil else { return .shop(root, path: under) }
        if name == "default" { return .shop(root, path: under) }
        return sandboxes.withLock { table -> SandboxLookup in
            if let known = table.byName[String(name)] { return .shop(known, path: under) }
            guard table.names.count < configuration.maxSandboxes else {
                let body = GraphQLResponse(errors: [GraphQLError(
                    "The server already holds \(configuration.maxSandboxes) sandboxes, the most it keeps; drop one (DELETE /sandbox/NAME).",
                    code: GraphQLError.Code(rawValue: "TOO_MANY_SANDBOXES"))])
                return .answer(HTTPAnswer(status: 429, headers: [("Content-Type", "application/json; charset=utf-8")], body: body.compactBytes()))
            }
            guard let simulator = root.simulator.freshCopy() else {
                return .answer(Self.errorAnswer(status: 503, message: "The sandbox could not be made."))
            }
            configuration.prepareSandbox?(simulator)
            let sandbox = Sandbox(name: String(name), simulator: simulator)
            table.add(sandbox)
            return .shop(sandbox, path: under)
        }
    }

    /// `GET /__sim/sandboxes`: every sandbox, `default` first, then in the order they were made.
    func sandboxList() -> HTTPAnswer {
        let all = [root] + sandboxes.withLock { table in table.names.compactMap { table.byName[$0] } }
        let items = all.map { sandbox in
            JSON.object(JSONObject([
                ("name", .string(sandbox.name)),
                ("requests", .int(sandbox.simulator.requestCount())),
                ("sessions", .int(sandbox.simulator.sessionCount)),
            ]))
        }
        return .json(200, Array(JSON.object(JSONObject([("sandboxes", .array(items))])).serialized().utf8))
    }
}
