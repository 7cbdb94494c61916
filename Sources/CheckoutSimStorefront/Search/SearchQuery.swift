/// Shopify's search syntax, as `products(query:)` and `search(query:)` read it
/// (docs/storefront.md#search-syntax): terms, `"phrases"`, `field:value` (with `:<` `:<=` `:>`
/// `:>=` for numbers), `AND`, `OR`, `NOT` and `-`, parentheses, and a trailing `*` for a prefix.
///
/// One pass over the text into tokens, then one recursive-descent pass over the tokens, each
/// token looked at a bounded number of times: linear in the text. Nesting is bounded, and any
/// text it cannot read (an unclosed parenthesis, a dangling `OR`, nesting too deep) is read as
/// Shopify reads it, as plain terms, all of which must match: nothing typed is an error.
package struct SearchQuery: Sendable, Equatable {
    /// How a term compares a field's value with its own.
    enum Comparison: Sendable, Equatable {
        case matches, less, lessOrEqual, greater, greaterOrEqual
    }

    /// One `field:value` or plain term.
    struct Term: Sendable, Equatable {
        /// The field, lowercased; nil for a plain term.
        let field: String?
        let comparison: Comparison
        /// The value, lowercased, without quotes or the prefix star.
        let value: String
        /// A trailing `*`: the value starts a word.
        let isPrefix: Bool
        /// The value's words and bytes, made once when the query is read, not for every product matched.
        let words: [[UInt8]]
        let phrase: Phrase

        /// What of a product the term is matched against, read from `field` once.
        let kind: Kind

        enum Kind: Sendable, Equatable {
            /// A plain term, or a field the mock does not know (read as plain text).
            case text, title, vendor, productType, tag, sku, available, price
        }

        init(field: String?, comparison: Comparison, value: String, isPrefix: Bool) {
            switch field {
            case "title"?: kind = .title
            case "vendor"?: kind = .vendor
            case "product_type"?: kind = .productType
            case "tag"?: kind = .tag
            case "sku"?, "variants.sku"?: kind = .sku
            case "available_for_sale"?: kind = .available
            case "variants.price"?, "price"?: kind = .price
            default: kind = .text
            }
            self.field = field
            self.comparison = comparison
            self.value = value
            self.isPrefix = isPrefix
            words = SearchQuery.words(of: value).map { Array($0.utf8) }
            phrase = Phrase(Array(value.utf8))
        }
    }

    indirect enum Node: Sendable, Equatable {
        case term(Term)
        case not(Node)
        case and([Node])
        case or([Node])
    }

    /// The query; nil for a blank one (which matches everything).
    let root: Node?

    /// The deepest nesting read as written; deeper text is read as plain terms.
    static let maxDepth = 32
    /// The longest query read, in UTF-8 bytes; the rest is ignored.
    static let maxBytes = 4096

    /// The part of a search text that is read: its first `maxBytes` bytes, cut before a character
    /// that would not fit whole.
    static func readable(_ text: String) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: maxBytes)
        while end > text.utf8.startIndex, UTF8.isContinuation(text.utf8[end]) { end = text.utf8.index(before: end) }
        return String(text.utf8[..<end]) ?? ""
    }

    package init(_ text: String) {
        let tokens = Self.tokens(of: Self.readable(text))
        var parser = Parser(tokens: tokens)
        if let node = parser.parseQuery(), parser.index == tokens.count {
            root = node
        } else {
            let terms = tokens.compactMap { token -> Node? in
                switch token {
                case .term(let term, _): return .term(term)
                case .word(let word): return word.isEmpty ? nil : .term(Term(field: nil, comparison: .matches, value: word, isPrefix: false))
                default: return nil
                }
            }
            root = terms.isEmpty ? nil : (terms.count == 1 ? terms[0] : .and(terms))
        }
    }

    enum Token: Equatable {
        case open, close, and, or, not
        /// A term; `negated` when written with a leading `-`.
        case term(Term, negated: Bool)
        /// An operator word read as a word (`and` in lower case stays a term; this is punctuation
        /// or a lone `-` kept for the plain reading).
        case word(String)
    }

    /// The tokens of `text`: parentheses, the operator words (upper case), and terms; quotes
    /// group a phrase, and a `-` before a term negates it.
    static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }
        while index < scalars.count {
            let scalar = scalars[index]
            if isSpace(scalar) { index += 1; continue }
            if scalar == "(" { tokens.append(.open); index += 1; continue }
            if scalar == ")" { tokens.append(.close); index += 1; continue }
            var negated = false
            if scalar == "-", index + 1 < scalars.count, !isSpace(scalars[index + 1]) {
                negated = true
                index += 1
            }
            // A field name, then `:`, an optional comparison, and the value (maybe quoted).
            var field: String?
            var comparison = Comparison.matches
            var start = index
            while index < scalars.count, scalars[index] != ":", scalars[index] != "\"", !isSpace(scalars[index]),
                  scalars[index] != "(", scalars[index] != ")" {
                index += 1
            }
            if index < scalars.count, scalars[index] == ":", index > start {
                field = String(String.UnicodeScalarView(scalars[start..<index])).lowercased()
                index += 1
                let rest = scalars[index...]
                if rest.starts(with: "<=".unicodeScalars) { comparison = .lessOrEqual; index += 2 }
                else if rest.starts(with: ">=".unicodeScalars) { comparison = .greaterOrEqual; index += 2 }
                else if rest.first == "<" { comparison = .less; index += 1 }
                else if rest.first == ">" { comparison = .greater; index += 1 }
                start = index
            } else {
                index = start
            }
            var value: String
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                let from = index
                while index < scalars.count, scalars[index] != "\"" { index += 1 }
                value = String(String.UnicodeScalarView(scalars[from..<index]))
                if index < scalars.count { index += 1 }
            } else {
                let from = index
                while index < scalars.count, !isSpace(scalars[index]), scalars[index] != "(", scalars[index] != ")" { index += 1 }
                value = String(String.UnicodeScalarView(scalars[from..<index]))
            }
            if field == nil, !negated {
                switch value {
                case "AND": tokens.append(.and); continue
                case "OR": tokens.append(.or); continue
                case "NOT": tokens.append(.not); continue
                default: break
                }
            }
            let isPrefix = value.hasSuffix("*")
            if isPrefix { value.removeLast() }
            guard !value.isEmpty else {
                if negated || field != nil { tokens.append(.word("")) }
                continue
            }
            tokens.append(.term(Term(field: field, comparison: comparison, value: value.lowercased(), isPrefix: isPrefix), negated: negated))
        }
        return tokens
    }

    /// Recursive descent: `query := or`, `or := and (OR and)*`, `and := unary (AND? unary)*`,
    /// `unary := NOT unary | ( or ) | term`. Nil when the tokens do not read so.
    struct Parser {
        let tokens: [Token]
        var index = 0
        var depth = 0

        mutating func parseQuery() -> Node? {
            guard !tokens.isEmpty else { return nil }
            return parseOr()
        }

        private mutating func parseOr() -> Node? {
            guard let first = parseAnd() else { return nil }
            var nodes = [first]
            while index < tokens.count, tokens[index] == .or {
                index += 1
                guard let next = parseAnd() else { return nil }
                nodes.append(next)
            }
            return nodes.count == 1 ? first : .or(nodes)
        }

        private mutating func parseAnd() -> Node? {
            guard let first = parseUnary() else { return nil }
            var nodes = [first]
            while index < tokens.count {
                switch tokens[index] {
                case .and:
                    index += 1
                    guard let next = parseUnary() else { return nil }
                    nodes.append(next)
                case .or, .close:
                    return nodes.count == 1 ? first : .and(nodes)
                default:
                    guard let next = parseUnary() else { return nil }
                    nodes.append(next)
                }
            }
            return nodes.count == 1 ? first : .and(nodes)
        }

        private mutating func parseUnary() -> Node? {
            guard index < tokens.count else { return nil }
            switch tokens[index] {
            case .not:
                index += 1
                guard depth < SearchQuery.maxDepth else { return nil }
                depth += 1
                defer { depth -= 1 }
                return parseUnary().map(Node.not)
            case .open:
                index += 1
                guard depth < SearchQuery.maxDepth else { return nil }
                depth += 1
                defer { depth -= 1 }
                guard let inner = parseOr(), index < tokens.count, tokens[index] == .close else { return nil }
                index += 1
                return inner
            case .term(let term, let negated):
                index += 1
                return negated ? .not(.term(term)) : .term(term)
            case .close, .and, .or, .word:
                return nil
            }
        }
    }
}
