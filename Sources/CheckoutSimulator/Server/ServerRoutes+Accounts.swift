import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimStorefront
import CheckoutSimSupport
import Foundation

/// Shopify's new customer accounts on the server (docs/customers.md#customer-accounts): OpenID
/// discovery, the authorize page, the token endpoint and logout under `/authentication/SHOP_ID/`
/// (the paths of `https://shopify.com/authentication/SHOP_ID/…`, which the redirecting URL
/// protocol forwards here), and the Customer Account API's GraphQL endpoint.
extension SimulatorServer {
    /// The shop id the discovery documents name; every id in a path is answered alike.
    static let accountShopID = "68000000001"

    static func addAccountRoutes(to routes: inout RouteTable<Route>) {
        let graphQL = Route(methods: nil, replying: { server, context in server.graphQL(context, account: true) })
        for pattern in CustomerAccountPath.patterns {
            routes.add(pattern, accepts: CustomerAccountPath.accepts, graphQL)
        }
        routes.add("/.well-known/openid-configuration", Route(methods: ["GET"]) { server, context in
            let issuer = server.accountIssuer(context)
            let document = JSONObject([
                ("issuer", .string(issuer)), ("authorization_endpoint", .string(issuer + "/oauth/authorize")),
                ("token_endpoint", .string(issuer + "/oauth/token")), ("end_session_endpoint", .string(issuer + "/logout")),
                ("response_types_supported", .array([.string("code")])), ("subject_types_supported", .array([.string("public")])),
                ("id_token_signing_alg_values_supported", .array([.string("HS256")])),
                ("scopes_supported", .array(["openid", "email", "customer-account-api:full"].map(JSON.string))),
                ("grant_types_supported", .array([.string("authorization_code"), .string("refresh_token")])),
                ("code_challenge_methods_supported", .array([.string("S256")])),
                ("token_endpoint_auth_methods_supported", .array([.string("none"), .string("client_secret_basic")])),
            ])
            return .json(200, Array(JSON.object(document).serialized().utf8))
        })
        routes.add("/.well-known/customer-account-api", Route(methods: ["GET"]) { server, context in
            let api = server.storefrontOrigin(of: context) + "/\(accountShopID)/account/customer/api/\(CustomerAccountSchema.version)/graphql"
            return .json(200, Array(JSON.object(JSONObject([("graphql_api", .string(api))])).serialized().utf8))
        })
        routes.add("/__sim/customer-account/coverage", Route(methods: ["GET"]) { _, context in
            .json(200, Array(context.shop.simulator.coverage(of: .customerAccount).serialized().utf8))
        })
        routes.add("/authentication/{shop}/oauth/authorize", Route(methods: ["GET", "POST"]) { server, context in server.authorize(context) })
        routes.add("/authentication/{shop}/oauth/token", Route(methods: ["POST"]) { server, context in server.token(context) })
        routes.add("/authentication/{shop}/logout", Route(methods: ["GET"]) { server, context in server.logout(context) })
    }

    /// `http://HOST[/sandbox/NAME]/authentication/SHOP_ID`: the issuer, and where its endpoints are.
    private func accountIssuer(_ context: RouteContext) -> String {
        storefrontOrigin(of: context) + "/authentication/\(Self.accountShopID)"
    }

    /// `GET`: the email step for an app's request. `POST`: the email step sends the code, the code
    /// step sends the browser back to the app with an authorization code.
    private func authorize(_ context: RouteContext) -> HTTPAnswer {
        let action = context.request.path
        let pairs = context.method == "POST"
            ? FormQuery.decode(Substring(String(decoding: context.request.body, as: UTF8.self))) : FormQuery.decode(context.request.query)
        guard let pairs else { return AuthorizePage.stopped(status: 400, title: "Sign-in stopped", message: "The request is not valid percent-encoding.") }
        let value = { (name: String) in pairs.last { $0.name == name }?.value }
        let simulator = context.shop.simulator
        if context.method == "POST", value("step") == "code" {
            let login = value("login") ?? ""
            let email = (value("email") ?? "").utf8.count > 254 ? "" : value("email") ?? ""
            let result = simulator.withState { state in Result { () throws(CustomerProblem) in try state.shop.confirmAccountSignIn(login: login, code: value("code") ?? "") } }
            switch result {
            case .success(let (code, request)):
                return Self.redirect(to: request.redirectURI, [("code", code), ("state", request.state)])
            case .failure(let problem) where problem.code == .invalid:
                return AuthorizePage.code(action: action, login: login, email: email, error: problem.message)
            case .failure(let problem):
                return AuthorizePage.stopped(status: 400, title: "Sign-in stopped", message: problem.message + " Go back to the app to sign in again.")
            }
        }
        let request: AccountSignIns.Request
        switch AuthorizeRequest.read(value) {
        case .failure(.page(let message)): return AuthorizePage.stopped(status: 400, title: "Sign-in stopped", message: message)
        case .failure(.redirect(let error, let description, let uri, let state)):
            return Self.redirect(to: uri, [("error", error), ("error_description", description), ("state", state)])
        case .success(let read): request = read
        }
        let shopName = simulator.withState { $0.shop.store.name }
        guard context.method == "POST" else { return AuthorizePage.email(action: action, shopName: shopName, request: request) }
        let email = value("email") ?? ""
        let started = simulator.withState { state in Result { () throws(CustomerProblem) in try state.shop.beginAccountSignIn(email: email, request: request) } }
        switch started {
        case .success(let login): return AuthorizePage.code(action: action, login: login, email: email.trimmingCharacters(in: .whitespaces))
        case .failure(let problem): return AuthorizePage.email(action: action, shopName: shopName, request: request, email: email, error: problem.message)
        }
    }

    /// `POST …/oauth/token`: the `authorization_code` and `refresh_token` grants, answered as
    /// Shopify answers them (RFC 6749 §5: tokens, or `error` and `error_description` with 400).
    private func token(_ context: RouteContext) -> HTTPAnswer {
        guard let pairs = FormQuery.decode(Substring(String(decoding: context.request.body, as: UTF8.self))) else {
            return Self.oauthError(OAuthProblem(.invalidRequest, "The body must be application/x-www-form-urlencoded."))
        }
        let value = { (name: String) in pairs.last { $0.name == name && !$0.value.isEmpty }?.value }
        guard let clientId = value("client_id") ?? Self.basicClient(context.request.header("authorization")) else {
            return Self.oauthError(OAuthProblem(.invalidClient, "client_id is required."))
        }
        let grant: (inout Shop) throws(OAuthProblem) -> AccountSignIns.Session
        switch value("grant_type") {
        case "authorization_code":
            guard let code = value("code"), let redirectURI = value("redirect_uri"), let verifier = value("code_verifier") else {
                return Self.oauthError(OAuthProblem(.invalidRequest, "code, redirect_uri and code_verifier are required."))
            }
            grant = { shop throws(OAuthProblem) in try shop.exchange(code: code, clientId: clientId, redirectURI: redirectURI, verifier: verifier) }
        case "refresh_token":
            guard let refresh = value("refresh_token") else { return Self.oauthError(OAuthProblem(.invalidRequest, "refresh_token is required.")) }
            grant = { shop throws(OAuthProblem) in try shop.refresh(token: refresh, clientId: clientId) }
        case let other:
            return Self.oauthError(OAuthProblem(.unsupportedGrantType, "grant_type must be authorization_code or refresh_token, not \(other ?? "none")."))
        }
        // The grant, and the email and clock its ID token carries, under one lock: the clock the
        // tokens' expiry was reckoned from.
        let result = context.shop.simulator.withState { state in
            Result { () throws(OAuthProblem) in
                let session = try grant(&state.shop)
                return (session, state.shop.customers.customer(number: session.customer)?.email ?? "", state.shop.clock)
            }
        }
        switch result {
        case .failure(let problem): return Self.oauthError(problem)
        case .success(let (session, email, now)):
            let body = JSONObject([
                ("access_token", .string(session.accessToken)), ("expires_in", .int(Int(CustomerBook.accountAccessLifetimeSeconds))),
                ("id_token", .string(IDToken.make(for: session, email: email, issuer: accountIssuer(context), at: now))),
                ("refresh_token", .string(session.refreshToken)), ("scope", .string(session.scope)), ("token_type", .string("Bearer")),
            ])
            var answer = HTTPAnswer.json(200, Array(JSON.object(body).serialized().utf8))
            answer.headers.append(("Cache-Control", "no-store"))
            return answer
        }
    }

    /// `GET …/logout?id_token_hint=…&post_logout_redirect_uri=…`: ends the session the ID token
    /// names, then sends the browser back (or says it is signed out).
    private func logout(_ context: RouteContext) -> HTTPAnswer {
        let pairs = FormQuery.decode(context.request.query) ?? []
        let value = { (name: String) in pairs.last { $0.name == name && !$0.value.isEmpty }?.value }
        if let session = value("id_token_hint").flatMap(IDToken.session(of:)) {
            context.shop.simulator.withState { state in _ = state.shop.endAccountSession(id: session) }
        }
        if let uri = value("post_logout_redirect_uri"), AuthorizeRequest.isRedirectURI(uri) {
            return Self.redirect(to: uri, [("state", value("state"))])
        }
        return AuthorizePage.stopped(status: 200, title: "Signed out", message: "You are signed out. You can close this page.")
    }

    /// 302 to `uri` with `parameters` (those given) added to its query.
    private static func redirect(to uri: String, _ parameters: [(String, String?)]) -> HTTPAnswer {
        let query = parameters.compactMap { name, value in value.map { "\(name)=\(queryEscaped($0))" } }.joined(separator: "&")
        let location = query.isEmpty ? uri : uri + (uri.contains("?") ? "&" : "?") + query
        return HTTPAnswer(status: 302, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    private static func oauthError(_ problem: OAuthProblem) -> HTTPAnswer {
        let body = JSONObject([("error", .string(problem.code.rawValue)), ("error_description", .string(problem.description))])
        var answer = HTTPAnswer.json(problem.code == .invalidClient ? 401 : 400, Array(JSON.object(body).serialized().utf8))
        answer.headers.append(("Cache-Control", "no-store"))
        return answer
    }

    /// The client id of a `Basic` `Authorization` field (a confidential client's).
    private static func basicClient(_ field: String?) -> String? {
        guard let field, field.lowercased().hasPrefix("basic "), let data = Data(base64Encoded: String(field.dropFirst(6))),
              let text = String(data: data, encoding: .utf8), let id = text.split(separator: ":").first, !id.isEmpty
        else { return nil }
        return String(id)
    }
}
