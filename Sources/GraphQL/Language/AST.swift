/// A parsed executable document. Positions are UTF-8 byte offsets into `source`.
public struct Document: Sendable {
    public let source: [UInt8]
    public var operations: [OperationDefinition]
    public var fragments: [FragmentDefinition]
    /// Operations and fragments as (isFragment, index) in document order.
    public var order: [(isFragment: Bool, index: Int)]

    public func location(_ offset: Int) -> SourceLocation {
        SourceLocation.of(offset: offset, in: source)
    }

    public func fragment(named name: String) -> FragmentDefinition? {
        fragments.first { $0.name.value == name }
    }
}

public struct Name: Sendable, Equatable {
    public let value: String
    public let offset: Int
}

public enum OperationKind: String, Sendable {
    case query, mutation, subscription
}

public struct OperationDefinition: Sendable {
    public let kind: OperationKind
    public let name: Name?
    public let variables: [VariableDefinition]
    public let directives: [Directive]
    public let selectionSet: SelectionSet
    public let offset: Int
}

public struct VariableDefinition: Sendable {
    public let name: Name
    public let type: TypeNode
    public let defaultValue: Value?
    public let directives: [Directive]
    public let offset: Int
}

public struct FragmentDefinition: Sendable {
    public let name: Name
    public let typeCondition: Name
    public let directives: [Directive]
    public let selectionSet: SelectionSet
    public let offset: Int
}

public struct SelectionSet: Sendable {
    public let selections: [Selection]
    public let offset: Int
}

public enum Selection: Sendable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var directives: [Directive] {
        switch self {
        case .field(let field): field.directives
        case .fragmentSpread(let spread): spread.directives
        case .inlineFragment(let fragment): fragment.directives
        }
    }
}

/// A field selection. A class: validation and execution pass fields around many times, and a
/// reference costs one retain where a copy would retain each of its arrays.
public final class Field: Sendable {
    public let alias: Name?
    public let name: Name
    public let arguments: [Argument]
    public let directives: [Directive]
    public let selectionSet: SelectionSet?
    public let offset: Int
    /// The key under which the field appears in the response: the alias, or else the name.
    public let responseKey: String

    public init(alias: Name?, name: Name, arguments: [Argument], directives: [Directive], selectionSet: SelectionSet?, offset: Int) {
        self.alias = alias
        self.name = name
        responseKey = alias?.value ?? name.value
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.offset = offset
    }

}

public struct FragmentSpread: Sendable {
    public let name: Name
    public let directives: [Directive]
    public let offset: Int
}

public final class InlineFragment: Sendable {
    public let typeCondition: Name?
    public let directives: [Directive]
    public let selectionSet: SelectionSet
    public let offset: Int

    public init(typeCondition: Name?, directives: [Directive], selectionSet: SelectionSet, offset: Int) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.offset = offset
    }
}

public struct Argument: Sendable {
    public let name: Name
    public let value: Value
    public let offset: Int
}

public struct Directive: Sendable {
    public let name: Name
    public let arguments: [Argument]
    public let offset: Int
}

public struct ObjectField: Sendable {
    public let name: Name
    public let value: Value
}

/// A literal or variable in a document, with the offset where it starts.
public indirect enum Value: Sendable {
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
    public var containsVariable: Bool {
        switch self {
        case .variable: true
        case .list(let items, _): items.contains { $0.containsVariable }
        case .object(let fields, _): fields.contains { $0.value.containsVariable }
        case .int, .float, .string, .boolean, .null, .enumValue: false
        }
    }

    public var offset: Int {
        switch self {
        case .variable(let name): name.offset - 1
        case .int(_, let offset), .float(_, let offset), .string(_, let offset, _), .boolean(_, let offset),
             .null(let offset), .enumValue(_, let offset), .list(_, let offset), .object(_, let offset):
            offset
        }
    }
}

/// A type reference as written: `Int`, `[Int]`, `Int!`.
public indirect enum TypeNode: Sendable, Equatable, CustomStringConvertible {
    case named(Name)
    case list(TypeNode, offset: Int)
    case nonNull(TypeNode, offset: Int)

    public var description: String {
        switch self {
        case .named(let name): name.value
        case .list(let inner, _): "[\(inner)]"
        case .nonNull(let inner, _): "\(inner)!"
        }
    }

    public var namedType: Name {
        switch self {
        case .named(let name): name
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }

    public var offset: Int {
        switch self {
        case .named(let name): name.offset
        case .list(_, let offset), .nonNull(_, let offset): offset
        }
    }
}
