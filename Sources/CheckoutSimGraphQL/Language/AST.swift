/// A name as written, with where it starts.
///
/// The text is a `String`, which Swift keeps inline, with no allocation, up to 15 UTF-8 bytes
/// (almost every GraphQL name), and which the schema's name tables look up directly.
package struct Name: Sendable, Equatable {
    /// The name.
    package let value: String
    /// Where the name starts, as a byte offset.
    package let offset: Int
    /// `Name.hash(of:)` of the name, worked out as the lexer reads it: validation compares
    /// response keys by it before it compares their text (Benchmarks/NOTES.md, issue 43).
    package let hash: UInt64

    /// A name read by the parser, with the hash the lexer worked out.
    init(value: String, offset: Int, hash: UInt64) {
        self.value = value
        self.offset = offset
        self.hash = hash
    }

    /// A name from elsewhere (introspection data).
    init(value: String, offset: Int) {
        self.init(value: value, offset: offset, hash: Name.hash(value))
    }

    /// FNV-1a over a name's UTF-8: the start value, then `next` for each byte.
    static let hashStart: UInt64 = 14_695_981_039_346_656_037
    @inline(__always) static func hash(_ hash: UInt64, next byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 1_099_511_628_211
    }

    /// The hash of `bytes`.
    static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes.reduce(hashStart) { hash($0, next: $1) }
    }

    /// The hash of `text`'s UTF-8.
    static func hash(_ text: String) -> UInt64 {
        // `withUTF8` hands over a pointer (a small string is copied to the stack first); walking
        // `utf8` byte by byte costs several times more.
        var text = text
        return text.withUTF8 { hash(of: $0) }
    }
}

/// The kind of an operation, as its keyword spells it.
package enum OperationKind: String, Sendable {
    case query, mutation, subscription
}

/// A `query`, `mutation` or `subscription`, or a bare `{ … }` query.
package struct OperationDefinition: Sendable {
    /// Which kind of operation.
    package let kind: OperationKind
    /// The operation's name; nil for an anonymous one.
    package let name: Name?
    /// Its variable definitions, in order, as a run of `Document.variableDefinitions`.
    package let variables: VariableDefinitions
    /// Directives on the operation.
    package let directives: Directives
    /// What it selects.
    package let selectionSet: SelectionSet
    /// Where the operation starts.
    package let offset: Int
}

/// `$name: Type = default` in an operation's header.
package struct VariableDefinition: Sendable {
    /// The variable's name, without `$`.
    package let name: Name
    /// The declared type.
    package let type: TypeNode
    /// The default, when one is written.
    package let defaultValue: Value?
    /// Directives on the definition.
    package let directives: Directives
    /// Where the definition starts (its `$`).
    package let offset: Int
}

/// `fragment Name on Type { … }`.
package struct FragmentDefinition: Sendable {
    /// The fragment's name.
    package let name: Name
    /// The type after `on`.
    package let typeCondition: Name
    /// Directives on the fragment.
    package let directives: Directives
    /// What the fragment selects.
    package let selectionSet: SelectionSet
    /// Where `fragment` starts.
    package let offset: Int
}

/// `{ … }`: where a selection set's selections sit in `Document.selections`.
package struct SelectionSet: Sendable {
    private let start: Int32
    private let end: Int32
    /// Where `{` is.
    package let offset: Int

    init(_ range: Range<Int>, offset: Int) {
        start = Int32(range.lowerBound)
        end = Int32(range.upperBound)
        self.offset = offset
    }

    /// The selections' positions in `Document.selections`; `document[set]` reads them.
    package var range: Range<Int> { Int(start)..<Int(end) }
    /// How many selections the set has.
    package var count: Int { Int(end - start) }
}

/// One entry of a selection set: which node, by its position in the document's arrays.
package enum Selection: Sendable, Equatable {
    case field(FieldID)
    case fragmentSpread(FragmentSpreadID)
    case inlineFragment(InlineFragmentID)
}

/// A field selection, kept in `Document.fields`.
package struct Field: Sendable {
    /// The alias before `:`, when there is one.
    package let alias: Name?
    /// The field's name.
    package let name: Name
    /// Its arguments, in order.
    package let arguments: Arguments
    /// Its directives, in order.
    package let directives: Directives
    /// Its sub-selection, for fields of object type.
    package let selectionSet: SelectionSet?
    /// Where the field (or its alias) starts.
    package let offset: Int

    /// The key under which the field appears in the response: the alias, or else the name.
    package var responseKey: String { alias?.value ?? name.value }
    /// `responseKey`'s `Name.hash`.
    package var responseKeyHash: UInt64 { alias?.hash ?? name.hash }
}

/// `...Name`: a named fragment used in place, kept in `Document.spreads`.
package struct FragmentSpread: Sendable {
    /// The fragment's name.
    package let name: Name
    /// Directives on the spread.
    package let directives: Directives
    /// Where `...` starts.
    package let offset: Int
}

/// `... on Type { … }` or `... { … }`, kept in `Document.inlineFragments`.
package struct InlineFragment: Sendable {
    /// The type after `on`; nil when there is none.
    package let typeCondition: Name?
    /// Directives on the fragment.
    package let directives: Directives
    /// What it selects.
    package let selectionSet: SelectionSet
    /// Where `...` starts.
    package let offset: Int
}

/// `name: value` on a field or directive.
package struct Argument: Sendable {
    /// The argument's name.
    package let name: Name
    /// Its value, as written.
    package let value: Value
    /// Where the argument starts.
    package let offset: Int
}

/// `@name(arguments)`.
package struct Directive: Sendable {
    /// The directive's name, without `@`.
    package let name: Name
    /// Its arguments, in order.
    package let arguments: Arguments
    /// Where `@` is.
    package let offset: Int
}

/// `name: value` inside an input object literal.
package struct ObjectField: Sendable {
    /// The field's name.
    package let name: Name
    /// Its value.
    package let value: Value
}

/// A literal or variable in a document, with the offset where it starts.
///
/// Not `indirect`: lists and objects hold their items in arrays already, so no case needs a box
/// of its own, and a scalar literal costs no allocation.
package enum Value: Sendable {
    case variable(Name)
    case int(String, offset: Int)
    case float(String, offset: Int)
    case string(String, offset: Int, block: Bool)
    case boolean(Bool, offset: Int)
    case null(offset: Int)
    case enumValue(String, offset: Int)
    case list([Value], offset: Int)
    case object([ObjectField], offset: Int)

    /// True when the value is a variable or holds one inside a list or object.
    package var containsVariable: Bool {
        switch self {
        case .variable: true
        case .list(let items, _): items.contains { $0.containsVariable }
        case .object(let fields, _): fields.contains { $0.value.containsVariable }
        case .int, .float, .string, .boolean, .null, .enumValue: false
        }
    }

    /// Where the value starts (a variable's `$`).
    package var offset: Int {
        switch self {
        case .variable(let name): name.offset - 1
        case .int(_, let offset), .float(_, let offset), .string(_, let offset, _), .boolean(_, let offset),
             .null(let offset), .enumValue(_, let offset), .list(_, let offset), .object(_, let offset):
            offset
        }
    }
}

/// A type reference as written: `Int`, `[Int]`, `Int!`.
package enum TypeNode: Sendable, Equatable, CustomStringConvertible {
    case named(Name)
    indirect case list(TypeNode, offset: Int)
    indirect case nonNull(TypeNode, offset: Int)

    /// The type as written: `[Int!]`.
    package var description: String {
        switch self {
        case .named(let name): name.value
        case .list(let inner, _): "[\(inner)]"
        case .nonNull(let inner, _): "\(inner)!"
        }
    }

    /// The named type inside the wrappers.
    package var namedType: Name {
        switch self {
        case .named(let name): name
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }

    /// Where the type starts.
    package var offset: Int {
        switch self {
        case .named(let name): name.offset
        case .list(_, let offset), .nonNull(_, let offset): offset
        }
    }
}
