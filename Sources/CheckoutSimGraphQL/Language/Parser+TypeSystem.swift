/// A type-system definition or extension found in a document (`type Foo { … }`, `extend schema …`).
package struct NonExecutableDefinition: Sendable {
    /// The defined type's or directive's name; nil for `schema`.
    package let name: String?
    /// Where the definition starts (its description, when it has one).
    package let offset: Int
}

extension Parser {
    /// Definitions with a body in braces, and those without one.
    private static let withBody: [StaticString] = ["type", "interface", "input", "enum", "schema"]
    private static let withoutBody: [StaticString] = ["scalar", "union", "directive"]
    private static let executable: [StaticString] = ["query", "mutation", "subscription", "fragment"]

    /// Skips a type-system definition or extension at the current token, recording it for
    /// validation to refuse; false, moving nothing, when the token starts none.
    ///
    /// The definition is read only as far as its end: a body in braces ends it; without one, the
    /// next top-level `{` or definition keyword does. Every token counts against the token limit.
    mutating func skipTypeSystemDefinition() throws(GraphQLError) -> Bool {
        let start = token.start
        // A description, or `extend`, moves on only when a definition keyword follows it.
        if token.kind == .string || token.kind == .blockString || isKeyword("extend") {
            guard let next = lexer.peekKeyword(after: token), Self.isDefinitionKeyword(next) else { return false }
            try advance()
        }
        let takesBody = Self.withBody.contains(where: isKeyword)
        guard takesBody || Self.withoutBody.contains(where: isKeyword) else { return false }
        let isSchema = isKeyword("schema")
        let isDirective = isKeyword("directive")
        try advance()
        if isDirective, token.kind == .at { try advance() }
        var name: String?
        var nameStart = -1
        if !isSchema, token.kind == .name {
            name = text(of: token)
            nameStart = token.start
        }
        var depth = 0
        while token.kind != .endOfFile {
            switch token.kind {
            case .parenL, .bracketL:
                depth += 1
            case .parenR, .bracketR:
                depth = max(0, depth - 1)
            case .braceL where depth == 0:
                guard takesBody else { return record(name, start) }
                try skipBalancedBraces()
                return record(name, start)
            case .name where depth == 0 && token.start != nameStart && startsDefinition():
                return record(name, start)
            default:
                break
            }
            try advance()
        }
        return record(name, start)
    }

    private mutating func record(_ name: String?, _ offset: Int) -> Bool {
        nodes.nonExecutable.append(NonExecutableDefinition(name: name, offset: offset))
        return true
    }

    /// From a `{` to just past its matching `}` (or the end of the document).
    private mutating func skipBalancedBraces() throws(GraphQLError) {
        var braces = 0
        repeat {
            if token.kind == .braceL { braces += 1 }
            if token.kind == .braceR { braces -= 1 }
            try advance()
        } while braces > 0 && token.kind != .endOfFile
    }

    /// Whether the current token starts the next definition of any kind.
    private func startsDefinition() -> Bool {
        isKeyword("extend") || Self.executable.contains(where: isKeyword)
            || Self.withBody.contains(where: isKeyword) || Self.withoutBody.contains(where: isKeyword)
    }

    /// Whether a peeked name is a type-system definition's keyword (what may follow a description or `extend`).
    private static func isDefinitionKeyword(_ word: String) -> Bool {
        withBody.contains { $0.description == word } || withoutBody.contains { $0.description == word }
    }
}

extension Lexer {
    /// The name that follows the token just read, without moving; nil when the next token is no name.
    func peekKeyword(after token: Token) -> String? {
        var copy = self
        guard let next = try? copy.next(), next.kind == .name else { return nil }
        return String(decoding: source[next.start..<next.end], as: UTF8.self)
    }
}
