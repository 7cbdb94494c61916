import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimSupport

/// The Storefront dialect's routes (docs/storefront.md): `POST /api/VERSION/graphql.json` and
/// `/api/VERSION/graphql` through the one GraphQL-over-HTTP handler, and `GET /api/VERSION/schema.graphql`,
/// each answered by the schema of the version the path names (`StorefrontAPIVersion(answering:)`).
extension SimulatorServer {
    /// `StorefrontPath`'s patterns (`/api/{version}/…`, a version `StorefrontAPIVersion(answering:)`
    /// answers: `YYYY-MM` or `unstable`), into the one table.
    static func addStorefrontRoutes(to routes: inout RouteTable<Route>) {
        let graphQL = Route(methods: nil, needsStorefrontToken: true, replying: { server, context in
            server.graphQL(context, storefront: StorefrontPath.version(of: context.match))
        })
        let schema = Route(methods: ["GET"], readsShop: false) { _, context in
            let version = StorefrontPath.version(of: context.match)
            return HTTPAnswer(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8"), StorefrontPath.versionField(version)], body: sdl(of: version))
        }
        for (pattern, resource) in StorefrontPath.patterns {
            routes.add(pattern, accepts: StorefrontPath.accepts, resource == .graphQL ? graphQL : schema)
        }
    }

    /// Each version's SDL, printed from its built schema (so it is what validation uses) the first
    /// time it is asked for, then kept.
    private static let printedSDL = Locked([[UInt8]?](repeating: nil, count: StorefrontAPIVersion.allCases.count))

    private static func sdl(of version: StorefrontAPIVersion) -> [UInt8] {
        if let known = printedSDL.withLock({ $0[version.ordinal] }) { return known }
        let printed = Array(((try? StorefrontSchema.built(version).get()).map(SDLPrinter.print) ?? "").utf8)
        printedSDL.withLock { $0[version.ordinal] = printed }
        return printed
    }

    /// With `serve --storefront-token T`, a request whose access token is not T gets 401, shaped
    /// as Shopify answers it; without the option every token (or none) is accepted.
    func storefrontTokenRefusal(_ request: HTTPRequest) -> HTTPAnswer? {
        guard let expected = configuration.storefrontToken else { return nil }
        let given = Self.storefrontToken(of: request)
        guard given != expected else { return nil }
        return .graphQLError(
            given == nil ? "A Storefront access token is required (X-Shopify-Storefront-Access-Token)." : "Invalid Storefront access token.",
            status: 401, code: GraphQLError.Code(rawValue: "UNAUTHORIZED"))
    }

    /// The Storefront access token a request carries: the public one's field, else the private one's.
    static func storefrontToken(of request: HTTPRequest) -> String? {
        request.header("x-shopify-storefront-access-token") ?? request.header("shopify-storefront-private-token")
    }

    /// Where this request reached the server, as a checkout URL starts: `http://` and the `Host`
    /// field (when it is a plain host and port), else the server's own, and the sandbox's prefix.
    func storefrontOrigin(of context: RouteContext) -> String {
        let field = context.request.header("host") ?? ""
        let plain = !field.isEmpty && field.utf8.count <= 255 && field.utf8.allSatisfy { byte in
            ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
        }
        let host = plain ? field : "\(self.host):\(port)"
        return "http://\(host)\(context.sandboxBase)"
    }
}
