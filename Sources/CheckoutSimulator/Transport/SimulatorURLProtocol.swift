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

    /// Answers the request from the simulator after the route's network faults, each reported
    /// as `URLSession` reports it from a real network (docs/control.md#faults): an outage as
    /// `.notConnectedToInternet`, a dropped connection as `.networkConnectionLost` with no
    /// response, a truncated one as the response and half its body, then `.networkConnectionLost`.
    public override func startLoading() {
        guard let route = type(of: self).route(for: request), let url = request.url else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let request = self.request
        let fields = request.allHTTPHeaderFields ?? [:]
        var graphQLRequest = GraphQLHTTP.Request(
            method: request.httpMethod ?? "GET", query: Substring(url.query ?? ""), accept: Self.field("accept", in: fields),
            contentType: Self.field("content-type", in: fields), session: Self.field("x-checkout-session", in: fields),
            body: Self.body(of: request), transport: .urlprotocol, clientName: Self.field("apollographql-client-name", in: fields),
            clientVersion: Self.field("apollographql-client-version", in: fields))
        graphQLRequest.customerToken = Self.field("x-checkout-customer-token", in: fields)
        // A Storefront path (`…/api/VERSION/graphql.json` or `…/graphql`) speaks the Storefront
        // dialect of that version (docs/storefront.md).
        // The Customer Account API's path ends as a Storefront one does (`…/api/VERSION/graphql`):
        // it is looked for first (docs/customers.md#customer-accounts).
        if CustomerAccountPath.matches(endOf: url.path) {
            graphQLRequest.dialect = .customerAccount
            graphQLRequest.accountToken = CustomerAccountPath.accessToken(fromAuthorization: Self.field("authorization", in: fields))
        } else if case (let version, .graphQL)? = StorefrontPath.parse(endOf: url.path) {
            graphQLRequest.dialect = .storefront
            graphQLRequest.apiVersion = version
            graphQLRequest.hasAccessToken = Self.field("x-shopify-storefront-access-token", in: fields) != nil
                || Self.field("shopify-storefront-private-token", in: fields) != nil
        }
        let exchange = GraphQLHTTP.Exchange(graphQLRequest, simulator: route.simulator, network: route.conditions)
        let loading = Loading(protocol: self)
        let deliver: @Sendable () -> Void = {
            loading.carry(exchange.deliver(simulator: route.simulator), url: url)
        }
        let nanoseconds = exchange.waitBeforeDelivering
        if nanoseconds > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: deliver)
        } else {
            deliver()
        }
    }

    /// Stops a slow delivery's later chunks.
    public override func stopLoading() {
        stopped.withLock { $0 = true }
    }

    /// Set when URL loading stops this loading: a slow delivery sends nothing more.
    private let stopped = Locked(false)

    /// Carries the protocol instance to the delayed delivery. URL loading hands each instance to
    /// one loading at a time and the delivery is its only later use, so no state is shared.
    private struct Loading: @unchecked Sendable {
        let `protocol`: SimulatorURLProtocol

        /// Hands `delivery` to URL loading: the response, then its body (at once, or in a tenth of
        /// a second's worth at a time for a slow one), then the end or the error a cut connection gives.
        func carry(_ delivery: Delivery, url: URL) {
            let this = `protocol`
            guard let (answer, cut, rate) = delivery.written else {
                if case .unreachable = delivery { return fail(URLError(.notConnectedToInternet)) }
                return fail(URLError(.networkConnectionLost))
            }
            var answerFields: [String: String] = [:]
            for (name, value) in answer.headers { answerFields[name] = value }
            guard let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answerFields) else {
                return fail(URLError(.badServerResponse))
            }
            // The one copy on this path: URL loading takes `Data`.
            let body = Data(cut ? answer.body.prefix(answer.body.count / 2) : answer.body[...])
            let wait = answer.nanosecondsBeforeDeferredParts
            if wait > 0, rate == nil, !cut, let start = answer.deferredPartsStart, start <= body.count {
                return carryInParts(response, body, deferredPartsStart: start, after: wait)
            }
            this.client?.urlProtocol(this, didReceive: response, cacheStoragePolicy: .notAllowed)
            guard let rate else {
                this.client?.urlProtocol(this, didLoad: body)
                return finish(cut: cut)
            }
            let chunk = max(1, rate / 10)
            let pause = Int64(chunk) * 1_000_000_000 / Int64(rate)
            #if canImport(FoundationNetworking)
            // swift-corelibs-foundation keeps only the last piece a URL protocol loads, so the
            // body comes whole, once the time its pieces would take has passed.
            let pieces = Int64((body.count + chunk - 1) / chunk)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, pieces - 1) * pause))) {
                let this = self.protocol
                guard !this.stopped.withLock({ $0 }) else { return }
                this.client?.urlProtocol(this, didLoad: body)
                finish(cut: cut)
            }
            #else
            send(body, from: 0, chunk: chunk, pause: .nanoseconds(Int(pause)), cut: cut)
            #endif
        }

        /// Hands over `body` up to its deferred parts now (nothing, and no response, when it came
        /// whole), then the rest after `nanoseconds` (docs/apollo.md#defer), unless loading stopped.
        /// swift-corelibs-foundation keeps only the last piece a URL protocol loads, so there the
        /// body comes whole, after the wait.
        private func carryInParts(_ response: HTTPURLResponse, _ body: Data, deferredPartsStart start: Int, after nanoseconds: Int) {
            let this = `protocol`
            if start > 0 { this.client?.urlProtocol(this, didReceive: response, cacheStoragePolicy: .notAllowed) }
            #if canImport(FoundationNetworking)
            let later = body
            #else
            if start > 0 { this.client?.urlProtocol(this, didLoad: body.prefix(start)) }
            let later = body.suffix(from: body.startIndex + start)
            #endif
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                let this = self.protocol
                guard !this.stopped.withLock({ $0 }) else { return }
                if start == 0 { this.client?.urlProtocol(this, didReceive: response, cacheStoragePolicy: .notAllowed) }
                this.client?.urlProtocol(this, didLoad: later)
                finish(cut: false)
            }
        }

        #if !canImport(FoundationNetworking)
        /// Sends `body` from `offset` a chunk at a time, `pause` apart, unless loading stopped.
        private func send(_ body: Data, from offset: Int, chunk: Int, pause: DispatchTimeInterval, cut: Bool) {
            let this = `protocol`
            guard !this.stopped.withLock({ $0 }) else { return }
            let next = min(body.count, offset + chunk)
            if next > offset { this.client?.urlProtocol(this, didLoad: body.subdata(in: offset..<next)) }
            guard next < body.count else { return finish(cut: cut) }
            DispatchQueue.global().asyncAfter(deadline: .now() + pause) {
                send(body, from: next, chunk: chunk, pause: pause, cut: cut)
            }
        }
        #endif

        private func finish(cut: Bool) {
            let this = `protocol`
            if cut {
                this.client?.urlProtocol(this, didFailWithError: URLError(.networkConnectionLost))
            } else {
                this.client?.urlProtocolDidFinishLoading(this)
            }
        }

        private func fail(_ error: URLError) {
            let this = `protocol`
            this.client?.urlProtocol(this, didFailWithError: error)
        }
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
