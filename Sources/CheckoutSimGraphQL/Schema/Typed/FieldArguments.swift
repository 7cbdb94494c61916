/// A field's arguments as one small struct, decoded once per call from the coerced values.
///
/// `arguments` declares them (names, types, defaults as GraphQL source); coercion fills the
/// defaults in before `init(_:)` runs, so the schema's defaults are the only ones: an argument
/// with a default is read with the throwing accessors, which never see it absent.
public protocol FieldArguments: Sendable {
    /// The arguments as the schema declares them, in order.
    static var arguments: [ArgumentSpec] { get }
    /// Reads the coerced values.
    init(_ values: ArgumentValues) throws
}

/// The coerced arguments of one field call (or the fields of one input object).
public struct ArgumentValues {
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
    @usableFromInline static func of(_ call: FieldCall) -> ArgumentValues {
        ArgumentValues(call.arguments, definitions: call.argumentDefinitions, schema: call.schema)
    }

    /// The value of `name`: as given unless absent or null, else its declared default.
    private subscript(name: String) -> JSON? {
        if let value = values[name], value != .null { return value }
        return definitions.first { $0.name == name }?.defaultValue
    }

    /// A required or defaulted `String`, `ID` or enum argument.
    public func string(_ name: String) throws -> String {
        guard let text = self[name]?.stringValue else { throw missing(name) }
        return text
    }

    /// An optional `String` or `ID` argument; nil when absent or null.
    public func optionalString(_ name: String) -> String? {
        self[name]?.stringValue
    }

    /// A required or defaulted `Int` argument.
    public func int(_ name: String) throws -> Int {
        guard let number = self[name]?.intValue else { throw missing(name) }
        return number
    }

    /// An optional `Int` argument; nil when absent or null.
    public func optionalInt(_ name: String) -> Int? {
        self[name]?.intValue
    }

    /// A required or defaulted `Boolean` argument.
    public func bool(_ name: String) throws -> Bool {
        guard let flag = self[name]?.boolValue else { throw missing(name) }
        return flag
    }

    /// An optional list of `String` or `ID`; nil when absent or null.
    public func optionalStrings(_ name: String) -> [String]? {
        self[name]?.arrayValue?.compactMap(\.stringValue)
    }

    /// Any argument as its coerced JSON, or its default; nil when absent or null: for arguments
    /// declared when the schema is built, whose Swift types are not known when the code is compiled.
    public func json(_ name: String) -> JSON? {
        self[name]
    }

    /// A required input object.
    public func input(_ name: String) throws -> ArgumentValues {
        guard let input = optionalInput(name) else { throw missing(name) }
        return input
    }

    /// An optional input object; nil when absent or null.
    public func optionalInput(_ name: String) -> ArgumentValues? {
        guard let object = self[name]?.objectValue, let definition = definitions.first(where: { $0.name == name }) else { return nil }
        return ArgumentValues(object, definitions: schema.types[definition.type.namedIndex].inputFields, schema: schema)
    }

    /// A required or defaulted enum argument as its Swift enum.
    public func enumeration<Value: RawRepresentable & Sendable>(_ name: String, as type: Value.Type) throws -> Value where Value.RawValue == String {
        guard let text = self[name]?.stringValue, let value = Value(rawValue: text) else { throw missing(name) }
        return value
    }

    /// Validation and coercion guarantee every read above; this is what a schema whose argument
    /// struct disagrees with its declaration reports instead of trapping.
    private func missing(_ name: String) -> FieldError {
        FieldError("Argument \"\(name)\" has no value of the expected type.")
    }
}
