import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimSupport

/// The Storefront dialect's routes (docs/storefront.md): `POST /api/VERSION/graphql.json` through
/// the one GraphQL-over-HTTP handler, and `GET /api/VERSION/schema.graphql`.
extension SimulatorServer {
    /// The route for `/api/VERSION/…`, where VERSION is `YYYY-MM` or `unstable`; every version
    /// answers with the one pinned schema.
    static func storefrontRoute(for path: String) -> Route? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "api", isAPIVersion(parts[2]) else { return nil }
        switch parts[3] {
        case "graphql.json": return storefrontGraphQLRoute
        case "schema.graphql": return storefrontSchemaRoute
        default: return nil
        }
    }

    private static let storefrontGraphQLRoute = Route(methods: nil, replying: { server, context in
        if let refusal = server.storefrontTokenRefusal(context.request) { return .now(.answer(refusal, bytesPerSecond: nil)) }
        return server.graphQL(context, dialect: .storefront)
    })

    private static let storefrontSchemaRoute = Route(methods: ["GET"], readsShop: false) { _, _ in
        HTTPAnswer(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(storefrontSDL.utf8))
    }

    /// The served schema as SDL (printed from the built schema, so it is what validation uses).
    private static let storefrontSDL: String = (try? StorefrontSchema.built.get()).map(SDLPrinter.print) ?? ""

    /// `2026-04`-like (a year and a month) or `unstable`.
    static func isAPIVersion(_ text: Substring) -> Bool {
        if text == "unstable" { return true }
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-") else { return false }
        let digits = bytes[0..<4] + bytes[5..<7]
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        let month = Int(bytes[5] - 0x30) * 10 + Int(bytes[6] - 0x30)
        return (1...12).contains(month)
    }

    /// With `serve --storefront-token T`, a request whose access token is not T gets 401, shaped
    /// as Shopify answers it; without the option every token (or none) is accepted.
    func storefrontTokenRefusal(_ request: HTTPRequest) -> HTTPAnswer? {
        guard let expected = configuration.storefrontToken else { return nil }
        let given = request.header("x-shopify-storefront-access-token") ?? request.header("shopify-storefront-private-token")
        guard given != expected else { return nil }
        return .graphQLError(
            given == nil ? "A Storefront access token is required (X-Shopify-Storefront-Access-Token)." : "Invalid Storefront access token.",
            status: 401, code: GraphQLError.Code(rawValue: "UNAUTHORIZED"))
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
