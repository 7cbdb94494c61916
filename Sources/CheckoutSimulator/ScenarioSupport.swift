import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimStorefront
import CheckoutSimSupport

extension ScenarioRunner {
    /// A runner that gives each scenario file a fresh simulator over `fixtures`.
    package static func simulator(fixtures: Fixtures, defaultSeed: UInt64? = nil, defaultNow: String? = nil) -> ScenarioRunner {
        ScenarioRunner { seed, now in
            try Simulator(loaded: fixtures, seed: seed ?? defaultSeed, now: now ?? defaultNow)
        }
    }
}

/// The operations bundled from `Scenarios/Operations/`, for scenarios that have no folder of their own.
package enum BundledOperations {
    /// The bundled `.graphql` files, by path, in path order.
    package static var files: [(path: String, text: String)] {
        EmbeddedResources.files.filter { $0.path.hasPrefix("Scenarios/Operations/") && $0.path.hasSuffix(".graphql") }
    }
}

extension Simulator {
    /// Runs the steps of `scenarios` against this simulator's live state, as `serve --preload`
    /// and `POST /__sim/scenario` do; their `seed` and `now` lines are ignored.
    package func runLive(_ scenarios: [Scenario], options: RunOptions = RunOptions()) -> RunReport {
        ScenarioRunner { [self] _, _ in self }.run(scenarios, options: options)
    }

    /// The bundled operations composed against this simulator's schema, loaded once.
    package var bundledOperations: Result<OperationLibrary, ScenarioLoadError> {
        bundledLibrary.withLock { cached in
            if let cached { return cached }
            let loaded = OperationLibrary.load(BundledOperations.files, schema: schema, origin: .bundled)
            cached = loaded
            return loaded
        }
    }

    /// Parses scenario text against the bundled operations; every problem located in `file`.
    package func parseScenario(_ text: String, file: String) -> Result<Scenario, ScenarioLoadError> {
        bundledOperations.flatMap { library in
            ScenarioParser.parse(file: file, text: text, library: library, schema: schema, dialects: Self.scenarioDialects)
        }
    }
}

extension Simulator {
    /// The dialects besides the native one a scenario's `dialect` line or `endpoint` may name
    /// (docs/scenarios.md#dialects): `storefront` (the newest API version), `storefront VERSION`,
    /// `endpoint /api/VERSION/graphql(.json)`; each resolves to `storefront VERSION`, the version
    /// found as the server finds it, and its schema is built when first used.
    package static let scenarioDialects = ScenarioDialects(
        forms: ["storefront", "storefront VERSION"],
        resolve: { text in
            let words = text.split(separator: " ")
            guard words.first == "storefront", words.count <= 2 else { return nil }
            let version = words.count == 2 ? StorefrontVersion(answering: words[1]) : .newest
            return version.map { "storefront \($0.rawValue)" }
        },
        endpoint: { path in
            guard case (let version, .graphQL)? = StorefrontPath.parse(path) else { return nil }
            return "storefront \(version.rawValue)"
        },
        schema: { name in storefrontVersion(of: name).flatMap { try? StorefrontSchema.built($0).get() } })

    /// The version a resolved scenario dialect (`storefront 2025-01`) names; nil for `native`.
    static func storefrontVersion(of dialect: String) -> StorefrontVersion? {
        guard dialect.hasPrefix("storefront ") else { return nil }
        return StorefrontVersion(rawValue: String(dialect.dropFirst("storefront ".count)))
    }

    /// Runs `request` as a scenario's step sends it without a network: in `dialect`.
    package func execute(_ request: GraphQLRequest, session: String, dialect: String) -> GraphQLResponse {
        guard let version = Self.storefrontVersion(of: dialect) else { return execute(request, session: session) }
        return execute(request, session: session, dialect: .storefront, apiVersion: version)
    }

    /// Posts `request` as a modern GraphQL-over-HTTP client does (JSON body, the session header,
    /// `Accept: application/graphql-response+json`), after the faults it meets in `network`,
    /// through the handler the URL protocol and the server share. Latency and slow rates are
    /// not waited out here: scenarios report them instead.
    package func exchange(
        _ request: GraphQLRequest, session: String, dialect: String, network: inout NetworkConditions
    ) -> (Delivery, FaultsForRequest) {
        var body = JSONObject([("query", .string(request.query)), ("variables", .object(request.variables))])
        if let name = request.operationName { body.append("operationName", .string(name)) }
        // Journaled as the library's: a scenario step is the library's caller, whatever network it pretends.
        var graphQLRequest = GraphQLHTTP.Request(
            method: "POST", query: "", accept: "\(GraphQLHTTP.graphQLResponseType), application/json;q=0.9",
            contentType: "application/json", session: session, body: Array(JSON.object(body).serialized().utf8), transport: .library)
        if let version = Self.storefrontVersion(of: dialect) {
            graphQLRequest.dialect = .storefront
            graphQLRequest.apiVersion = version
        }
        let exchange = GraphQLHTTP.Exchange(graphQLRequest, simulator: self, network: &network)
        return (exchange.deliver(simulator: self), exchange.faults)
    }
}
