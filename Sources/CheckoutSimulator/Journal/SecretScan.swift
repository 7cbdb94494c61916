import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Where a document may carry passwords and tokens (docs/journal.md#secrets), found once per
/// document text by reading its tokens: the string literals and variables given to an argument
/// or input field whose name says it holds one (`password`, `…Password`, `…Token`, `resetUrl`,
/// `activationUrl`). A text that names none of them is not read at all.
struct SecretScan: Sendable {
    /// A string literal of the document: its bytes, its value, and the secret its position says it is.
    struct Literal: Sendable {
        let range: Range<Int>
        let value: String
        let kind: CustomerSecret.Kind?
    }

    /// Whether any name of the document is a secret's: the variables are then walked by key.
    private(set) var mentionsSecrets = false
    /// Every string literal, when the document holds `password`, `token` or `url` at all.
    private(set) var literals: [Literal] = []
    /// The variables given to a secret's argument or named as one.
    private(set) var variables: [String: CustomerSecret.Kind] = [:]

    /// The most tokens read; a longer document is refused before it runs anyway.
    static let maxTokens = 20_000

    init(_ text: String) {
        guard Self.mayNameSecrets(text.utf8) else { return }
        let source = Array(text.utf8)
        var lexer = Lexer(source: source, maxTokens: Self.maxTokens)
        var previous = TokenKind.startOfFile
        var previousEnd = 0
        var previousName = ""
        // The secret the value after the last colon is, by the name before it; and the one a
        // variable after `$` is given as.
        var valueKind: CustomerSecret.Kind?
        var dollarKind: CustomerSecret.Kind?
        while true {
            let token: Token
            do {
                token = try lexer.next()
            } catch {
                // A document that stops reading where a secret's value starts hides the rest.
                if previous == .colon, let valueKind {
                    literals.append(Literal(range: previousEnd..<source.count, value: "", kind: valueKind))
                }
                return
            }
            switch token.kind {
            case .endOfFile: return
            case .string, .blockString:
                literals.append(Literal(range: token.start..<token.end, value: lexer.stringValue, kind: previous == .colon ? valueKind : nil))
            case .dollar:
                dollarKind = previous == .colon ? valueKind : nil
            case .name:
                let name = String(decoding: source[token.start..<token.end], as: UTF8.self)
                if !mentionsSecrets, Self.kind(ofName: name) != nil { mentionsSecrets = true }
                if previous == .dollar, let kind = dollarKind ?? Self.kind(ofName: name) { variables[name] = variables[name] ?? kind }
                previousName = name
            case .colon:
                valueKind = previous == .name ? Self.kind(ofName: previousName) : nil
            default: break
            }
            previous = token.kind
            previousEnd = token.end
        }
    }

    /// The secret a name says its value is: a password for `password` and names ending so, a
    /// token for names ending `token` and for `resetUrl` and `activationUrl` (which hold one).
    static func kind(ofName name: String) -> CustomerSecret.Kind? {
        let lowered = name.lowercased()
        if lowered.hasSuffix("password") { return .password }
        if lowered.hasSuffix("token") || lowered == "reseturl" || lowered == "activationurl" { return .token }
        return nil
    }

    /// Whether the text holds `password`, `token` or `url` in any case: what every name `kind`
    /// knows holds.
    static func mayNameSecrets(_ bytes: String.UTF8View) -> Bool {
        let needles: [[UInt8]] = [Array("password".utf8), Array("token".utf8), Array("url".utf8)]
        var matched = [Int](repeating: 0, count: needles.count)
        for byte in bytes {
            let lower = byte | 0x20
            for index in needles.indices {
                let needle = needles[index]
                if lower == needle[matched[index]] {
                    matched[index] += 1
                    if matched[index] == needle.count { return true }
                } else {
                    matched[index] = lower == needle[0] ? 1 : 0
                }
            }
        }
        return false
    }
}

extension SecretScan {
    /// Whether a literal of the document is a secret: by its position, or by its value.
    func hides(_ literal: Literal, noted: [CustomerSecret]) -> CustomerSecret.Kind? {
        literal.kind ?? noted.first { $0.value == literal.value }?.kind
    }
}
