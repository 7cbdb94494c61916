/// Declares a schema whose resolvers are typed by parent, arguments and `Context`.
///
/// Each object type is an `ObjectType` value declared once with its fields; fields that return it
/// name that value, so the compiler checks every resolver's parent and result, and `build`
/// checks what the compiler cannot see across declarations: that each name is declared once,
/// with the Swift type the fields returning it produce. Underneath it is a `SchemaBuilder`, whose
/// erased resolvers the executor calls.
public struct TypedSchemaBuilder<Context: AnyObject> {
    private var untyped = SchemaBuilder()
    private var declared: [String: TypeReference] = [:]
    private var references: [TypeReference] = []

    /// An empty builder.
    public init() {}

    /// Declares `type` with the fields `declare` adds.
    public mutating func object<Parent>(
        _ type: ObjectType<Context, Parent>, _ description: String, _ declare: (inout Fields<Context, Parent>) -> Void
    ) {
        let unwrap = type.carrier.unwrap
        let name = type.name
        var fields = Fields<Context, Parent>(owner: name) { call in
            guard let context = call.context as? Context else { throw FieldError.missingContext(Context.self) }
            guard let parent = unwrap(call) else { throw FieldError("Unexpected parent value for \(name).") }
            return (parent, context)
        }
        declare(&fields)
        note(type, fields.references)
        untyped.object(name, description, fields.specs)
    }

    /// Declares `type` with fields that share what `row` reads: the executor calls it once per
    /// object, and every field receives the parent with that row (a list of twenty products
    /// looks each product up twenty times instead of two hundred and forty).
    public mutating func object<Parent: IndexedValue, Row: AnyObject & Sendable>(
        _ type: ObjectType<Context, Parent>, _ description: String, row: @escaping @Sendable (Parent, Context) throws -> Row,
        _ declare: (inout Fields<Context, WithRow<Parent, Row>>) -> Void
    ) {
        var fields = Fields<Context, WithRow<Parent, Row>>(owner: type.name) { call in
            guard let context = call.context as? Context else { throw FieldError.missingContext(Context.self) }
            let parent = Parent(index: call.index)
            // A reader that failed for the object left no row; each field reads again and reports the error.
            let read = try (call.row as? Row) ?? row(parent, context)
            return (WithRow(parent: parent, row: read), context)
        }
        declare(&fields)
        note(type, fields.references)
        untyped.object(type.name, description, row: { call in
            guard let context = call.context as? Context else { return nil }
            return try row(Parent(index: call.index), context)
        }, fields.specs)
    }

    /// Declares `type`'s values: `cases` (every case unless given) by raw value, each described by `describe`.
    public mutating func enumeration<Value: CaseIterable>(
        _ type: EnumType<Value>, _ description: String, cases: [Value]? = nil, describe: (Value) -> String
    ) {
        declared[type.name] = TypeReference(type.name, Value.self, isIndexed: false, place: type.name)
        untyped.enumeration(type.name, description, (cases ?? Array(Value.allCases)).map { ($0.rawValue, describe($0)) })
    }

    /// Declares an input object type with `fields`.
    public mutating func input(_ name: String, _ description: String, _ fields: [SchemaBuilder.ArgumentSpec]) {
        untyped.input(name, description, fields)
    }

    /// The schema with `query` and `mutation` as its root types.
    public func build<Query, Mutation>(
        query: ObjectType<Context, Query>, mutation: ObjectType<Context, Mutation>, description: String? = nil
    ) throws(SchemaError) -> Schema {
        try checkReferences()
        return try untyped.build(query: query.name, mutation: mutation.name, description: description)
    }

    /// The schema with `query` as its root type and no mutations.
    public func build<Query>(query: ObjectType<Context, Query>, description: String? = nil) throws(SchemaError) -> Schema {
        try checkReferences()
        return try untyped.build(query: query.name, description: description)
    }

    private mutating func note<Parent>(_ type: ObjectType<Context, Parent>, _ fieldReferences: [TypeReference]) {
        declared[type.name] = TypeReference(type.name, Parent.self, isIndexed: type.carrier.isIndexed, place: type.name)
        references += fieldReferences
    }

    /// Every field returning a type must hand over the Swift type that type's fields read, carried
    /// the same way; a type declared twice is reported by `SchemaBuilder.build`.
    private func checkReferences() throws(SchemaError) {
        var problems: [String] = []
        for reference in references {
            guard let declaration = declared[reference.name] else {
                problems.append("\(reference.place): type \(reference.name) is never declared")
                continue
            }
            if declaration.swiftType != reference.swiftType || declaration.isIndexed != reference.isIndexed {
                problems.append(
                    "\(reference.place) returns \(reference.swiftName) for \(reference.name), whose fields read \(declaration.swiftName)")
            }
        }
        if !problems.isEmpty { throw SchemaError(message: problems.joined(separator: "\n")) }
    }
}

extension FieldError {
    static func missingContext(_ type: Any.Type) -> FieldError {
        FieldError("The request has no \(type) context.")
    }
}
