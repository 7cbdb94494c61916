/// The check for product picture addresses (`imageURL`, `thumbnailURL`): absolute `http` or `https`.
///
/// Written out rather than left to `URL(string:)`, whose leniency differs between Foundation on
/// Linux and on Apple platforms; the same text must be accepted or refused everywhere.
package enum WebAddress {
    /// The longest address accepted, in bytes.
    package static let maximumLength = 2_048

    /// Whether `text` is `http://` or `https://` (scheme in any case), a non-empty host, then
    /// anything without spaces or control characters.
    package static func isAbsoluteHTTP(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else { return false }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return false }
        let lower = bytes.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        let scheme: Int
        if lower.starts(with: Array("https://".utf8)) {
            scheme = 8
        } else if lower.starts(with: Array("http://".utf8)) {
            scheme = 7
        } else {
            return false
        }
        let host = bytes[scheme...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return !host.isEmpty && !host.allSatisfy { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") }
    }
}
