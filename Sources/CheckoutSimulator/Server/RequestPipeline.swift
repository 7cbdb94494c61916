import CheckoutSimSupport

/// How a request is answered (docs/http.md#how-a-request-is-answered): its path is matched once
/// (`routed`), then it passes through the middleware in order, each step answering it itself or
/// handing it on, and the pipeline's end finds its shop and hands it to its route's handler.
extension SimulatorServer {
    /// A request with its path matched: under `/sandbox/NAME/`, the rest of the path.
    struct Routed: Sendable {
        let request: HTTPRequest
        /// The method the route serves it as (`HEAD` as `GET`).
        let method: String
        let peer: ConnectionPeer
        /// The `NAME` of `/sandbox/NAME/…`; nil for the root routes (the sandbox `default`).
        let sandbox: Substring?
        /// The route the path matched, with the values its pattern took; nil when none did.
        let match: RouteTable<Route>.Match?

        /// What the route's handler is given, in `shop`.
        func context(_ match: RouteTable<Route>.Match, in shop: Sandbox) -> RouteContext {
            RouteContext(request: request, method: method, peer: peer, shop: shop, match: match)
        }
    }

    /// One step every request passes through before its route's handler (Hummingbird's
    /// middleware): it answers the request, or hands it to `next`, the rest of the pipeline.
    struct Middleware: Sendable {
        let handle: @Sendable (SimulatorServer, Routed, _ next: (Routed) -> RouteReply) -> RouteReply
    }

    /// The middleware, in order. The access token is checked before a sandbox is made, so a
    /// request without it makes none.
    static let middleware: [Middleware] = [.preflight, .methodAllowed, .accessToken]

    /// The answer to one request and how it is delivered, every response with the CORS fields.
    func respond(to request: HTTPRequest, peer: ConnectionPeer) -> RouteReply {
        switch routed(request, peer: peer) {
        case .failure(let refusal): .now(.answer(refusal.answer, bytesPerSecond: nil))
        case .success(let routed): pass(routed, through: Self.middleware[...])
        }
    }

    private func pass(_ routed: Routed, through steps: ArraySlice<Middleware>) -> RouteReply {
        guard let step = steps.first else { return answerInShop(routed) }
        return step.handle(self, routed) { pass($0, through: steps.dropFirst()) }
    }

    /// The pipeline's end: 404 for a path no route serves; else the shop the request addresses,
    /// then its route's handler. The root shop answers the root routes, `default` and the routes
    /// every shop answers alike (`Route.readsShop` false); a sandbox is found, or made on first
    /// use on a thread of its own, so the loop's other connections are served meanwhile
    /// (docs/http.md#sandboxes).
    private func answerInShop(_ routed: Routed) -> RouteReply {
        guard let match = routed.match else {
            return .now(.answer(.graphQLError("Nothing at \(routed.request.path); the GraphQL endpoint is /graphql.", status: 404), bytesPerSecond: nil))
        }
        // A method the route refuses is refused by the root shop's handler: it makes no sandbox.
        guard let name = routed.sandbox, name != "default", match.route.readsShop, match.route.serves(routed.method) else {
            return match.route.handle(self, routed.context(match, in: root))
        }
        switch knownSandbox(String(name)) {
        case .success(let known?): return match.route.handle(self, routed.context(match, in: known))
        case .failure(let refusal): return .now(.answer(refusal.answer, bytesPerSecond: nil))
        case .success(nil):
            return .onOwnThread { [self] in
                switch makeSandbox(String(name)) {
                case .failure(let failure): return .answer(failure.answer, bytesPerSecond: nil)
                case .success(let made):
                    switch match.route.handle(self, routed.context(match, in: made)) {
                    case .now(let delivery): return delivery
                    case .onOwnThread(let work): return work()
                    // A sandbox made just now has no faults in force, so no latency to wait.
                    case .after(_, let then): return then()
                    }
                }
            }
        }
    }

    /// Matches the request's path once: a sandbox's prefix taken off (`/sandbox/NAME` alone is
    /// redirected, or dropped by `DELETE`; a name that is not one is refused), then the route.
    private func routed(_ request: HTTPRequest, peer: ConnectionPeer) -> Result<Routed, HTTPFailureAnswer> {
        let method = request.method == "HEAD" ? "GET" : request.method
        let path = request.path
        guard path.hasPrefix("/sandbox/") else {
            return .success(Routed(request: request, method: method, peer: peer, sandbox: nil, match: Self.routes.match(path)))
        }
        let rest = path.dropFirst("/sandbox/".count)
        let name = rest.prefix { $0 != "/" }
        guard SandboxTable.isValid(name) else {
            return .failure(HTTPFailureAnswer(answer: .graphQLError("A sandbox name is 1 to 64 of A-Z a-z 0-9 . _ -, not \"\(name)\".", status: 400)))
        }
        let under = String(rest.dropFirst(name.count))
        guard !under.isEmpty else { return .failure(HTTPFailureAnswer(answer: sandboxItself(name, request: request))) }
        // The list of sandboxes is the server's, not a sandbox's: under one it is not there.
        let match = under == "/__sim/sandboxes" ? nil : Self.routes.match(under)
        return .success(Routed(request: request, method: method, peer: peer, sandbox: name, match: match))
    }
}

extension SimulatorServer.Middleware {
    /// An `OPTIONS` preflight: 204 with the methods the path serves and the headers the client
    /// asked to send, whatever the path (a browser asks before it knows).
    static let preflight = Self { _, routed, next in
        guard routed.request.method == "OPTIONS" else { return next(routed) }
        let allow = routed.match.map { $0.route.allow + ", OPTIONS" } ?? "GET, HEAD, POST, OPTIONS"
        let requested = routed.request.header("access-control-request-headers") ?? "Content-Type, Accept, X-Checkout-Session, X-Checkout-Customer-Token"
        return .now(.answer(HTTPAnswer(status: 204, headers: [
            ("Access-Control-Allow-Methods", allow),
            ("Access-Control-Allow-Headers", requested),
            ("Access-Control-Max-Age", "600"),
            ("Allow", allow),
        ]), bytesPerSecond: nil))
    }

    /// 405 (with `Allow`) for a method the path's route does not serve.
    static let methodAllowed = Self { _, routed, next in
        // A route that lists no methods answers every method itself (the GraphQL endpoints do).
        guard let route = routed.match?.route, let methods = route.methods, !methods.contains(routed.method) else { return next(routed) }
        var answer = HTTPAnswer.graphQLError("Use \(route.allow.replacingOccurrences(of: ", ", with: " or ")) here.", status: 405)
        answer.headers.append(("Allow", route.allow))
        return .now(.answer(answer, bytesPerSecond: nil))
    }

    /// With `serve --storefront-token T`, a route that answers Storefront data refuses a request
    /// without T (401, as Shopify answers it, with the API version's field).
    static let accessToken = Self { server, routed, next in
        guard let match = routed.match, match.route.needsStorefrontToken, var refusal = server.storefrontTokenRefusal(routed.request) else {
            return next(routed)
        }
        refusal.headers.append(StorefrontPath.versionField(StorefrontPath.version(of: match)))
        return .now(.answer(refusal, bytesPerSecond: nil))
    }
}
