/// The kinds of lexical token in a GraphQL document.
package enum TokenKind: Sendable, Equatable {
    case startOfFile, endOfFile
    case bang, dollar, amp, parenL, parenR, spread, colon, equals, at, bracketL, bracketR, braceL, pipe, braceR
    case name, int, float, string, blockString

    /// How graphql-js names the kind in "Expected …, found …" messages.
    package var description: String {
        switch self {
        case .startOfFile: "<SOF>"
        case .endOfFile: "<EOF>"
        case .bang: "\"!\""
        case .dollar: "\"$\""
        case .amp: "\"&\""
        case .parenL: "\"(\""
        case .parenR: "\")\""
        case .spread: "\"...\""
        case .colon: "\":\""
        case .equals: "\"=\""
        case .at: "\"@\""
        case .bracketL: "\"[\""
        case .bracketR: "\"]\""
        case .braceL: "\"{\""
        case .pipe: "\"|\""
        case .braceR: "\"}\""
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}

/// One token: its kind and its UTF-8 byte range. A string's decoded value stays with the lexer
/// (`Lexer.stringValue`), so a token is three plain words: reading, copying and dropping one costs
/// no reference counting (Benchmarks/NOTES.md, issue 43).
package struct Token: Sendable, Equatable {
    /// What sort of token this is.
    package let kind: TokenKind
    /// The byte offset of the token's first byte.
    package let start: Int
    /// The byte offset just past the token.
    package let end: Int
}
