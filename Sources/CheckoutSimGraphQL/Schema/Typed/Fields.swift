/// The fields of one object type as it is declared: each resolver takes the parent (`Input`),
/// its arguments when it has any, and the request's `Context`, and returns a Swift value the
/// field's GraphQL type stands for. `Carrier` says how the parent reaches the fields.
///
/// Leaves name their GraphQL type as source text (`"String!"`), which the schema build checks
/// against the resolver's kind; objects and enums are named by their typed declarations.
public struct Fields<Carrier: ParentCarrier> {
    public typealias Context = Carrier.Context
    public typealias Input = Carrier.Input

    @usableFromInline let owner: String
    @usableFromInline var specs: [SchemaBuilder.FieldSpec] = []
    @usableFromInline var references: [TypeReference] = []

    @usableFromInline init(owner: String) {
        self.owner = owner
    }

    // MARK: Leaves

    /// A `String` or `ID` field; nil means null.
    @inlinable public mutating func string(
        _ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> String?
    ) {
        specs.append(.init(name, type, description, string: { call in
            let (input, context) = try Carrier.read(call)
            return try resolve(input, context)
        }))
    }

    /// A `String` or `ID` field with arguments; nil means null.
    @inlinable public mutating func string<Arguments: FieldArguments>(
        _ name: String, _ type: String, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> String?
    ) {
        specs.append(.init(name, type, description, arguments: Arguments.arguments, string: { call in
            let (input, context) = try Carrier.read(call)
            return try resolve(input, try Arguments(.of(call)), context)
        }))
    }

    /// A `String` or `ID` field whose text is made on the fly: the resolver hands its UTF-8 bytes
    /// to the writer it is given, which copies them into the response (not calling it means null).
    @inlinable public mutating func utf8(
        _ name: String, _ type: String, _ description: String,
        _ resolve: @escaping @Sendable (Input, Context, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void
    ) {
        specs.append(.init(name, type, description, utf8: { call, write in
            let (input, context) = try Carrier.read(call)
            try resolve(input, context, write)
        }))
    }

    /// An `Int` field; nil means null.
    @inlinable public mutating func int(_ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Int?) {
        specs.append(.init(name, type, description, int: { call in
            let (input, context) = try Carrier.read(call)
            return try resolve(input, context)
        }))
    }

    /// A `Boolean` field; nil means null.
    @inlinable public mutating func bool(_ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Bool?) {
        specs.append(.init(name, type, description, bool: { call in
            let (input, context) = try Carrier.read(call)
            return try resolve(input, context)
        }))
    }

    /// A non-null enum field.
    @inlinable public mutating func enumeration<Value>(
        _ name: String, _ type: EnumType<Value>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Value
    ) {
        references.append(TypeReference(type.name, Value.self, place: "\(owner).\(name)"))
        specs.append(.init(name, type.name + "!", description, string: { call in
            let (input, context) = try Carrier.read(call)
            return try resolve(input, context).rawValue
        }))
    }

    /// A list of `String` or `ID` values (`"[String!]!"`, `"[String!]"`); nil means null.
    @inlinable public mutating func strings(
        _ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> [String]?
    ) {
        specs.append(.init(name, type, description) { call in
            let (input, context) = try Carrier.read(call)
            return try resolve(input, context).map { .list($0.map(Resolved.string)) } ?? .null
        })
    }

    /// A leaf or list of leaves whose value is JSON data, checked against `type` as it is
    /// written: for types built from data (content collections), whose Swift types are not known
    /// when the code is compiled. Nil or `.null` means null; an array is a list.
    @inlinable public mutating func json(_ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> JSON?) {
        specs.append(.init(name, type, description) { call in
            let (input, context) = try Carrier.read(call)
            switch try resolve(input, context) {
            case nil, .null?: return .null
            case .array(let items)?: return .list(items.map { $0 == .null ? .null : .leaf($0) })
            case let value?: return .leaf(value)
            }
        })
    }

    // MARK: Objects

    /// A non-null object field (`"Cart!"`).
    @inlinable public mutating func object<Child: ParentCarrier>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Child.Parent
    ) where Child.Context == Context {
        add(name, type.name + "!", type, description, []) { _, input, context in Child.wrap(try resolve(input, context)) }
    }

    /// A non-null object field with arguments.
    @inlinable public mutating func object<Child: ParentCarrier, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> Child.Parent
    ) where Child.Context == Context {
        add(name, type.name + "!", type, description, Arguments.arguments) { call, input, context in
            Child.wrap(try resolve(input, try Arguments(.of(call)), context))
        }
    }

    /// A non-null object field whose resolver may find nothing: nil is reported as any null in a
    /// non-null field is (an error, and null in the nearest nullable parent), as graphql-js does.
    @inlinable public mutating func objectOrError<Child: ParentCarrier>(
        _ name: String, _ type: ObjectType<Child>, _ description: String,
        _ resolve: @escaping @Sendable (Input, Context) throws -> Child.Parent?
    ) where Child.Context == Context {
        add(name, type.name + "!", type, description, []) { _, input, context in
            try resolve(input, context).map(Child.wrap) ?? .null
        }
    }

    /// A nullable object field (`"Offer"`); nil means null.
    @inlinable public mutating func optionalObject<Child: ParentCarrier>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Child.Parent?
    ) where Child.Context == Context {
        add(name, type.name, type, description, []) { _, input, context in
            try resolve(input, context).map(Child.wrap) ?? .null
        }
    }

    /// A nullable object field with arguments.
    @inlinable public mutating func optionalObject<Child: ParentCarrier, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> Child.Parent?
    ) where Child.Context == Context {
        add(name, type.name, type, description, Arguments.arguments) { call, input, context in
            try resolve(input, try Arguments(.of(call)), context).map(Child.wrap) ?? .null
        }
    }

    /// A non-null list of non-null objects (`"[CartLine!]!"`).
    @inlinable public mutating func list<Child: ParentCarrier>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> [Child.Parent]
    ) where Child.Context == Context {
        add(name, "[\(type.name)!]!", type, description, []) { _, input, context in
            .list(try resolve(input, context).map(Child.wrap))
        }
    }

    /// A nullable list of non-null objects (`"[Book!]"`); nil means null.
    @inlinable public mutating func optionalList<Child: ParentCarrier>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> [Child.Parent]?
    ) where Child.Context == Context {
        add(name, "[\(type.name)!]", type, description, []) { _, input, context in
            try resolve(input, context).map { .list($0.map(Child.wrap)) } ?? .null
        }
    }

    /// A nullable list of non-null objects, with arguments.
    @inlinable public mutating func optionalList<Child: ParentCarrier, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> [Child.Parent]?
    ) where Child.Context == Context {
        add(name, "[\(type.name)!]", type, description, Arguments.arguments) { call, input, context in
            try resolve(input, try Arguments(.of(call)), context).map { .list($0.map(Child.wrap)) } ?? .null
        }
    }

    /// A non-null list of non-null objects, with arguments.
    @inlinable public mutating func list<Child: ParentCarrier, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> [Child.Parent]
    ) where Child.Context == Context {
        add(name, "[\(type.name)!]!", type, description, Arguments.arguments) { call, input, context in
            .list(try resolve(input, try Arguments(.of(call)), context).map(Child.wrap))
        }
    }

    /// A non-null object field whose whole subtree resolves with the context the resolver returns
    /// beside the object: how a field answers from a snapshot of its data rather than the live data.
    @inlinable public mutating func object<Child: ParentCarrier, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> (Child.Parent, in: Context)
    ) where Child.Context == Context {
        add(name, type.name + "!", type, description, Arguments.arguments) { call, input, context in
            let (child, scoped) = try resolve(input, try Arguments(.of(call)), context)
            return scoped === context ? Child.wrap(child) : .withContext(scoped, Child.wrap(child))
        }
    }

    /// A non-null object field whose arguments are declared when the schema is built (a type
    /// built from data): `decode` reads them once per call, as `FieldArguments.init` does.
    @inlinable public mutating func object<Child: ParentCarrier, Arguments>(
        _ name: String, _ type: ObjectType<Child>, _ description: String, arguments: [ArgumentSpec],
        decode: @escaping @Sendable (ArgumentValues) throws -> Arguments,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> Child.Parent
    ) where Child.Context == Context {
        add(name, type.name + "!", type, description, arguments) { call, input, context in
            Child.wrap(try resolve(input, try decode(.of(call)), context))
        }
    }

    @inlinable mutating func add<Child: ParentCarrier>(
        _ name: String, _ typeText: String, _ type: ObjectType<Child>, _ description: String, _ arguments: [ArgumentSpec],
        _ resolve: @escaping @Sendable (FieldCall, Input, Context) throws -> Resolved
    ) where Child.Context == Context {
        references.append(TypeReference(type.name, Child.self, place: "\(owner).\(name)"))
        specs.append(.init(name, typeText, description, arguments: arguments) { call in
            let (input, context) = try Carrier.read(call)
            return try resolve(call, input, context)
        })
    }
}

/// A field's claim that a named type is declared with a given carrier (or enum): checked by the
/// build, so the casts made on the way to the type's fields cannot fail.
@usableFromInline struct TypeReference {
    let name: String
    let swiftType: Any.Type
    let place: String

    @usableFromInline init<Value>(_ name: String, _ type: Value.Type, place: String) {
        self.name = name
        swiftType = type
        self.place = place
    }

    /// Whether both name the same Swift type.
    func sameType(as other: TypeReference) -> Bool {
        ObjectIdentifier(swiftType) == ObjectIdentifier(other.swiftType)
    }

    /// The Swift type as source writes it, for messages only: describing a type looks up its
    /// conformances, which made start-up slow when every field did it.
    var swiftName: String { String(describing: swiftType) }
}
