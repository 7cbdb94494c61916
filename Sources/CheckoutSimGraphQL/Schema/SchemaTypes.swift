/// A reference to a type in a schema: named (by index into `Schema.types`), list or non-null.
public indirect enum TypeRef: Sendable, Equatable, Hashable {
    case named(Int)
    case list(TypeRef)
    case nonNull(TypeRef)

    /// The index of the named type inside any list and non-null wrappers.
    public var namedIndex: Int {
        switch self {
        case .named(let index): index
        case .list(let inner), .nonNull(let inner): inner.namedIndex
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outermost non-null wrapper.
    public var nullable: TypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The object type's index when this is a named object type (not a list or leaf).
    func objectIndex(in schema: Schema) -> Int? {
        guard case .named(let index) = self, schema.kinds.indices.contains(index), schema.kinds[index] == .object else { return nil }
        return index
    }
}

/// The kinds of named type, as introspection reports them.
package enum TypeKind: String, Sendable, CaseIterable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumeration = "ENUM"
    case inputObject = "INPUT_OBJECT"
    case list = "LIST"
    case nonNull = "NON_NULL"
}

/// A resolved value handed back by a field resolver.
public enum Resolved {
    case null
    /// A scalar or enum value; the executor checks it against the field's type.
    case leaf(JSON)
    /// An object, passed as the parent to the resolvers of its selected fields.
    case object(Any)
    /// An object whose value is one integer (`IntegerBacked`: a row in a table the resolvers
    /// know, an amount), passed as `FieldCall.integer`; cheaper than `object` because nothing is
    /// boxed or cast.
    case integer(Int)
    case list([Resolved])
    /// A value whose whole subtree resolves with `context` in place of the request's: how a
    /// resolver answers from a snapshot of its data rather than the live data.
    indirect case withContext(AnyObject, Resolved)

    /// A `String`, `ID` or enum value.
    public static func string(_ value: String) -> Resolved { .leaf(.string(value)) }
    /// An `Int` value.
    public static func int(_ value: Int) -> Resolved { .leaf(.int(value)) }
    /// A `Boolean` value.
    public static func bool(_ value: Bool) -> Resolved { .leaf(.bool(value)) }

    /// A text value, or null when there is none.
    public static func optional(_ value: String?) -> Resolved {
        value.map { .leaf(.string($0)) } ?? .null
    }
}

/// What the executor hands a field: the parent value, coerced arguments and the request's context.
///
/// Opaque outside the engine: a `ParentCarrier` turns it into the typed parent and context a
/// resolver receives. The executor builds one per object and changes only `arguments` from field
/// to field.
public struct FieldCall {
    /// The parent object as its field resolved it (`()` for `.integer` parents).
    @usableFromInline let parent: Any
    /// The parent's integer when it was resolved as `.integer`; -1 otherwise.
    @usableFromInline let integer: Int
    /// What the parent object's type reads once for all its fields (`SchemaBuilder.object(_:_:row:_:)`),
    /// such as the product a `Product` object stands for; nil when the type has no row reader.
    @usableFromInline var row: AnyObject?
    /// Why the row reader failed, when it did (and `row` is nil).
    @usableFromInline var rowFailure: (any Error)?
    /// The field's arguments, coerced to their types, defaults filled in.
    @usableFromInline var arguments: JSONObject
    /// The field's argument definitions (for their defaults); empty for a field without arguments.
    var argumentDefinitions: [InputValueDefinition] = []
    /// What the caller passed for this request (the simulator's request context).
    @usableFromInline let context: AnyObject?
    /// The schema being executed.
    @usableFromInline let schema: Schema

    /// The request's context as the schema's `Context` class, without a runtime cast.
    ///
    /// The one place the typed binding reads its context unchecked. Its invariant: the executor
    /// refuses, before any resolver runs, a request whose context is missing or of another class
    /// than the schema's `Context` (`Schema.contextType`; `ExecutionTests` tries one). Debug builds
    /// check the invariant here on every call (`unsafeDowncast` and `unsafelyUnwrapped` trap there).
    @inlinable @inline(__always) public func context<Context: AnyObject>(as _: Context.Type) -> Context {
        unsafeDowncast(context.unsafelyUnwrapped, to: Context.self)
    }

    init(parent: Any, integer: Int, arguments: JSONObject, context: AnyObject?, schema: Schema) {
        self.parent = parent
        self.integer = integer
        self.arguments = arguments
        self.context = context
        self.schema = schema
    }
}

/// An error a resolver throws; it becomes a field error with the field's path and location.
public struct FieldError: Error, Sendable {
    /// The error message in the response.
    public let message: String
    /// The `extensions.code` in the response.
    public let code: GraphQLError.Code

    /// Whether this is `noValue`: reported as the null it stands for.
    let isNoValue: Bool

    /// An error with `message`, reported with `code`.
    public init(_ message: String, code: GraphQLError.Code = .internalServerError) {
        self.message = message
        self.code = code
        isNoValue = false
    }

    /// What a resolver of a non-null field throws when it finds nothing: the field is reported
    /// exactly as a null in a non-null field is (an error, and null in the nearest nullable
    /// parent), as graphql-js reports a resolver returning null there.
    public static let noValue = FieldError(noValue: ())

    private init(noValue: Void) {
        message = "No value."
        code = .internalServerError
        isNoValue = true
    }
}

extension Optional {
    /// The value, or `FieldError.noValue` when there is none: for a non-null field's resolver
    /// whose lookup may find nothing.
    @inlinable public func orNoValue() throws(FieldError) -> Wrapped {
        guard let value = self else { throw FieldError.noValue }
        return value
    }
}

/// Resolves a field generally: objects, lists, leaves or null.
@usableFromInline typealias FieldResolver = @Sendable (FieldCall) throws -> Resolved

/// Reads, once per object, what every field of the object needs; its result is `FieldCall.row`.
@usableFromInline typealias RowReader = @Sendable (FieldCall) throws -> AnyObject?

/// How a field is resolved: generally, or straight to a leaf value that the executor writes
/// without building a `Resolved` or `JSON` value first (most fields of a listing are leaves).
@usableFromInline enum ResolverKind: Sendable {
    case general(FieldResolver)
    /// For `String`, `ID` and enum fields.
    case string(@Sendable (FieldCall) throws -> String?)
    /// For `String` and `ID` fields whose text is made on the fly (money, times): the resolver
    /// passes the UTF-8 bytes to the writer it is given, which copies them into the response;
    /// not calling it means null, and only the first call counts. The bytes must be valid UTF-8.
    case utf8(@Sendable (FieldCall, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void)
    case int(@Sendable (FieldCall) throws -> Int?)
    case bool(@Sendable (FieldCall) throws -> Bool?)
}

/// An argument of a field or directive, or a field of an input object.
package struct InputValueDefinition: Sendable {
    /// The argument's name.
    public let name: String
    /// Its description, for introspection and SDL.
    public let description: String
    /// Its type.
    public let type: TypeRef
    /// Its default, coerced; nil when it has none.
    public let defaultValue: JSON?
    /// The default as GraphQL source text (for SDL and introspection).
    public let defaultValueText: String?
}

/// A field of an object type. A class: the executor hands it around once per resolved field.
package final class FieldDefinition: Sendable, SmallMapElement {
    /// The field's name.
    public let name: String
    /// Found by its name in its type's `SmallMap`.
    var key: String { name }
    /// Its description, for introspection and SDL.
    public let description: String
    /// The type of its value.
    public let type: TypeRef
    /// Its arguments, in declaration order.
    public let arguments: [InputValueDefinition]
    /// Why it is deprecated; nil when it is not.
    public let deprecationReason: String?
    let resolver: ResolverKind?
    /// `type.namedIndex`, worked out once: the executor needs it for every value it writes.
    let namedType: Int
    /// Whether an argument must be given (non-null without a default); validation skips the
    /// argument rules for the many fields that take no arguments and need none.
    let hasRequiredArguments: Bool

    init(name: String, description: String, type: TypeRef, arguments: [InputValueDefinition], deprecationReason: String?, resolver: ResolverKind?) {
        namedType = type.namedIndex
        hasRequiredArguments = arguments.contains { $0.type.isNonNull && $0.defaultValue == nil }
        self.name = name
        self.description = description
        self.type = type
        self.arguments = arguments
        self.deprecationReason = deprecationReason
        self.resolver = resolver
    }

    /// The argument called `name`.
    public func argument(named name: String) -> InputValueDefinition? {
        arguments.first { $0.name == name }
    }
}

/// One value of an enum type.
package struct EnumValueDefinition: Sendable {
    /// The value as documents write it.
    public let name: String
    /// Its description, for introspection and SDL.
    public let description: String
    /// Why it is deprecated; nil when it is not.
    public let deprecationReason: String?
}

/// A directive documents may use, such as `@skip`.
package struct DirectiveDefinition: Sendable {
    /// The directive's name, without `@`.
    public let name: String
    /// Its description, for introspection and SDL.
    public let description: String
    /// Where it may appear (`FIELD`, `FRAGMENT_SPREAD`, …).
    public let locations: [DirectiveLocation]
    /// Its arguments.
    public let arguments: [InputValueDefinition]
    /// Whether it may appear more than once at one place.
    public let isRepeatable: Bool
}

/// The places in a document or schema where a directive may appear (spec §3.13).
package enum DirectiveLocation: String, Sendable, CaseIterable {
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumeration = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}

/// The built-in scalars and how they accept and produce values.
package enum ScalarKind: Sendable {
    case int, float, string, boolean, id
}

/// A named type of a schema.
package struct NamedType: Sendable {
    /// What a named type is made of.
    public enum Shape: Sendable {
        case scalar(ScalarKind)
        case object(fields: [FieldDefinition], fieldIndex: [String: Int])
        case enumeration(values: [EnumValueDefinition])
        case inputObject(fields: [InputValueDefinition])
    }

    /// The type's name.
    public let name: String
    /// Its description, for introspection and SDL.
    public let description: String
    /// Its kind and members.
    public let shape: Shape

    /// The kind, as introspection reports it.
    public var kind: TypeKind {
        switch shape {
        case .scalar: .scalar
        case .object: .object
        case .enumeration: .enumeration
        case .inputObject: .inputObject
        }
    }

    /// Whether variables and arguments may have this type.
    public var isInputType: Bool {
        switch shape {
        case .scalar, .enumeration, .inputObject: true
        case .object: false
        }
    }

    /// Whether values of this type have no sub-fields (scalars and enums).
    public var isLeaf: Bool {
        switch shape {
        case .scalar, .enumeration: true
        default: false
        }
    }

    /// The fields of an object type; empty for others.
    public var fields: [FieldDefinition] {
        if case .object(let fields, _) = shape { return fields }
        return []
    }

    /// The field called `name` of an object type.
    public func field(named name: String) -> FieldDefinition? {
        guard case .object(let fields, let index) = shape, let position = index[name] else { return nil }
        return fields[position]
    }

    /// The fields of an input object type; empty for others.
    public var inputFields: [InputValueDefinition] {
        if case .inputObject(let fields) = shape { return fields }
        return []
    }

    /// The values of an enum type; empty for others.
    public var enumValues: [EnumValueDefinition] {
        if case .enumeration(let values) = shape { return values }
        return []
    }
}
