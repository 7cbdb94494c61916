import CheckoutSimGraphQL
import Foundation

extension SimulatorServer {
    /// The answer to one request: routes of SPEC §7.2, every response with the CORS fields.
    ///
    /// `peer` is the client's connection: a latency wait or a scenario run stops when it leaves.
    func respond(to request: HTTPRequest, peer: ConnectionPeer) -> HTTPResponse {
        withCORS(route(request, peer: peer))
    }

    /// `response` with the CORS fields every response carries, protocol errors and the
    /// connection-limit 503 included (docs: README, "The server under pressure").
    func withCORS(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append(("Access-Control-Allow-Origin", configuration.corsOrigin))
        if configuration.corsOrigin != "*" {
            response.headers.append(("Vary", "Origin"))
        }
        return response
    }

    private func route(_ request: HTTPRequest, peer: ConnectionPeer) -> HTTPResponse {
        if request.method == "OPTIONS" {
            return preflight(request)
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        switch request.path {
        case "/graphql":
            return graphQL(request, method: method, peer: peer)
        case "/", "/index.html":
            guard method == "GET" else { return notAllowed("GET, HEAD") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")], body: Playground.page)
        case "/schema.graphql":
            guard method == "GET" else { return notAllowed("GET, HEAD") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(simulator.sdl.utf8))
        case "/healthz":
            guard method == "GET" else { return notAllowed("GET, HEAD") }
            return json(200, #"{"ok":true}"#)
        case "/__sim/reset", "/__sim/advance", "/__sim/network", "/__sim/scenario":
            guard method == "POST" else { return notAllowed("POST") }
            return control(request, peer: peer)
        default:
            return errorResponse(status: 404, message: "Nothing at \(request.path); the GraphQL endpoint is /graphql.")
        }
    }

    /// `/graphql` through the one GraphQL-over-HTTP handler, after the network faults in force.
    ///
    /// An injected latency is waited out on the connection's thread, watching the client: one
    /// that leaves frees its connection at once, and a stopping server cuts the wait short.
    private func graphQL(_ request: HTTPRequest, method: String, peer: ConnectionPeer) -> HTTPResponse {
        let conditions = network.withLock { $0.takeForRequest() }
        let nanoseconds = conditions.latency.clampedNanoseconds
        if nanoseconds > 0, !conditions.offline, peer.pause(nanoseconds: nanoseconds) == .peerGone {
            return .dropped
        }
        let reply = GraphQLHTTP.answer(meeting: conditions) {
            gate.pass {
                GraphQLHTTP.answer(
                    method: method, query: String(request.query), headers: request.headerDictionary,
                    body: method == "POST" ? request.body : nil, simulator: simulator, cancelled: { peer.hasGone })
            }
        }
        guard let answer = reply else { return .dropped }
        var response = HTTPResponse(
            status: answer.status, headers: answer.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, body: Array(answer.body))
        response.headers.append(("Cache-Control", "no-store"))
        response.session = answer.session
        response.operationNames = answer.operationNames
        return response
    }

    /// An `OPTIONS` preflight: 204 with the methods and the headers the client asked to send.
    private func preflight(_ request: HTTPRequest) -> HTTPResponse {
        let requested = request.header("access-control-request-headers") ?? "Content-Type, Accept, X-Checkout-Session"
        let methods = request.path.hasPrefix("/__sim/") ? "POST, OPTIONS" : "GET, HEAD, POST, OPTIONS"
        return HTTPResponse(status: 204, headers: [
            ("Access-Control-Allow-Methods", methods),
            ("Access-Control-Allow-Headers", requested),
            ("Access-Control-Max-Age", "600"),
            ("Allow", methods),
        ])
    }

    private func notAllowed(_ methods: String) -> HTTPResponse {
        var response = errorResponse(status: 405, message: "Use \(methods.replacingOccurrences(of: ", ", with: " or ")) here.")
        response.headers.append(("Allow", methods))
        return response
    }

    func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")], body: Array(text.utf8))
    }

    /// `{"errors":[{"message":…,"extensions":{"code":…}}]}` with `status` and the one code for that
    /// status; 4xx/5xx from the transport close nothing by themselves.
    func errorResponse(status: Int, message: String) -> HTTPResponse {
        let body = GraphQLResponse(errors: [GraphQLError(message, code: HTTPStatusCode.code(for: status))])
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: body.compactBytes())
    }

    /// Logs an answered request.
    func log(_ request: HTTPRequest, _ response: HTTPResponse, duration: Duration) {
        guard let log = configuration.log else { return }
        log(RequestLog(
            method: request.method, path: request.path, status: response.dropsConnection ? 0 : response.status,
            bytes: request.method == "HEAD" ? 0 : response.body.count, duration: duration,
            session: response.session ?? "-", operationNames: response.operationNames))
    }

    /// Logs a request refused before it could be routed.
    func logRejection(_ failure: HTTPFailure) {
        guard let log = configuration.log else { return }
        log(RequestLog(method: "-", path: "-", status: failure.status, bytes: 0, duration: .zero, session: "-", operationNames: []))
    }
}
