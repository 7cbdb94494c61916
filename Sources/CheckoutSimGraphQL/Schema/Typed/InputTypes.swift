/// A GraphQL input type as a value, typed by the Swift value an argument of it is read as.
///
/// `ArgumentKey` takes one: `ArgumentKey<Int>("first", .int, default: 20, "…")` declares
/// `first: Int = 20` and reads an `Int`. The engine's types are the only conformers.
public protocol InputType: Sendable {
    /// What an argument of this type is read as.
    associatedtype Decoded: Sendable
    /// The type as GraphQL source writes it, like `[ID!]`.
    var source: String { get }
    /// The argument `name` of `values`, coerced; nil when absent or null.
    func read(_ name: String, of values: ArgumentValues) -> Decoded?
}

/// A scalar, enum or list of them: read from its coerced JSON value, and written as a default.
public protocol LeafInputType: InputType {
    /// `json` as the Swift value; nil when it is not one (coercion rules that out).
    func decode(_ json: JSON) -> Decoded?
    /// `value` as GraphQL source, for a default.
    func literal(_ value: Decoded) -> String
}

extension LeafInputType {
    @inlinable public func read(_ name: String, of values: ArgumentValues) -> Decoded? {
        values.value(name).flatMap(decode)
    }
}

/// `String` or `ID`, read as `String`.
public struct TextInput: LeafInputType {
    public typealias Decoded = String
    public let source: String
    @inlinable public func decode(_ json: JSON) -> String? { json.stringValue }
    public func literal(_ value: String) -> String { JSON.string(value).serialized() }
}

/// `Int`, read as `Int`.
public struct IntInput: LeafInputType {
    public typealias Decoded = Int
    public var source: String { "Int" }
    @inlinable public func decode(_ json: JSON) -> Int? { json.intValue }
    public func literal(_ value: Int) -> String { String(value) }
}

/// `Boolean`, read as `Bool`.
public struct BooleanInput: LeafInputType {
    public typealias Decoded = Bool
    public var source: String { "Boolean" }
    @inlinable public func decode(_ json: JSON) -> Bool? { json.boolValue }
    public func literal(_ value: Bool) -> String { value ? "true" : "false" }
}

/// A type built from data, written as GraphQL source, read as its coerced JSON: for input types
/// whose Swift types are not known when the code is compiled (content collections). It takes no
/// default (a JSON value is not GraphQL source).
public struct DataInput: InputType {
    public typealias Decoded = JSON
    public let source: String
    @inlinable public func read(_ name: String, of values: ArgumentValues) -> JSON? { values.value(name) }
}

/// `[Item]`, read as `[Item.Decoded]`.
public struct ListInput<Item: LeafInputType>: LeafInputType {
    public typealias Decoded = [Item.Decoded]
    public let item: Item
    public var source: String { "[" + item.source + "]" }
    @inlinable public func decode(_ json: JSON) -> [Item.Decoded]? { json.arrayValue?.compactMap(item.decode) }
    public func literal(_ value: [Item.Decoded]) -> String { "[" + value.map(item.literal).joined(separator: ", ") + "]" }
}

/// `Wrapped!`: an `ArgumentKey` of it is required.
public struct NonNullInput<Wrapped: InputType>: InputType {
    public typealias Decoded = Wrapped.Decoded
    public let wrapped: Wrapped
    public var source: String { wrapped.source + "!" }
    @inlinable public func read(_ name: String, of values: ArgumentValues) -> Wrapped.Decoded? { wrapped.read(name, of: values) }
}

/// An input object type, read as the `ArgumentValues` of its fields (read those with their keys).
public struct InputObjectType: InputType {
    public typealias Decoded = ArgumentValues
    /// The type's name in the schema.
    public let name: String
    public var source: String { name }

    /// The input object type called `name`; `TypedSchemaBuilder.input` declares its fields.
    public init(_ name: String) {
        self.name = name
    }

    @inlinable public func read(_ name: String, of values: ArgumentValues) -> ArgumentValues? { values.input(name) }
}

extension EnumType: LeafInputType {
    public typealias Decoded = Case
    @inlinable public func decode(_ json: JSON) -> Case? { json.stringValue.flatMap(Case.init(rawValue:)) }
    public func literal(_ value: Case) -> String { value.rawValue }
}

// MARK: Spelling the types as GraphQL does

extension InputType where Self == TextInput {
    /// `String`.
    public static var string: TextInput { TextInput(source: "String") }
    /// `ID`.
    public static var id: TextInput { TextInput(source: "ID") }
    /// A custom scalar or an enum of a schema read from SDL, read as its text (`URL`, `CountryCode`).
    package static func text(_ source: String) -> TextInput { TextInput(source: source) }
}

extension InputType where Self == IntInput {
    /// `Int`.
    public static var int: IntInput { IntInput() }
}

extension InputType where Self == BooleanInput {
    /// `Boolean`.
    public static var boolean: BooleanInput { BooleanInput() }
}

extension InputType {
    /// `wrapped!`.
    public static func nonNull<Wrapped>(_ wrapped: Wrapped) -> Self where Self == NonNullInput<Wrapped> {
        NonNullInput(wrapped: wrapped)
    }

    /// `[item]`.
    public static func list<Item>(_ item: Item) -> Self where Self == ListInput<Item> {
        ListInput(item: item)
    }

    /// A type built from data: see `DataInput`.
    public static func data(_ source: String) -> Self where Self == DataInput {
        DataInput(source: source)
    }
}

extension NonNullInput: LeafInputType where Wrapped: LeafInputType {
    @inlinable public func decode(_ json: JSON) -> Wrapped.Decoded? { wrapped.decode(json) }
    public func literal(_ value: Wrapped.Decoded) -> String { wrapped.literal(value) }
}
