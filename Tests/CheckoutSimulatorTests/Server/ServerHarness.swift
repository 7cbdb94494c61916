import Foundation
import Testing
@testable import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real server on a free loopback port and a URLSession talking to it over real sockets.
struct ServerHarness {
    let simulator: Simulator
    let server: SimulatorServer
    let session: URLSession

    var port: Int { server.port }

    /// Runs `body` against a fresh simulator's server and always stops it afterwards.
    static func with(
        _ configuration: SimulatorServer.Configuration = SimulatorServer.Configuration(), simulator: Simulator? = nil,
        _ body: (ServerHarness) async throws -> Void
    ) async throws {
        let simulator = try simulator ?? Simulator()
        let server = try await SimulatorServer.start(simulator, port: 0, configuration: configuration)
        let urlConfiguration = URLSessionConfiguration.ephemeral
        urlConfiguration.timeoutIntervalForRequest = 10 * Sanitizers.slowdown
        let harness = ServerHarness(simulator: simulator, server: server, session: URLSession(configuration: urlConfiguration))
        do {
            try await body(harness)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func url(_ path: String) throws -> URL {
        try #require(URL(string: server.baseURL + path))
    }

    /// Sends a request; the status, the body as text and the header fields with lowercased names.
    func send(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = ["Content-Type": "application/json"]
    ) async throws -> (status: Int, body: String, headers: [String: String]) {
        var request = URLRequest(url: try url(path))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, String(decoding: data, as: UTF8.self), http.lowercasedFields)
    }

    func post(_ body: String, session name: String? = nil, accept: String? = nil) async throws -> (status: Int, body: String, headers: [String: String]) {
        var headers = ["Content-Type": "application/json"]
        if let name { headers["X-Checkout-Session"] = name }
        if let accept { headers["Accept"] = accept }
        return try await send("POST", "/graphql", body: body, headers: headers)
    }

    func raw() throws -> RawHTTPClient {
        try RawHTTPClient(port: port)
    }
}
