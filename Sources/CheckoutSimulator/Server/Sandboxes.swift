import Foundation
import CheckoutSimGraphQL
import CheckoutSimSupport

/// One shop on the server: a simulator and the network faults its GraphQL requests meet
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
    /// What a sandbox path resolved to: the shop and the route the path under it matched (nil:
    /// none); a sandbox to make first (its name, off the loop: `makeSandbox`); or an answer already.
    enum SandboxLookup {
        case shop(Sandbox, RouteTable<Route>.Match?)
        case make(String, RouteTable<Route>.Match)
        case answer(HTTPAnswer)
    }

    /// Resolves `/sandbox/NAME/REST` (and the root routes, the sandbox `default`): the sandbox,
    /// made on first use when `REST` names a route that reads a shop, and the route `REST`
    /// matched (the one match of the request's path).
    func sandbox(for request: HTTPRequest) -> SandboxLookup {
        let path = request.path
        guard path.hasPrefix("/sandbox/") else { return .shop(root, Self.routes.match(path)) }
        let rest = path.dropFirst("/sandbox/".count)
        let name = rest.prefix { $0 != "/" }
        guard SandboxTable.isValid(name) else {
            return .answer(HTTPAnswer.graphQLError("A sandbox name is 1 to 64 of A-Z a-z 0-9 . _ -, not \"\(name)\".", status: 400))
        }
        let under = String(rest.dropFirst(name.count))
        if under.isEmpty {
            if request.method == "DELETE" {
                let dropped = name == "default" ? false : sandboxes.withLock { $0.remove(String(name)) }
                return .answer(dropped ? .json(200, Array(#"{"ok":true}"#.utf8))
                    : HTTPAnswer.graphQLError("There is no sandbox \"\(name)\" to drop (the default one cannot be).", status: 404))
            }
            var answer = HTTPAnswer(status: 308, headers: [("Location", path + "/")])
            answer.headers.append(("Content-Type", "text/plain; charset=utf-8"))
            return .answer(answer)
        }
        // The list of sandboxes is the server's, not a sandbox's: under one it is not there.
        if under == "/__sim/sandboxes" { return .shop(root, nil) }
        let match = Self.routes.match(under)
        // Only a request a route would serve with the shop's state makes a sandbox: a typo is a
        // 404, and a preflight, a refused method and the routes every shop answers alike
        // (`Route.readsShop`) are answered without making a shop (docs/http.md#sandboxes).
        guard let match, match.route.readsShop, match.route.serves(request.method), name != "default" else { return .shop(root, match) }
        let key = String(name)
        if let known = sandboxes.withLock({ $0.byName[key] }) { return .shop(known, match) }
        guard sandboxes.withLock({ $0.names.count < configuration.maxSandboxes }) else { return .answer(tooManySandboxes) }
        return .make(key, match)
    }

    /// Makes the sandbox `name` (a copy of the root shop, then `--preload`'s scenario), or says
    /// why not. Run on a thread of its own, not the loop's (`respond`), and outside the table's
    /// lock: making one sandbox holds up no other request.
    func makeSandbox(_ name: String) -> Result<Sandbox, HTTPFailureAnswer> {
        guard let simulator = root.simulator.freshCopy(cartNamespace: name) else {
            return .failure(HTTPFailureAnswer(answer: HTTPAnswer.graphQLError("The sandbox could not be made.", status: 503)))
        }
        configuration.prepareSandbox?(simulator)
        return sandboxes.withLock { table -> Result<Sandbox, HTTPFailureAnswer> in
            // Another request may have made it meanwhile: the first one made is the one kept.
            if let known = table.byName[name] { return .success(known) }
            guard table.names.count < configuration.maxSandboxes else { return .failure(HTTPFailureAnswer(answer: tooManySandboxes)) }
            let sandbox = Sandbox(name: name, simulator: simulator)
            table.add(sandbox)
            return .success(sandbox)
        }
    }

    /// An answer carried as a `Result`'s failure.
    struct HTTPFailureAnswer: Error {
        let answer: HTTPAnswer
    }

    /// 429 `TOO_MANY_SANDBOXES`: the bound is reached, and nothing is evicted.
    private var tooManySandboxes: HTTPAnswer {
        .graphQLError(
            "The server already holds \(configuration.maxSandboxes) sandboxes, the most it keeps; drop one (DELETE /sandbox/NAME).",
            status: 429, code: GraphQLError.Code(rawValue: "TOO_MANY_SANDBOXES"))
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
