/// The fields of one object type as it is declared: each resolver takes the parent (`Input`),
/// its arguments when it has any, and the request's `Context`, and returns a Swift value the
/// field's GraphQL type stands for.
///
/// Leaves name their GraphQL type as source text (`"String!"`), which the schema build checks
/// against the resolver's kind; objects and enums are named by their typed declarations.
public struct Fields<Context: AnyObject, Input: Sendable> {
    typealias Read = @Sendable (FieldCall) throws -> (Input, Context)

    let owner: String
    let read: Read
    var specs: [SchemaBuilder.FieldSpec] = []
    var references: [TypeReference] = []

    init(owner: String, read: @escaping Read) {
        self.owner = owner
        self.read = read
    }

    // MARK: Leaves

    /// A `String` or `ID` field; nil means null.
    public mutating func string(
        _ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> String?
    ) {
        let read = read
        specs.append(.init(name, type, description, string: { call in
            let (input, context) = try read(call)
            return try resolve(input, context)
        }))
    }

    /// A `String` or `ID` field whose text is made on the fly: the resolver hands its UTF-8 bytes
    /// to the writer it is given, which copies them into the response (not calling it means null).
    public mutating func utf8(
        _ name: String, _ type: String, _ description: String,
        _ resolve: @escaping @Sendable (Input, Context, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void
    ) {
        let read = read
        specs.append(.init(name, type, description, utf8: { call, write in
            let (input, context) = try read(call)
            try resolve(input, context, write)
        }))
    }

    /// An `Int` field; nil means null.
    public mutating func int(_ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Int?) {
        let read = read
        specs.append(.init(name, type, description, int: { call in
            let (input, context) = try read(call)
            return try resolve(input, context)
        }))
    }

    /// A `Boolean` field; nil means null.
    public mutating func bool(_ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Bool?) {
        let read = read
        specs.append(.init(name, type, description, bool: { call in
            let (input, context) = try read(call)
            return try resolve(input, context)
        }))
    }

    /// A non-null enum field.
    public mutating func enumeration<Value>(
        _ name: String, _ type: EnumType<Value>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Value
    ) {
        let read = read
        references.append(TypeReference(type.name, Value.self, isIndexed: false, place: "\(owner).\(name)"))
        specs.append(.init(name, type.name + "!", description, string: { call in
            let (input, context) = try read(call)
            return try resolve(input, context).rawValue
        }))
    }

    /// A list of `String` or `ID` values (`"[String!]!"`, `"[String!]"`); nil means null.
    public mutating func strings(
        _ name: String, _ type: String, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> [String]?
    ) {
        let read = read
        specs.append(.init(name, type, description) { call in
            let (input, context) = try read(call)
            return try resolve(input, context).map { .list($0.map(Resolved.string)) } ?? .null
        })
    }

    // MARK: Objects

    /// A non-null object field (`"Cart!"`).
    public mutating func object<Child>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Child
    ) {
        object(name, type, description, arguments: NoArguments.self) { input, _, context in try resolve(input, context) }
    }

    /// A non-null object field with arguments.
    public mutating func object<Child, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> Child
    ) {
        let wrap = type.carrier.wrap
        add(name, type.name + "!", type, description, Arguments.self) { values, input, context in
            wrap(try resolve(input, try Arguments(values), context))
        }
    }

    /// A non-null object field whose resolver may find nothing: nil is reported as any null in a
    /// non-null field is (an error, and null in the nearest nullable parent), as graphql-js does.
    public mutating func objectOrError<Child>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String,
        _ resolve: @escaping @Sendable (Input, Context) throws -> Child?
    ) {
        let wrap = type.carrier.wrap
        add(name, type.name + "!", type, description, NoArguments.self) { _, input, context in
            try resolve(input, context).map(wrap) ?? .null
        }
    }

    /// A nullable object field (`"Offer"`); nil means null.
    public mutating func optionalObject<Child>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> Child?
    ) {
        optionalObject(name, type, description, arguments: NoArguments.self) { input, _, context in try resolve(input, context) }
    }

    /// A nullable object field with arguments.
    public mutating func optionalObject<Child, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> Child?
    ) {
        let wrap = type.carrier.wrap
        add(name, type.name, type, description, Arguments.self) { values, input, context in
            try resolve(input, try Arguments(values), context).map(wrap) ?? .null
        }
    }

    /// A non-null list of non-null objects (`"[CartLine!]!"`).
    public mutating func list<Child>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String, _ resolve: @escaping @Sendable (Input, Context) throws -> [Child]
    ) {
        list(name, type, description, arguments: NoArguments.self) { input, _, context in try resolve(input, context) }
    }

    /// A non-null list of non-null objects, with arguments.
    public mutating func list<Child, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> [Child]
    ) {
        let wrap = type.carrier.wrap
        add(name, "[\(type.name)!]!", type, description, Arguments.self) { values, input, context in
            .list(try resolve(input, try Arguments(values), context).map(wrap))
        }
    }

    /// A non-null object field whose whole subtree resolves with the context the resolver returns
    /// beside the object: how a field answers from a snapshot of its data rather than the live data.
    public mutating func object<Child, Arguments: FieldArguments>(
        _ name: String, _ type: ObjectType<Context, Child>, _ description: String, arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> (Child, in: Context)
    ) {
        let wrap = type.carrier.wrap
        add(name, type.name + "!", type, description, Arguments.self) { values, input, context in
            let (child, scoped) = try resolve(input, try Arguments(values), context)
            return scoped === context ? wrap(child) : .withContext(scoped, wrap(child))
        }
    }

    private mutating func add<Child, Arguments: FieldArguments>(
        _ name: String, _ typeText: String, _ type: ObjectType<Context, Child>, _ description: String, _ arguments: Arguments.Type,
        _ resolve: @escaping @Sendable (ArgumentValues, Input, Context) throws -> Resolved
    ) {
        let read = read
        let owner = owner
        references.append(TypeReference(type.name, Child.self, isIndexed: type.carrier.isIndexed, place: "\(owner).\(name)"))
        let declared = Arguments.arguments
        specs.append(.init(name, typeText, description, arguments: declared) { call in
            let (input, context) = try read(call)
            let definitions = declared.isEmpty ? [] : call.schema.type(named: owner)?.field(named: name)?.arguments ?? []
            return try resolve(ArgumentValues(call.arguments, definitions: definitions, schema: call.schema), input, context)
        })
    }
}

/// The arguments of a field that takes none.
public struct NoArguments: FieldArguments {
    public static var arguments: [SchemaBuilder.ArgumentSpec] { [] }
    public init(_ values: ArgumentValues) {}
}

/// A field's claim that a named type is declared with a given Swift type: checked by the build,
/// so the casts the executor makes on the way to the type's fields cannot fail.
struct TypeReference {
    let name: String
    let swiftType: ObjectIdentifier
    let swiftName: String
    let isIndexed: Bool
    let place: String

    init<Value>(_ name: String, _ type: Value.Type, isIndexed: Bool, place: String) {
        self.name = name
        swiftType = ObjectIdentifier(type)
        swiftName = String(describing: type)
        self.isIndexed = isIndexed
        self.place = place
    }
}
