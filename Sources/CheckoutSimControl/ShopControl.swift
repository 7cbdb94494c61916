import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Drives a running `checkout-sim serve` from a UI test: its sandboxes, clock, network faults,
/// levers and journal (docs/control-client.md).
///
/// Foundation and `URLSession` only: an XCUITest target links it without the engine.
///
/// ```swift
/// let shop = ShopControl(baseURL: URL(string: "http://127.0.0.1:4000")!)
/// let sandbox = shop.sandbox(forTest: name)             // this test's own shop
/// app.launchArguments += ["-graphQLURL", sandbox.graphQLURL.absoluteString]
/// try await sandbox.failNext(status: 503, operation: "AddToCart")
/// ```
public struct ShopControl: Sendable {
    /// The server's root, `http://HOST:PORT`.
    public let baseURL: URL
    /// The sandbox this handle drives; nil for the server's root shop (`default`).
    public let sandboxName: String?
    private let session: URLSession

    /// A handle on the server at `baseURL` (its root shop); requests go through `session`.
    public init(baseURL: URL, session: URLSession = .shared) {
        self.init(baseURL: baseURL, sandboxName: nil, session: session)
    }

    private init(baseURL: URL, sandboxName: String?, session: URLSession) {
        self.baseURL = baseURL
        self.sandboxName = sandboxName
        self.session = session
    }

    /// A handle on the sandbox `name` (1–64 of `A–Z a–z 0–9 . _ -`): an independent shop the server
    /// creates on first use. Give each test its own name.
    public func sandbox(_ name: String) -> ShopControl {
        ShopControl(baseURL: baseURL, sandboxName: name, session: session)
    }

    /// A handle on a sandbox named after a test (`XCTestCase.name`, a Swift Testing test's name):
    /// characters a sandbox name cannot hold become `-`, and a name past 64 characters keeps its
    /// start and a hash of the whole, so each test gets its own shop, the same one every run.
    public func sandbox(forTest name: String) -> ShopControl {
        var cleaned = ""
        for scalar in name.unicodeScalars {
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
            let character = allowed ? Character(scalar) : "-"
            if character == "-", cleaned.last == "-" { continue }
            cleaned.append(character)
        }
        cleaned = String(cleaned.drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed())
        if cleaned.isEmpty { cleaned = "test" }
        if cleaned.count > 64 {
            // FNV-1a over the whole name: a long name keeps its start and stays distinct.
            var hash: UInt64 = 0xcbf29ce484222325
            for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            let hex = String(hash, radix: 16)
            cleaned = String(cleaned.prefix(64 - 1 - hex.count)) + "-" + hex
        }
        return sandbox(cleaned)
    }

    /// Where this shop's routes are: the root, or `/sandbox/NAME`.
    public var shopURL: URL {
        guard let sandboxName else { return baseURL }
        return baseURL.appendingPathComponent("sandbox").appendingPathComponent(sandboxName)
    }

    /// The GraphQL endpoint to hand the app (as a launch argument).
    public var graphQLURL: URL { shopURL.appendingPathComponent("graphql") }

    /// Restores the shop's initial state: stock, sessions, clock, faults, levers, journal.
    public func reset() async throws {
        _ = try await send("POST", "__sim/reset")
    }

    /// Moves the shop's virtual clock forward by `duration` (`"45s"`, `"30m"`, `"2h"`, `"7d"`); the
    /// new time, ISO 8601.
    @discardableResult
    public func advance(by duration: String) async throws -> String {
        let answer = try await send("POST", "__sim/advance", body: "{\"by\":\(Value.quoted(duration))}")
        guard case .object(let object) = answer, case .string(let now)? = object["now"] else { throw ControlError(status: 200, message: "The answer had no time.") }
        return now
    }

    /// Sets the network later GraphQL requests to this shop meet: offline or not, and the whole
    /// set of faults (what is left out is cleared; no arguments clear everything).
    public func network(offline: Bool = false, faults: [Fault] = []) async throws {
        _ = try await send("POST", "__sim/network", body: Fault.body(offline: offline, faults: faults))
    }

    /// The next `count` requests (of `operation`, or any) get `status` and an error body; other
    /// faults in force are cleared.
    public func failNext(_ count: Int = 1, status: Int = 503, operation: String? = nil) async throws {
        try await network(faults: [.fail(status: status, count: count, operation: operation)])
    }

    /// Pulls `levers` in order, all or none.
    public func levers(_ levers: [Lever]) async throws {
        _ = try await send("POST", "__sim/levers", body: Lever.body(levers))
    }

    /// Clears the levers not yet used up (pending payment outcomes, the next scratch reward).
    public func clearLevers() async throws {
        _ = try await send("POST", "__sim/levers", body: "{}")
    }

    /// Runs a scenario's steps against the live shop; the run report. A scenario that does not
    /// parse throws; one whose expectations fail is a report with `passed` false.
    public func runScenario(_ text: String) async throws -> ScenarioReport {
        let (status, data) = try await exchange("POST", "__sim/scenario", body: Data(text.utf8))
        guard status == 200 || status == 422 else { throw ControlError(status: status, data: data) }
        guard case .object(let object) = try JSONDecoder().decode(Value.self, from: data) else {
            throw ControlError(status: status, message: "The report is not a JSON object.")
        }
        return ScenarioReport(passed: object["passed"] == .bool(true), json: String(decoding: data, as: UTF8.self))
    }

    /// Drops this sandbox and everything in it (the next request to its name makes a fresh one).
    public func drop() async throws {
        guard sandboxName != nil else { throw ControlError(status: 0, message: "The root shop cannot be dropped; reset it instead.") }
        let (status, data) = try await exchange("DELETE", nil)
        guard status == 200 else { throw ControlError(status: status, data: data) }
    }

    /// The server's shops: the root (`default`) and every sandbox, in the order they were made.
    public func sandboxes() async throws -> [SandboxSummary] {
        let (status, data) = try await exchange("GET", "__sim/sandboxes", root: true)
        guard status == 200 else { throw ControlError(status: status, data: data) }
        return try JSONDecoder().decode(SandboxList.self, from: data).sandboxes
    }

    /// One shop on the server, as `GET /__sim/sandboxes` lists it.
    public struct SandboxSummary: Sendable, Equatable, Decodable {
        public let name: String
        public let requests: Int
        public let sessions: Int
    }

    private struct SandboxList: Decodable {
        let sandboxes: [SandboxSummary]
    }

    /// A scenario run's outcome and its report as JSON (docs/scenarios.md).
    public struct ScenarioReport: Sendable, Equatable {
        public let passed: Bool
        public let json: String
    }

    /// POSTs `body` to this shop's `path` and reads the JSON answer; a status other than 200 throws.
    func send(_ method: String, _ path: String, body: String? = nil) async throws -> Value {
        let (status, data) = try await exchange(method, path, body: body.map { Data($0.utf8) })
        guard status == 200 else { throw ControlError(status: status, data: data) }
        return try JSONDecoder().decode(Value.self, from: data)
    }

    /// One request to `path` under this shop (or the server's root): the status and the body.
    func exchange(_ method: String, _ path: String?, query: [URLQueryItem] = [], body: Data? = nil, root: Bool = false) async throws -> (Int, Data) {
        var url = root ? baseURL : shopURL
        if let path { url = url.appendingPathComponent(path) }
        if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = query
            // `+` is a space in a form query; a literal plus must be encoded.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            url = components.url ?? url
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

extension ShopControl {
    /// A control call the server refused, with its message (`errors[0].message`).
    public struct ControlError: Error, Sendable, CustomStringConvertible {
        public let status: Int
        public let message: String

        init(status: Int, message: String) {
            self.status = status
            self.message = message
        }

        init(status: Int, data: Data) {
            var message = String(decoding: data, as: UTF8.self)
            if case .object(let object)? = try? JSONDecoder().decode(Value.self, from: data),
               case .array(let errors)? = object["errors"], case .object(let first)? = errors.first, case .string(let text)? = first["message"] {
                message = text
            }
            self.init(status: status, message: message)
        }

        public var description: String { "HTTP \(status): \(message)" }
    }
}
