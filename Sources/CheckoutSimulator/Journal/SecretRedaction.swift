import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// A secret's place in a journal entry, and the label a recording names it by
/// (docs/journal.md#secrets): `password1`, `token2`, numbered in the order first seen.
struct SecretPlace: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case variables, response
    }

    let part: Part
    /// A scenario path: `$.input.password`, `$.data.customerAccessTokenCreate.customerAccessToken.accessToken`.
    let path: String
    let label: String
    let kind: CustomerSecret.Kind
}

/// How the journal hides the passwords and tokens of the requests it keeps: each is written
/// `"<redacted>"` in the document, the variables and the response, and known afterwards only by
/// a label, the same for the same value while the journal keeps it (its digest, never the value).
struct SecretRedaction {
    static let redacted = "<redacted>"
    /// The most labels kept; past it they are forgotten and numbering goes on.
    static let maxLabels = 10_000

    private var labels: [String: String] = [:]
    private var passwords = 0
    private var tokens = 0

    /// Forgets every label (a journal reset).
    mutating func removeAll() {
        labels.removeAll()
        passwords = 0
        tokens = 0
    }

    /// The label of `value`, made when first seen.
    mutating func label(of value: String, kind: CustomerSecret.Kind) -> String {
        let digest = SHA256.hex(value)
        if let known = labels[digest] { return known }
        if labels.count >= Self.maxLabels { labels.removeAll() }
        let label: String
        switch kind {
        case .password:
            passwords += 1
            label = "password\(passwords)"
        case .token:
            tokens += 1
            label = "token\(tokens)"
        }
        labels[digest] = label
        return label
    }

    /// The document with every secret literal written `"<redacted>"`; nil when it holds none.
    mutating func redact(document text: String, scan: SecretScan, noted: [CustomerSecret]) -> String? {
        let hidden = scan.literals.filter { scan.hides($0, noted: noted) != nil }
        guard !hidden.isEmpty else { return nil }
        var bytes = Array(text.utf8)
        for literal in hidden.reversed() {
            bytes.replaceSubrange(literal.range, with: Array("\"\(Self.redacted)\"".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The variables with every secret written `"<redacted>"`, and where each stood: a string
    /// given to a secret's variable or under a secret's key, or equal to a secret noted.
    mutating func redact(variables: JSONObject, scan: SecretScan, noted: [CustomerSecret]) -> (JSONObject, [SecretPlace]) {
        var places: [SecretPlace] = []
        let values = zip(variables.keys, variables.values).map { name, value in
            redact(value, kind: scan.variables[name] ?? SecretScan.kind(ofName: name), at: "$." + name, part: .variables, noted: noted, places: &places)
        }
        return (places.isEmpty ? variables : JSONObject(Array(zip(variables.keys, values))), places)
    }

    /// The response with every secret noted written `"<redacted>"`, and where each stood; the
    /// bytes unchanged when none is there (or they are not JSON).
    mutating func redact(response: [UInt8], noted: [CustomerSecret]) -> ([UInt8], [SecretPlace]) {
        guard !noted.isEmpty, !response.isEmpty, let json = try? JSONParser.parse(response) else { return (response, []) }
        var places: [SecretPlace] = []
        let hidden = redact(json, kind: nil, at: "$", part: .response, noted: noted, places: &places)
        return places.isEmpty ? (response, []) : (Array(hidden.serialized().utf8), places)
    }

    private mutating func redact(
        _ value: JSON, kind: CustomerSecret.Kind?, at path: String, part: SecretPlace.Part, noted: [CustomerSecret], places: inout [SecretPlace]
    ) -> JSON {
        switch value {
        case .string(let text):
            guard let found = kind ?? noted.first(where: { $0.value == text })?.kind, text != Self.redacted else { return value }
            places.append(SecretPlace(part: part, path: path, label: label(of: text, kind: found), kind: found))
            return .string(Self.redacted)
        case .object(let object):
            let values = zip(object.keys, object.values).map { key, member in
                redact(member, kind: kind ?? SecretScan.kind(ofName: key), at: path + "." + key, part: part, noted: noted, places: &places)
            }
            return .object(JSONObject(Array(zip(object.keys, values))))
        case .array(var items):
            for index in items.indices {
                items[index] = redact(items[index], kind: kind, at: path + "[\(index)]", part: part, noted: noted, places: &places)
            }
            return .array(items)
        default:
            return value
        }
    }
}
