/// Limits that keep hostile documents from exhausting time, memory or the stack.
public struct ParseLimits: Sendable {
    /// The largest document, in UTF-8 bytes.
    public var maxBytes = 1 << 20
    /// The most tokens a document may have.
    public var maxTokens = 15_000
    /// How deeply selection sets, lists and objects may nest.
    public var maxDepth = 25

    /// The default limits.
    public init() {}
}

/// A recursive-descent parser for executable GraphQL documents.
///
/// Type-system definitions and subscriptions are outside what the simulator executes: the former
/// are read far enough to be skipped (`Parser+TypeSystem.swift`) and, like the latter, refused by
/// validation, as graphql-js does.
package struct Parser {
    var lexer: Lexer
    var token: Token
    private let limits: ParseLimits
    private var depth = 0
    /// The nodes parsed so far, in the flat arrays the document keeps.
    var nodes = Document.Nodes()
    /// The selections of the sets still open, innermost last; a set's own move to
    /// `nodes.selections` when it closes, so each set's selections end up side by side.
    private var openSelections: [Selection] = []
    /// The schema's names, handed out for a document's names that match (`KnownNames`).
    private var knownNames: KnownNames?

    /// Parses an executable document from text.
    package static func parse(_ text: String, limits: ParseLimits = ParseLimits(), knownNames: KnownNames? = nil) throws(GraphQLError) -> Document {
        try parse(Array(text.utf8), limits: limits, knownNames: knownNames)
    }

    /// Parses an executable document from UTF-8 bytes; syntax errors say where. With `knownNames`
    /// (the schema's), a name the schema declares is handed out as the schema's string.
    package static func parse(_ source: [UInt8], limits: ParseLimits = ParseLimits(), knownNames: KnownNames? = nil) throws(GraphQLError) -> Document {
        if source.count > limits.maxBytes {
            throw GraphQLError(
                "Syntax Error: Document is \(source.count) bytes, more than the limit of \(limits.maxBytes).",
                code: .parseFailed)
        }
        var parser = try Parser(source: source, limits: limits)
        parser.knownNames = knownNames
        return try parser.parseDocument()
    }

    init(source: [UInt8], limits: ParseLimits) throws(GraphQLError) {
        // Nodes are found by 32-bit index, and every node takes at least one token.
        lexer = Lexer(source: source, maxTokens: min(limits.maxTokens, Int(Int32.max)))
        self.limits = limits
        token = Token(kind: .startOfFile, start: 0, end: 0)
        token = try lexer.next()
        // About one field per 16 bytes in typical queries: the arrays grow once or twice, not
        // a dozen times.
        let guess = min(source.count / 16, limits.maxTokens) + 8
        nodes.fields.reserveCapacity(guess)
        nodes.selections.reserveCapacity(guess)
        nodes.variables.reserveCapacity(guess / 4)
        nodes.arguments.reserveCapacity(guess / 4)
        openSelections.reserveCapacity(32)
    }

    // MARK: Tokens

    mutating func advance() throws(GraphQLError) {
        token = try lexer.next()
    }

    func text(of token: Token) -> String {
        String(decoding: lexer.source[token.start..<token.end], as: UTF8.self)
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float: "\(token.kind.description) \"\(text(of: token))\""
        // Only the current token's value is kept; an earlier string token shows no text.
        case .string, .blockString: "\(token.kind.description) \"\(token.start == self.token.start ? lexer.stringValue : "")\""
        default: token.kind.description
        }
    }

    func unexpected(_ token: Token? = nil) -> GraphQLError {
        let token = token ?? self.token
        return lexer.error("Unexpected \(describe(token)).", at: token.start)
    }

    func isKeyword(_ word: StaticString) -> Bool {
        guard token.kind == .name, token.end - token.start == word.utf8CodeUnitCount else { return false }
        // Byte by byte rather than through an `ArraySlice` of the source, which retained the source
        // and went through generic iteration.
        let start = token.start
        return word.withUTF8Buffer { buffer in
            for offset in 0..<buffer.count where lexer.source[start + offset] != buffer[offset] { return false }
            return true
        }
    }

    /// Inlined where it is used, its message made out of line: a call per token cost more than
    /// the check (Benchmarks/NOTES.md, issue 43).
    @discardableResult @inline(__always)
    mutating func expect(_ kind: TokenKind) throws(GraphQLError) -> Token {
        guard token.kind == kind else { throw expected(kind) }
        let current = token
        try advance()
        return current
    }

    /// "Expected …, found …." at the current token.
    @inline(never)
    private func expected(_ kind: TokenKind) -> GraphQLError {
        lexer.error("Expected \(kind.description), found \(describe(token)).", at: token.start)
    }

    mutating func skip(_ kind: TokenKind) throws(GraphQLError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    mutating func expectKeyword(_ word: StaticString) throws(GraphQLError) {
        guard isKeyword(word) else {
            throw lexer.error("Expected \"\(word)\", found \(describe(token)).", at: token.start)
        }
        try advance()
    }

    mutating func parseName() throws(GraphQLError) -> Name {
        let hash = lexer.nameHash
        let current = try expect(.name)
        if let knownNames, let known = lexer.source.withUnsafeBytes({
            knownNames.text(hash: hash, in: $0, start: current.start, end: current.end)
        }) {
            return Name(value: known, offset: current.start, hash: hash)
        }
        return Name(value: text(of: current), offset: current.start, hash: hash)
    }

    private mutating func enterNesting() throws(GraphQLError) {
        depth += 1
        if depth > limits.maxDepth {
            throw lexer.error("Document nesting exceeds the limit of \(limits.maxDepth) levels.", at: token.start)
        }
    }

    // MARK: Definitions

    private mutating func parseDocument() throws(GraphQLError) -> Document {
        if token.kind == .endOfFile { throw unexpected() }
        while token.kind != .endOfFile {
            if token.kind == .braceL || isKeyword("query") || isKeyword("mutation") || isKeyword("subscription") {
                let operation = try parseOperation()
                nodes.order.append((false, nodes.operations.count))
                nodes.operations.append(operation)
            } else if isKeyword("fragment") {
                let fragment = try parseFragment()
                nodes.order.append((true, nodes.fragments.count))
                nodes.fragments.append(fragment)
            } else if try skipTypeSystemDefinition() {
                continue
            } else if token.kind == .name || token.kind == .string || token.kind == .blockString {
                throw lexer.error(
                    "Unexpected \(describe(token)); only executable definitions (operations and fragments) are accepted.",
                    at: token.start)
            } else {
                throw unexpected()
            }
        }
        return Document(source: lexer.source, nodes: nodes)
    }

    private mutating func parseOperation() throws(GraphQLError) -> OperationDefinition {
        let start = token.start
        if token.kind == .braceL {
            return OperationDefinition(
                kind: .query, name: nil, variables: VariableDefinitions(0..<0), directives: Directives(0..<0),
                selectionSet: try parseSelectionSet(),
                offset: start)
        }
        let kind: OperationKind = isKeyword("query") ? .query : isKeyword("mutation") ? .mutation : .subscription
        try advance()
        let name = token.kind == .name ? try parseName() : nil
        let variables = try parseVariableDefinitions()
        let directives = try parseDirectives(constant: false)
        return OperationDefinition(
            kind: kind, name: name, variables: variables, directives: directives,
            selectionSet: try parseSelectionSet(), offset: start)
    }

    /// An operation's variable definitions, appended to `nodes.variables`: a default value and
    /// directives add no definitions, so the run stays contiguous.
    private mutating func parseVariableDefinitions() throws(GraphQLError) -> VariableDefinitions {
        let first = nodes.variables.count
        guard try skip(.parenL) else { return VariableDefinitions(first..<first) }
        repeat {
            let start = token.start
            try expect(.dollar)
            let name = try parseName()
            try expect(.colon)
            let type = try parseTypeReference()
            let defaultValue = try skip(.equals) ? try parseValue(constant: true) : nil
            let directives = try parseDirectives(constant: true)
            nodes.variables.append(
                VariableDefinition(name: name, type: type, defaultValue: defaultValue, directives: directives, offset: start))
        } while try !skip(.parenR)
        return VariableDefinitions(first..<nodes.variables.count)
    }

    mutating func parseTypeReference() throws(GraphQLError) -> TypeNode {
        let start = token.start
        var type: TypeNode
        if try skip(.bracketL) {
            try enterNesting()
            let inner = try parseTypeReference()
            try expect(.bracketR)
            depth -= 1
            type = .list(inner, offset: start)
        } else {
            type = .named(try parseName())
        }
        if try skip(.bang) { type = .nonNull(type, offset: start) }
        return type
    }

    private mutating func parseFragment() throws(GraphQLError) -> FragmentDefinition {
        let start = token.start
        try expectKeyword("fragment")
        if isKeyword("on") { throw unexpected() }
        let name = try parseName()
        try expectKeyword("on")
        let typeCondition = try parseName()
        let directives = try parseDirectives(constant: false)
        return FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: directives, selectionSet: try parseSelectionSet(),
            offset: start)
    }

    // MARK: Selections

    private mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSet {
        let start = token.start
        try expect(.braceL)
        try enterNesting()
        let mark = openSelections.count
        repeat {
            let selection = try parseSelection()
            openSelections.append(selection)
        } while try !skip(.braceR)
        depth -= 1
        let first = nodes.selections.count
        // Element by element, and popped one at a time: the slice append, `removeSubrange` and
        // `removeLast(_:)` all went through generic range replacement for each set (Benchmarks/NOTES.md, issue 43).
        for index in mark..<openSelections.count { nodes.selections.append(openSelections[index]) }
        while openSelections.count > mark { openSelections.removeLast() }
        return SelectionSet(first..<nodes.selections.count, offset: start)
    }

    private mutating func parseSelection() throws(GraphQLError) -> Selection {
        if token.kind == .spread { return try parseFragmentSelection() }
        let start = token.start
        let first = try parseName()
        var alias: Name?
        var name = first
        if try skip(.colon) {
            alias = first
            name = try parseName()
        }
        let arguments = try parseArguments(constant: false)
        let directives = try parseDirectives(constant: false)
        let selectionSet = token.kind == .braceL ? try parseSelectionSet() : nil
        nodes.fields.append(
            Field(alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
                  offset: start))
        return .field(FieldID(raw: Int32(nodes.fields.count - 1)))
    }

    private mutating func parseFragmentSelection() throws(GraphQLError) -> Selection {
        let start = token.start
        try expect(.spread)
        if token.kind == .name, !isKeyword("on") {
            let name = try parseName()
            nodes.spreads.append(FragmentSpread(name: name, directives: try parseDirectives(constant: false), offset: start))
            return .fragmentSpread(FragmentSpreadID(raw: Int32(nodes.spreads.count - 1)))
        }
        var typeCondition: Name?
        if isKeyword("on") {
            try advance()
            typeCondition = try parseName()
        }
        let directives = try parseDirectives(constant: false)
        let selectionSet = try parseSelectionSet()
        nodes.inlineFragments.append(
            InlineFragment(typeCondition: typeCondition, directives: directives, selectionSet: selectionSet, offset: start))
        return .inlineFragment(InlineFragmentID(raw: Int32(nodes.inlineFragments.count - 1)))
    }

    /// A node's arguments. Most nodes have none, and the current token says so where this is
    /// inlined; only a list is read by a call (Benchmarks/NOTES.md, issue 43).
    @inline(__always)
    private mutating func parseArguments(constant: Bool) throws(GraphQLError) -> Arguments {
        guard token.kind == .parenL else { return Arguments(nodes.arguments.count..<nodes.arguments.count) }
        return try parseArgumentList(constant: constant)
    }

    /// The list after its `(`, which `parseArguments(constant:)` has seen.
    private mutating func parseArgumentList(constant: Bool) throws(GraphQLError) -> Arguments {
        let first = nodes.arguments.count
        try advance()
        repeat {
            let start = token.start
            let name = try parseName()
            try expect(.colon)
            nodes.arguments.append(Argument(name: name, value: try parseValue(constant: constant), offset: start))
        } while try !skip(.parenR)
        return Arguments(first..<nodes.arguments.count)
    }

    /// A node's directives; each one's arguments land in `nodes.arguments` before it is appended,
    /// and nothing else is parsed between two directives, so the run stays contiguous.
    /// Inlined as `parseArguments(constant:)` is: most nodes have none.
    @inline(__always)
    private mutating func parseDirectives(constant: Bool) throws(GraphQLError) -> Directives {
        guard token.kind == .at else { return Directives(nodes.directives.count..<nodes.directives.count) }
        return try parseDirectiveList(constant: constant)
    }

    private mutating func parseDirectiveList(constant: Bool) throws(GraphQLError) -> Directives {
        let first = nodes.directives.count
        while token.kind == .at {
            let start = token.start
            try advance()
            let name = try parseName()
            let arguments = try parseArguments(constant: constant)
            nodes.directives.append(Directive(name: name, arguments: arguments, offset: start))
        }
        return Directives(first..<nodes.directives.count)
    }

    // MARK: Values

    mutating func parseValue(constant: Bool) throws(GraphQLError) -> Value {
        let current = token
        switch current.kind {
        case .bracketL:
            try advance()
            try enterNesting()
            var items: [Value] = []
            while try !skip(.bracketR) { items.append(try parseValue(constant: constant)) }
            depth -= 1
            return .list(items, offset: current.start)
        case .braceL:
            try advance()
            try enterNesting()
            var fields: [ObjectField] = []
            while try !skip(.braceR) {
                let name = try parseName()
                try expect(.colon)
                fields.append(ObjectField(name: name, value: try parseValue(constant: constant)))
            }
            depth -= 1
            return .object(fields, offset: current.start)
        case .int:
            try advance()
            return .int(text(of: current), offset: current.start)
        case .float:
            try advance()
            return .float(text(of: current), offset: current.start)
        case .string, .blockString:
            let text = lexer.stringValue
            try advance()
            return .string(text, offset: current.start, block: current.kind == .blockString)
        case .name:
            try advance()
            switch text(of: current) {
            case "true": return .boolean(true, offset: current.start)
            case "false": return .boolean(false, offset: current.start)
            case "null": return .null(offset: current.start)
            case let word: return .enumValue(word, offset: current.start)
            }
        case .dollar where !constant:
            try advance()
            return .variable(try parseName())
        case .dollar:
            try advance()
            if token.kind == .name {
                throw lexer.error("Unexpected variable \"$\(text(of: token))\" in constant value.", at: current.start)
            }
            throw unexpected(current)
        default:
            throw unexpected()
        }
    }
}

extension Parser {
    /// Parses one constant value (no variables), such as a default value in a schema declaration.
    package static func parseConstantValue(_ text: String) throws(GraphQLError) -> Value {
        var parser = try Parser(source: Array(text.utf8), limits: ParseLimits())
        let value = try parser.parseValue(constant: true)
        if parser.token.kind != .endOfFile { throw parser.unexpected() }
        return value
    }
}
