/// A reference to a type in a schema: named (by index into `Schema.types`), list or non-null.
///
/// Only the wrappers are boxed: a named type is an index held in place, so making one allocates
/// nothing and copying one retains nothing (validation makes one per variable and argument:
/// Benchmarks/NOTES.md, issue 43).
public enum TypeRef: Sendable, Equatable, Hashable {
    case named(Int)
    indirect case list(TypeRef)
    indirect case nonNull(TypeRef)

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
    /// Why it is deprecated; nil when it is not.
    public var deprecationReason: String? = nil
}

/// A field of an object type. A class: the executor hands it around once per resolved field.
/// Unchecked `Sendable` only for `quotedKey`'s pointer: every property is set in `init` and
/// never changed.
package final class FieldDefinition: @unchecked Sendable, SmallMapElement {
    /// The field's name.
    public let name: String
    /// Found by its name in its type's `SmallMap`.
    var key: String { name }
    let keyHash: UInt64
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
    /// `"name":` as UTF-8, owned here: a field selected without an alias writes it, so a plan
    /// collected for a request borrows these bytes instead of allocating its own.
    let quotedKey: UnsafeMutableBufferPointer<UInt8>

    init(name: String, description: String, type: TypeRef, arguments: [InputValueDefinition], deprecationReason: String?, resolver: ResolverKind?) {
        quotedKey = Self.quote(name)
        keyHash = Name.hash(name)
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

    /// `"key":` as UTF-8 in memory of its own. Names and aliases are GraphQL names
    /// ([_A-Za-z0-9]+), so they need no escaping.
    static func quote(_ key: String) -> UnsafeMutableBufferPointer<UInt8> {
        let name = key.utf8
        let quoted = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: name.count + 3)
        quoted[0] = UInt8(ascii: "\"")
        _ = UnsafeMutableBufferPointer(rebasing: quoted[1...]).initialize(from: name)
        quoted[name.count + 1] = UInt8(ascii: "\"")
        quoted[name.count + 2] = UInt8(ascii: ":")
        return quoted
    }

    deinit {
        quotedKey.deallocate()
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

/// The built-in scalars and how they accept and produce values; `custom` is a scalar a schema
/// declares (`Decimal`, `URL`, …), which, as graphql-js treats a scalar built from SDL or
/// introspection, accepts any input value and writes any leaf value as it is.
package enum ScalarKind: Sendable {
    case int, float, string, boolean, id, custom
}

/// A named type of a schema.
package struct NamedType: Sendable {
    /// What a named type is made of.
    public enum Shape: Sendable {
        case scalar(ScalarKind)
        case object(fields: [FieldDefinition], fieldIndex: [String: Int])
        /// An interface: its fields, which each implementation has too.
        case interface(fields: [FieldDefinition], fieldIndex: [String: Int])
        /// A union of object types, by index, in declaration order.
        case union(members: [Int])
        case enumeration(values: [EnumValueDefinition])
        case inputObject(fields: [InputValueDefinition])
    }

    /// The type's name.
    public let name: String
    /// Its description, for introspection and SDL.
    public let description: String
    /// Its kind and members.
    public let shape: Shape
    /// The interfaces an object or interface type implements, by index, in declaration order.
    public var interfaces: [Int] = []
    /// Whether an input object is `@oneOf`: exactly one of its fields is given, and not null.
    public var isOneOf = false
    /// The URL a custom scalar's `@specifiedBy` names.
    public var specifiedByURL: String? = nil

    /// The kind, as introspection reports it.
    public var kind: TypeKind {
        switch shape {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enumeration: .enumeration
        case .inputObject: .inputObject
        }
    }

    /// Whether variables and arguments may have this type.
    public var isInputType: Bool {
        switch shape {
        case .scalar, .enumeration, .inputObject: true
        case .object, .interface, .union: false
        }
    }

    /// Whether selections may be made on the type (objects, interfaces and unions).
    public var isComposite: Bool {
        switch shape {
        case .object, .interface, .union: true
        default: false
        }
    }

    /// Whether the type is an interface or a union, whose values are of one of its possible types.
    public var isAbstract: Bool {
        switch shape {
        case .interface, .union: true
        default: false
        }
    }

    /// Whether values of this type have no sub-fields (scalars and enums).
    public var isLeaf: Bool {
        switch shape {
        case .scalar, .enumeration: true
        default: false
        }
    }

    /// The fields of an object or interface type; empty for others.
    public var fields: [FieldDefinition] {
        switch shape {
        case .object(let fields, _), .interface(let fields, _): fields
        default: []
        }
    }

    /// The field called `name` of an object or interface type.
    public func field(named name: String) -> FieldDefinition? {
        switch shape {
        case .object(let fields, let index), .interface(let fields, let index): index[name].map { fields[$0] }
        default: nil
        }
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
