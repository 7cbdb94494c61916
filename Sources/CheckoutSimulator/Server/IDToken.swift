import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation

/// The OpenID Connect ID token the token endpoint gives beside the access token
/// (docs/customers.md#customer-accounts): a JSON Web Token signed HS256 with a key the docs
/// publish (`signingKey`), so a test may check it; its `sid` is the app session a logout ends.
enum IDToken {
    /// The key every ID token is signed with: the simulator's, not a secret.
    static let signingKey = "checkout-sim-customer-accounts"

    /// A token for `session`, issued by `issuer` at `now` to the session's client.
    static func make(for session: AccountSignIns.Session, email: String, issuer: String, at now: Instant) -> String {
        let header = JSONObject([("alg", .string("HS256")), ("kid", .string("checkout-sim")), ("typ", .string("JWT"))])
        var claims = JSONObject([
            ("iss", .string(issuer)), ("sub", .string("gid://shopify/Customer/\(session.customer)")), ("aud", .string(session.clientId)),
            ("exp", .int(Int(now.seconds + CustomerBook.accountAccessLifetimeSeconds))), ("iat", .int(Int(now.seconds))),
            ("auth_time", .int(Int(now.seconds))), ("email", .string(email)), ("email_verified", .bool(true)), ("sid", .string(session.id)),
        ])
        if let nonce = session.nonce { claims.append("nonce", .string(nonce)) }
        let signed = encode(.object(header)) + "." + encode(.object(claims))
        return signed + "." + Base64.urlEncode(SHA256.hmac(key: Array(signingKey.utf8), message: Array(signed.utf8)))
    }

    /// The `sid` of a token this server signed; nil for anything else (a logout with a token that
    /// is not one ends nothing).
    static func session(of token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, token.utf8.count <= 8_192 else { return nil }
        let signed = parts[0] + "." + parts[1]
        guard Base64.urlEncode(SHA256.hmac(key: Array(signingKey.utf8), message: Array(signed.utf8))) == parts[2],
              let bytes = decode(parts[1]), let claims = try? JSONParser.parse(bytes, maxDepth: 4)
        else { return nil }
        return claims["sid"]?.stringValue
    }

    private static func encode(_ value: JSON) -> String {
        Base64.urlEncode(Array(value.serialized().utf8))
    }

    private static func decode(_ part: Substring) -> [UInt8]? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        return Data(base64Encoded: text).map(Array.init)
    }
}
