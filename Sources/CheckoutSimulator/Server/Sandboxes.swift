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
    /// `/sandbox/NAME` itself: `DELETE` drops the sandbox (never `default`); anything else is
    /// sent on to `/sandbox/NAME/` (308).
    func sandboxItself(_ name: Substring, request: HTTPRequest) -> HTTPAnswer {
        if request.method == "DELETE" {
            let dropped = name == "default" ? false : sandboxes.withLock { $0.remove(String(name)) }
            return dropped ? .json(200, Array(#"{"ok":true}"#.utf8))
                : HTTPAnswer.graphQLError("There is no sandbox \"\(name)\" to drop (the default one cannot be).", status: 404)
        }
        var answer = HTTPAnswer(status: 308, headers: [("Location", request.path + "/")])
        answer.headers.append(("Content-Type", "text/plain; charset=utf-8"))
        return answer
    }

    /// The sandbox `name` if it is made; nil when it is to be made (`makeSandbox`); 429 when the
    /// server holds as many as it keeps.
    func knownSandbox(_ name: String) -> Result<Sandbox?, HTTPFailureAnswer> {
        sandboxes.withLock { table in
            if let known = table.byName[name] { return .success(known) }
            return table.names.count < configuration.maxSandboxes ? .success(nil) : .failure(HTTPFailureAnswer(answer: tooManySandboxes))
        }
    }

    /// Makes the sandbox `name` (a copy of the root shop, then `--preload`'s scenario), or says
    /// why not. Run on a thread of its own, not the loop's (`answerInShop`), and outside the table's
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
