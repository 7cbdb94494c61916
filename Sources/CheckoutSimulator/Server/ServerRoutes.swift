import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimStorefront
import CheckoutSimSupport

extension SimulatorServer {
    /// What a route's handler is given: the request, its method (`HEAD` answered as `GET`) and
    /// the client's connection (a latency wait or a scenario run stops when it leaves).
    struct RouteContext {
        let request: HTTPRequest
        let method: String
        let peer: ConnectionPeer
        /// The shop the path addressed: `default` for the root routes, else `/sandbox/NAME/…`'s.
        let shop: Sandbox
        /// What the route's pattern took from the path (`/orders/{id}`'s id).
        let match: RouteTable<Route>.Match

        /// The value the route's pattern took for `{name}`.
        func value(_ name: String) -> Substring? {
            match.value(name)
        }

        /// `""`, or the `/sandbox/NAME` the request came through: what a link back to the same
        /// shop starts with.
        var sandboxBase: String {
            request.path.hasPrefix("/sandbox/") ? "/sandbox/\(shop.name)" : ""
        }
    }

    /// One route: the methods it serves and its handler. Only the GraphQL endpoints meet network
    /// faults, so only their handlers reply with a wait or an answer other than whole.
    struct Route: Sendable {
        /// The methods served (`GET` serves `HEAD` too); nil when the handler answers every method itself.
        let methods: [String]?
        /// Whether the answer depends on a shop's state, so that under `/sandbox/NAME/` the route
        /// makes that sandbox; false for what every shop answers alike (a page, the schema, the
        /// health check), which the root shop answers without making one (docs/http.md#sandboxes).
        let readsShop: Bool
        /// Whether it answers Storefront data, so that `serve --storefront-token` guards it
        /// (the `accessToken` middleware).
        let needsStorefrontToken: Bool
        let handle: @Sendable (SimulatorServer, RouteContext) -> RouteReply

        /// A route whose handler replies as faults shape it (a latency, a slowed or cut answer).
        init(
            methods: [String]?, readsShop: Bool = true, needsStorefrontToken: Bool = false,
            replying handle: @escaping @Sendable (SimulatorServer, RouteContext) -> RouteReply
        ) {
            self.methods = methods
            self.readsShop = readsShop
            self.needsStorefrontToken = needsStorefrontToken
            self.handle = handle
        }

        /// A route whose handler's answers are written whole; with `runsLong`, the handler runs
        /// on a thread of its own (it may work for seconds, watching its client), not on the loop.
        init(
            methods: [String]?, readsShop: Bool = true, runsLong: Bool = false,
            _ answer: @escaping @Sendable (SimulatorServer, RouteContext) -> HTTPAnswer
        ) {
            self.methods = methods
            self.readsShop = readsShop
            needsStorefrontToken = false
            if runsLong {
                self.handle = { server, context in .onOwnThread { .answer(answer(server, context), bytesPerSecond: nil) } }
            } else {
                self.handle = { server, context in .now(.answer(answer(server, context), bytesPerSecond: nil)) }
            }
        }

        /// The methods served, spelled out when the handler answers every method itself (the
        /// GraphQL endpoint serves GET and POST).
        private var served: [String] { methods ?? ["GET", "POST"] }

        /// The `Allow` field for the methods served.
        var allow: String {
            served.flatMap { $0 == "GET" ? ["GET", "HEAD"] : [$0] }.joined(separator: ", ")
        }

        /// Whether the route serves `method` (`HEAD` as `GET`).
        func serves(_ method: String) -> Bool {
            served.contains(method == "HEAD" ? "GET" : method)
        }
    }

    /// Every route (docs/http.md#routes), in one table: these, the pages' (`addPageRoutes`), the
    /// Storefront dialect's (`addStorefrontRoutes`), the outbox's (`addMailRoutes`) and new customer
    /// accounts' (`addAccountRoutes`).
    static let routes: RouteTable<Route> = {
        var routes = RouteTable<Route>()
        routes.add("/graphql", Route(methods: nil, replying: { server, context in server.graphQL(context) }))
        let playground = Route(methods: ["GET"], readsShop: false) { _, _ in
            HTTPAnswer(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")], body: Playground.page)
        }
        routes.add("/", playground)
        routes.add("/index.html", playground)
        routes.add("/schema.graphql", Route(methods: ["GET"], readsShop: false) { _, context in
            HTTPAnswer(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(context.shop.simulator.sdl.utf8))
        })
        routes.add("/healthz", Route(methods: ["GET"], readsShop: false) { _, _ in .json(200, Array(#"{"ok":true}"#.utf8)) })
        routes.add("/__sim/requests", Route(methods: ["GET", "DELETE"]) { server, context in server.journal(context) })
        routes.add("/__sim/requests/count", Route(methods: ["GET"]) { server, context in server.journal(context, countOnly: true) })
        routes.add("/__sim/sandboxes", Route(methods: ["GET"], readsShop: false) { server, _ in server.sandboxList() })
        routes.add("/__sim/requests.scenario", Route(methods: ["GET"], runsLong: true) { _, context in
            guard var parameters = FormQuery.decode(context.request.query) else {
                return .refused("The query string is not valid percent-encoding.")
            }
            let name = parameters.last { $0.name == "name" }?.value ?? "Recorded journey"
            parameters.removeAll { $0.name == "name" }
            switch Simulator.RequestFilter.parse(parameters) {
            case .failure(let failure): return .refused(failure.message)
            case .success(let filter):
                guard let text = context.shop.simulator.recordedScenario(name: name, matching: filter, stopIf: { context.peer.shouldStop }) else {
                    return .graphQLError("The export stopped: the server is stopping or the client has gone.", status: 503)
                }
                return HTTPAnswer(
                    status: 200, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")], body: Array(text.utf8))
            }
        })
        routes.add("/__sim/verify", Route(methods: ["POST"]) { _, context in
            switch Simulator.RequestPattern.parse(context.request.body) {
            case .failure(let failure): return .refused(failure.message)
            case .success(let pattern):
                let verification = context.shop.simulator.verify(pattern)
                return .json(verification.passed ? 200 : 422, Array(verification.json.serialized().utf8))
            }
        })
        routes.add("/__sim/storefront/coverage", Route(methods: ["GET"]) { _, context in
            .json(200, Array(context.shop.simulator.storefrontCoverage.serialized().utf8))
        })
        // A GET of levers or network reads what the POST sets: the levers pending and the faults
        // in force, so a presenter panel opened now shows what was set before it.
        for name in ControlAction.names where name != "levers" && name != "network" {
            // A posted scenario may send thousands of requests: it runs beside the loop, not on it.
            routes.add("/__sim/" + name, Route(methods: ["POST"], runsLong: name == "scenario") { server, context in server.control(name, context) })
        }
        routes.add("/__sim/levers", Route(methods: ["GET", "POST"]) { server, context in
            guard context.method == "GET" else { return server.control("levers", context) }
            let pending = JSONObject([("ok", .bool(true)), ("levers", context.shop.simulator.pendingLeversJSON)])
            return .json(200, Array(JSON.object(pending).serialized().utf8))
        })
        routes.add("/__sim/network", Route(methods: ["GET", "POST"]) { server, context in
            guard context.method == "GET" else { return server.control("network", context) }
            let conditions = JSONObject([("ok", .bool(true)), ("network", context.shop.network.withLock { $0.json })])
            return .json(200, Array(JSON.object(conditions).serialized().utf8))
        })
        routes.add("/playground/graphql", Route(methods: ["POST"], replying: { server, context in server.graphQL(context, transport: .playground) }))
        addPageRoutes(to: &routes)
        addStorefrontRoutes(to: &routes)
        addMailRoutes(to: &routes)
        addAccountRoutes(to: &routes)
        return routes
    }()

    /// `/graphql` (or, given a `storefront` version, that version's Storefront endpoint; with
    /// `account`, the Customer Account API's) through the one GraphQL-over-HTTP handler, after
    /// the network faults in force.
    ///
    /// An injected latency is a timer on the connection's loop (`RouteReply.after`): a client
    /// that leaves meanwhile gets nothing, and a stopping server cuts the wait short.
    func graphQL(
        _ context: RouteContext, storefront version: StorefrontAPIVersion? = nil, account: Bool = false,
        transport: Simulator.JournalEntry.Transport = .http
    ) -> RouteReply {
        let simulator = context.shop.simulator
        let request = context.request
        let peer = context.peer
        var graphQLRequest = GraphQLHTTP.Request(
            method: context.method, query: request.query, accept: request.header("accept"),
            contentType: request.header("content-type"), session: request.header("x-checkout-session"),
            body: context.method == "POST" ? request.body : [], transport: transport,
            clientName: request.header("apollographql-client-name"), clientVersion: request.header("apollographql-client-version"))
        graphQLRequest.customerToken = request.header("x-checkout-customer-token")
        if let version {
            graphQLRequest.dialect = .storefront
            graphQLRequest.apiVersion = version
            graphQLRequest.storefrontOrigin = storefrontOrigin(of: context)
            graphQLRequest.hasAccessToken = Self.storefrontToken(of: request) != nil
        }
        if account {
            graphQLRequest.dialect = .customerAccount
            graphQLRequest.storefrontOrigin = storefrontOrigin(of: context)
            graphQLRequest.accountToken = CustomerAccountPath.accessToken(fromAuthorization: request.header("authorization"))
        }
        let exchange = GraphQLHTTP.Exchange(graphQLRequest, simulator: simulator, network: context.shop.network)
        let nanoseconds = exchange.waitBeforeDelivering
        // The closure is made only for a latency: the common request allocates none.
        guard nanoseconds > 0 else { return .now(Self.deliver(exchange, simulator: simulator, peer: peer)) }
        return .after(nanoseconds: nanoseconds) { Self.deliver(exchange, simulator: simulator, peer: peer) }
    }

    /// Runs a GraphQL exchange (stopping if its client goes), its answer marked not to be cached.
    private static func deliver(_ exchange: GraphQLHTTP.Exchange, simulator: Simulator, peer: ConnectionPeer) -> Delivery {
        exchange.deliver(simulator: simulator, cancelled: { peer.hasGone }).mapAnswer { answer in
            var answer = answer
            answer.headers.append(("Cache-Control", "no-store"))
            return answer
        }
    }

    /// `POST /__sim/NAME`: the control action `name` with the body as its argument.
    private func control(_ name: String, _ context: RouteContext) -> HTTPAnswer {
        switch ControlAction.parse(name: name, body: context.request.body) {
        case .failure(let failure):
            return .refused(failure.message)
        case .success(let action):
            // A posted scenario that speaks the Storefront dialect reads Storefront data: with
            // `--storefront-token`, it needs the token as the endpoint does (docs/storefront.md).
            if case .scenario(let text) = action, let refusal = storefrontTokenRefusal(context.request),
               case .success(let scenario) = context.shop.simulator.parseScenario(text, file: "scenario"), scenario.speaksOtherDialects {
                return refusal
            }
            // A scenario run is bounded and stops with its client (docs/http.md, "The server
            // under pressure"): it cannot outlive the request.
            var options = RunOptions()
            options.maxSends = configuration.maxScenarioSends
            options.maxResponseBytes = SimulatorServer.maxScenarioResponseBytes
            let peer = context.peer
            options.shouldStop = { peer.shouldStop }
            return context.shop.simulator.perform(action, network: context.shop.network, options: options).answer
        }
    }

    /// `GET /__sim/requests` (the entries a filter matches), `/count`, and `DELETE` (empties the
    /// journal alone): docs/journal.md.
    private func journal(_ context: RouteContext, countOnly: Bool = false) -> HTTPAnswer {
        if context.method == "DELETE" {
            // Nothing narrows a clear: a parameter (a filter that GET would read) is refused, not ignored.
            guard context.request.query.isEmpty else {
                return .refused("DELETE /__sim/requests clears the whole journal and takes no parameters.")
            }
            context.shop.simulator.clearRequests()
            return .json(200, Array(#"{"ok":true}"#.utf8))
        }
        guard let parameters = FormQuery.decode(context.request.query) else {
            return .refused("The query string is not valid percent-encoding.")
        }
        switch Simulator.RequestFilter.parse(parameters) {
        case .failure(let failure):
            return .refused(failure.message)
        case .success(let filter):
            guard !countOnly else {
                return .json(200, Array(JSON.object(JSONObject([("count", .int(context.shop.simulator.requestCount(matching: filter)))])).serialized().utf8))
            }
            return .json(200, context.shop.simulator.journalListing(matching: filter))
        }
    }

    /// Logs an answered request: `bytes` of the answer's body were sent; a nil answer is a
    /// dropped connection (status 0).
    func log(_ request: HTTPRequest, _ answer: HTTPAnswer?, bytes: Int, duration: Duration) {
        guard let log = configuration.log else { return }
        log(RequestLog(
            method: request.method, path: request.path, status: answer?.status ?? 0,
            bytes: bytes, duration: duration,
            session: answer?.session ?? "-", operationNames: answer?.operationNames ?? []))
    }

    /// Logs a request refused before it could be routed.
    func logRejection(_ failure: HTTPFailure) {
        guard let log = configuration.log else { return }
        log(RequestLog(method: "-", path: "-", status: failure.status, bytes: 0, duration: .zero, session: "-", operationNames: []))
    }
}
