/// A field's arguments as one small struct, decoded once per call from the coerced values.
///
/// Each argument is an `ArgumentKey`, which names it once: `arguments` lists the keys'
/// declarations, and `init(_:)` reads each with `values[key]`. Coercion fills the defaults in
/// before `init(_:)` runs, so the schema's defaults are the only ones.
public protocol FieldArguments: Sendable {
    /// The arguments as the schema declares them, in order: each key's `declaration`.
    static var arguments: [ArgumentDeclaration] { get }
    /// Reads the coerced values.
    init(_ values: ArgumentValues) throws
}

/// An argument or input field, named once: it declares the argument and reads it.
///
///     static let first = ArgumentKey<Int>("first", .int, default: 20, "How many, 1 to 100.")
///     static let after = ArgumentKey<String?>("after", .string, "The endCursor of the previous page.")
///     static let id = ArgumentKey<String>("id", .nonNull(.id), "The product's id.")
///
/// A nullable argument without a default reads as an optional; a non-null one, or one with a
/// default, reads as its value.
public struct ArgumentKey<Value: Sendable>: Sendable {
    /// The argument as the schema declares it.
    public let declaration: ArgumentDeclaration
    @usableFromInline let read: @Sendable (ArgumentValues) -> Value?

    /// A nullable argument without a default: nil when absent or null.
    @inlinable public init<Type: InputType>(_ name: String, _ type: Type, _ description: String) where Value == Type.Decoded? {
        declaration = ArgumentDeclaration(name, type.source, description)
        read = { .some(type.read(name, of: $0)) }
    }

    /// A non-null argument.
    @inlinable public init<Wrapped: InputType>(_ name: String, _ type: NonNullInput<Wrapped>, _ description: String) where Value == Wrapped.Decoded {
        declaration = ArgumentDeclaration(name, type.source, description)
        read = { type.read(name, of: $0) }
    }

    /// A nullable argument with a default: the default when absent or null.
    @inlinable public init<Type: LeafInputType>(_ name: String, _ type: Type, default value: Type.Decoded, _ description: String) where Value == Type.Decoded {
        declaration = ArgumentDeclaration(name, type.source, description, default: type.literal(value))
        read = { type.read(name, of: $0) }
    }

    /// A nullable argument of a schema read from SDL, which gives its description and default:
    /// nil when absent or null and the SDL gives no default.
    package init<Type: InputType>(_ name: String, _ type: Type) where Value == Type.Decoded? {
        self.init(name, type, "")
    }

    /// A non-null argument of a schema read from SDL.
    package init<Wrapped: InputType>(_ name: String, _ type: NonNullInput<Wrapped>) where Value == Wrapped.Decoded {
        self.init(name, type, "")
    }
}

/// An argument or input field as the schema declares it: name, type as GraphQL writes it,
/// description and a default written as GraphQL source. Made by an `ArgumentKey`.
public struct ArgumentDeclaration: Sendable {
    package let name: String
    /// As GraphQL source writes it: `[ID!]!`.
    package let type: String
    let description: String
    let defaultValue: String?
    /// Why it is deprecated (only schemas read from SDL have such arguments).
    var deprecationReason: String?

    @usableFromInline init(_ name: String, _ type: String, _ description: String, default defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.description = description
        self.defaultValue = defaultValue
    }
}

/// The coerced arguments of one field call (or the fields of one input object): read them with
/// their keys.
public struct ArgumentValues: Sendable {
    private let values: JSONObject
    private let definitions: [InputValueDefinition]
    private let schema: Schema

    init(_ values: JSONObject, definitions: [InputValueDefinition], schema: Schema) {
        self.values = values
        self.definitions = definitions
        self.schema = schema
    }

    /// The arguments of `call`, with the definitions that give their defaults (the executor
    /// hands both over with the call).
    @usableFromInline package static func of(_ call: borrowing FieldCall) -> ArgumentValues {
        ArgumentValues(call.arguments, definitions: call.argumentDefinitions, schema: call.schema)
    }

    /// The value of `key`. Validation and coercion guarantee it for a required or defaulted key;
    /// a key its field does not declare reads as missing, an error rather than a trap.
    @inlinable public subscript<Value>(key: ArgumentKey<Value>) -> Value {
        get throws(FieldError) {
            guard let value = key.read(self) else { throw Self.missing(key.declaration) }
            return value
        }
    }

    @usableFromInline static func missing(_ argument: ArgumentDeclaration) -> FieldError {
        FieldError("Argument \"\(argument.name)\" has no value of the expected type.")
    }

    /// The coerced value of `name`: as given unless absent or null, else its declared default.
    @usableFromInline func value(_ name: String) -> JSON? {
        if let value = values[name], value != .null { return value }
        return definitions.first { $0.name == name }?.defaultValue
    }

    /// The input object `name`; nil when absent or null.
    @usableFromInline func input(_ name: String) -> ArgumentValues? {
        guard let object = value(name)?.objectValue, let definition = definitions.first(where: { $0.name == name }) else { return nil }
        return ArgumentValues(object, definitions: schema.types[definition.type.namedIndex].inputFields, schema: schema)
    }
}

/// A field's arguments declared as values: for arguments known only when the schema is built
/// (types built from data). `FieldArguments` types make one with `ArgumentList(Self.self)`.
public struct ArgumentList<Arguments>: Sendable {
    @usableFromInline let declarations: [ArgumentDeclaration]
    @usableFromInline let decode: @Sendable (ArgumentValues) throws -> Arguments

    /// The arguments `declarations`, read by `decode` once per call.
    public init(_ declarations: [ArgumentDeclaration], decode: @escaping @Sendable (ArgumentValues) throws -> Arguments) {
        self.declarations = declarations
        self.decode = decode
    }
}
