/// A Storefront API version the dialect serves with its own schema (docs/storefront.md#api-versions).
///
/// Shopify releases a version a quarter; an app pins one in its endpoint's path
/// (`/api/2025-01/graphql.json`) and sends documents valid against that quarter's schema.
public enum StorefrontAPIVersion: String, Sendable, CaseIterable, Comparable {
    case v2025_01 = "2025-01"
    case v2025_04 = "2025-04"
    case v2025_07 = "2025-07"
    case v2025_10 = "2025-10"
    case v2026_01 = "2026-01"
    case v2026_04 = "2026-04"

    /// The newest bundled version: what `unstable`, a newer version and the library's default answer with.
    public static let newest = StorefrontAPIVersion.v2026_04
    /// The oldest bundled version: what an older or unknown version falls forward to, as Shopify
    /// falls forward from a retired one.
    public static let oldest = StorefrontAPIVersion.v2025_01

    /// The version that answers a path naming `text`: the bundled version of that name; the newest
    /// for `unstable` and anything newer; the oldest for anything older or unknown (a month
    /// Shopify released nothing in). Nil when `text` names no version at all (not `YYYY-MM` with
    /// a month from 01 to 12, nor `unstable`): such a path is not the Storefront endpoint.
    public init?(answering text: Substring) {
        if text == "unstable" {
            self = .newest
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
              (bytes[0..<4] + bytes[5..<7]).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let month = Int(bytes[5] - UInt8(ascii: "0")) * 10 + Int(bytes[6] - UInt8(ascii: "0"))
        guard (1...12).contains(month) else { return nil }
        if let known = StorefrontAPIVersion(rawValue: String(text)) {
            self = known
        } else {
            // Same-length digit strings compare as the dates they name.
            self = String(text) > Self.newest.rawValue ? .newest : .oldest
        }
    }

    public static func < (left: StorefrontAPIVersion, right: StorefrontAPIVersion) -> Bool {
        left.rawValue < right.rawValue
    }

    /// The version's place in `allCases`, oldest first.
    package var ordinal: Int {
        switch self {
        case .v2025_01: 0
        case .v2025_04: 1
        case .v2025_07: 2
        case .v2025_10: 3
        case .v2026_01: 4
        case .v2026_04: 5
        }
    }

    /// Whether the version's introspection has `__Type.isOneOf`: Shopify's 2025-01 answers without it.
    package var introspectsOneOf: Bool { self > .v2025_01 }

    /// The bundled SDL's path among the embedded resources.
    var resourcePath: String { "Storefront/storefront-\(rawValue).graphql" }
}
