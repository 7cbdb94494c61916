import CheckoutSimSupport
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Routes `URLSession` requests for a base URL to a simulator, speaking GraphQL over HTTP.
///
/// ```swift
/// let configuration = URLSessionConfiguration.ephemeral
/// let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shop.test/graphql", in: configuration)
/// let session = URLSession(configuration: configuration)   // the app's own networking code, unchanged
/// route.failNext(1, status: 503)                            // network conditions for client tests
/// ```
///
/// The session comes from the `X-Checkout-Session` header (default `default`).
///
/// Routes are isolated per configuration: each registration puts its own subclass of this class
/// into `configuration.protocolClasses`, and that class answers only its own route. Two tests that
/// register two simulators under one base URL, in parallel, never see each other's requests or
/// network conditions. (A header stamped through `httpAdditionalHeaders` would not do: Apple's URL
/// loading adds those after URL protocols have seen the request.)
public class SimulatorURLProtocol: URLProtocol {
    /// Every live route by its number, which its subclass carries in its type, and the last
    /// number given out (numbers are never reused, so a stale class never finds a new route).
    static let routes = Locked<(last: Int, live: [Int: SimulatorRoute])>((0, [:]))

    /// Routes requests whose URL starts with `baseURL` (every request when nil) to `simulator`,
    /// for sessions made from `configuration` only. Registering another route in the same
    /// configuration puts it first.
    @discardableResult
    public static func register(_ simulator: Simulator, baseURL: String? = nil, in configuration: URLSessionConfiguration) -> SimulatorRoute {
        let route = routes.withLock { routes in
            routes.last += 1
            let route = SimulatorRoute(baseURL: baseURL, simulator: simulator, number: routes.last)
            routes.live[routes.last] = route
            return route
        }
        configuration.protocolClasses = [RouteSlots.protocolClass(for: route.number)] + (configuration.protocolClasses ?? [])
        return route
    }

    /// The route this class answers for; the base class answers none.
    class var routeNumber: Int { 0 }

    static func route(for request: URLRequest) -> SimulatorRoute? {
        guard let url = request.url else { return nil }
        let number = routeNumber
        guard let route = routes.withLock({ $0.live[number] }), route.matches(url) else { return nil }
        return route
    }

    /// True for requests whose URL this class's route covers.
    public override class func canInit(with request: URLRequest) -> Bool {
        route(for: request) != nil
    }

    /// The request unchanged.
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Answers the request from the simulator, applying the route's network conditions.
    public override func startLoading() {
        guard let route = type(of: self).route(for: request), let url = request.url else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let conditions = route.conditionsForNextRequest()
        let request = self.request
        let loading = Loading(protocol: self)
        let deliver: @Sendable () -> Void = {
            let this = loading.protocol
            let fields = request.allHTTPHeaderFields ?? [:]
            let graphQLRequest = GraphQLHTTP.Request(
                method: request.httpMethod ?? "GET", query: Substring(url.query ?? ""), accept: Self.field("accept", in: fields),
                contentType: Self.field("content-type", in: fields), session: Self.field("x-checkout-session", in: fields),
                body: Self.body(of: request), transport: .urlprotocol, clientName: Self.field("apollographql-client-name", in: fields),
                clientVersion: Self.field("apollographql-client-version", in: fields))
            let reply = conditions.answer(graphQLRequest, simulator: route.simulator) {
                GraphQLHTTP.respond(to: graphQLRequest, simulator: route.simulator)
            }
            guard let answer = reply else {
                this.client?.urlProtocol(this, didFailWithError: URLError(.notConnectedToInternet))
                return
            }
            var answerFields: [String: String] = [:]
            for (name, value) in answer.headers { answerFields[name] = value }
            guard let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answerFields) else {
                this.client?.urlProtocol(this, didFailWithError: URLError(.badServerResponse))
                return
            }
            this.client?.urlProtocol(this, didReceive: response, cacheStoragePolicy: .notAllowed)
            // The one copy on this path: URL loading takes `Data`.
            this.client?.urlProtocol(this, didLoad: Data(answer.body))
            this.client?.urlProtocolDidFinishLoading(this)
        }
        let nanoseconds = conditions.latency.clampedNanoseconds
        if nanoseconds > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: deliver)
        } else {
            deliver()
        }
    }

    /// Nothing to cancel: answers are produced in one go.
    public override func stopLoading() {}

    /// Carries the protocol instance to the delayed delivery. URL loading hands each instance to
    /// one loading at a time and the delivery is its only later use, so no state is shared.
    private struct Loading: @unchecked Sendable {
        let `protocol`: SimulatorURLProtocol
    }

    /// The request body, whether it came as data or as a stream; empty when there is none.
    static func body(of request: URLRequest) -> [UInt8] {
        if let body = request.httpBody { return Array(body) }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// The field named `name` (given in lowercase) in any letter case, as the app wrote it.
    static func field(_ name: String, in fields: [String: String]) -> String? {
        if let value = fields[name] { return value }
        return fields.first { key, _ in
            key.utf8.count == name.utf8.count && zip(key.utf8, name.utf8).allSatisfy { ASCII.lowercased($0) == $1 }
        }?.value
    }
}
