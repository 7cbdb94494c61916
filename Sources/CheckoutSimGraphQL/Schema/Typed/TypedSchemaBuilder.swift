/// Declares a schema whose resolvers are typed by parent, arguments and `Context`.
///
/// Each object type is an `ObjectType` value, named with how its parents travel, declared once with its fields; fields that return it
/// name that value, so the compiler checks every resolver's parent and result, and `build`
/// checks what the compiler cannot see across declarations: that each name is declared once,
/// with the Swift type the fields returning it produce. Underneath it is a `SchemaBuilder`, whose
/// erased resolvers the executor calls.
public struct TypedSchemaBuilder<Context: AnyObject> {
    @usableFromInline var untyped = SchemaBuilder()
    @usableFromInline var declared: [String: TypeReference] = [:]
    @usableFromInline var references: [TypeReference] = []
    @usableFromInline var rowMismatches: [String] = []

    /// An empty builder.
    public init() {
        untyped.contextType = ObjectIdentifier(Context.self)
    }

    /// Declares `type` with the fields `declare` adds.
    @inlinable public mutating func object<Carrier: ParentCarrier>(
        _ type: ObjectType<Carrier>, _ description: String, _ declare: (inout Fields<Carrier>) -> Void
    ) where Carrier.Context == Context {
        var fields = Fields<Carrier>(owner: type.name)
        declare(&fields)
        note(type, fields.references, hasRow: false)
        untyped.object(type.name, description, fields.specs)
    }

    /// Declares `type` with fields that share what `row` reads: the executor calls it once per
    /// object, and every field receives the parent with that row (a list of twenty products
    /// looks each product up twenty times instead of two hundred and forty).
    @inlinable public mutating func object<Parent: IntegerBacked, Row: AnyObject & Sendable>(
        _ type: ObjectType<RowParent<Context, Parent, Row>>, _ description: String,
        row: @escaping @Sendable (Parent, Context) throws -> Row, _ declare: (inout Fields<RowParent<Context, Parent, Row>>) -> Void
    ) {
        rowObject(type, description, declare) { call in
            let read = try call.withContext(as: Context.self) { try row(Parent(integer: call.integer), $0) }
            return ObjectRow(read, leaves: nil)
        }
    }

    /// The same for a row that keeps the JSON text of its object's unchanging leaves: fields
    /// declared with a `LeafSlot` are written from those texts.
    @inlinable public mutating func object<Parent: IntegerBacked, Row: LeafRow>(
        _ type: ObjectType<RowParent<Context, Parent, Row>>, _ description: String,
        row: @escaping @Sendable (Parent, Context) throws -> Row, _ declare: (inout Fields<RowParent<Context, Parent, Row>>) -> Void
    ) {
        rowObject(type, description, declare) { call in
            let read = try call.withContext(as: Context.self) { try row(Parent(integer: call.integer), $0) }
            return ObjectRow(read, leaves: read.leaves.view)
        }
    }

    /// The same for rows its binding keeps, handed over unretained: no reference is counted per
    /// object (a retain and a release on a row each server loop reads were atomic counts on a
    /// shared cache line; Benchmarks/NOTES.md, issue 43). The binding promises what the executor
    /// relies on: a row `keptRow` returns stays alive until the request's context is released
    /// (`ShopRows` retires a row it drops until no request reads the shop).
    @inlinable public mutating func object<Parent: IntegerBacked, Row: LeafRow>(
        _ type: ObjectType<RowParent<Context, Parent, Row>>, _ description: String,
        keptRow: @escaping @Sendable (Parent, Context) throws -> Unmanaged<Row>, _ declare: (inout Fields<RowParent<Context, Parent, Row>>) -> Void
    ) {
        rowObject(type, description, declare) { call in
            let read = try call.withContext(as: Context.self) { try keptRow(Parent(integer: call.integer), $0) }
            return ObjectRow(kept: Unmanaged<AnyObject>.fromOpaque(read.toOpaque()), leaves: read._withUnsafeGuaranteedRef { $0.leaves.view })
        }
    }

    /// Declares a row type's fields and hands the schema `read`, the reader the executor calls once per object.
    @inlinable mutating func rowObject<Parent: IntegerBacked, Row: AnyObject & Sendable>(
        _ type: ObjectType<RowParent<Context, Parent, Row>>, _ description: String,
        _ declare: (inout Fields<RowParent<Context, Parent, Row>>) -> Void, read: @escaping RowReader
    ) {
        var fields = Fields<RowParent<Context, Parent, Row>>(owner: type.name)
        declare(&fields)
        note(type, fields.references, hasRow: true)
        untyped.object(type.name, description, row: read, fields.specs)
    }

    /// Declares `type`'s values: `cases` (every case unless given) by raw value, each described by `describe`.
    public mutating func enumeration<Case: CaseIterable>(
        _ type: EnumType<Case>, _ description: String, cases: [Case]? = nil, describe: (Case) -> String
    ) {
        declared[type.name] = TypeReference(type.name, Case.self, place: type.name)
        untyped.enumeration(type.name, description, (cases ?? Array(Case.allCases)).map { ($0.rawValue, describe($0)) })
    }

    /// Declares an input object type with `fields` (each an `ArgumentKey`'s declaration).
    public mutating func input(_ type: InputObjectType, _ description: String, _ fields: [ArgumentDeclaration]) {
        untyped.input(type.name, description, fields)
    }

    /// The schema with `query` and `mutation` as its root types.
    /// Declares what each field costs from its parent type's name, its coerced arguments and the
    /// request's context: its own work and how many times its selections are written
    /// (`FieldPrice`). Before anything of a request runs, its fields' costs are added up through
    /// every level (fragments expanded, `@skip`/`@include` applied, a field's selections
    /// multiplied by its `times`); a total over `RequestLimits.maxCost` is refused with
    /// `REQUEST_TOO_COMPLEX` (docs/limits.md#the-cost-rule). Scalar and enum fields cost nothing
    /// and are not asked.
    public mutating func costFields(_ cost: @escaping @Sendable (_ type: String, _ field: String, _ arguments: JSONObject, _ context: Context) -> FieldPrice) {
        untyped.costRule = CostRule(price: { type, field, arguments, _, context in
            // The executor refuses a context of any other class before it costs anything (a cast
            // here went through the runtime's generic path for every request).
            guard let context else { return FieldPrice() }
            return cost(type, field, arguments, unsafeDowncast(context, to: Context.self))
        })
    }

    /// Declares `@defer(if:label:)` on fragments: the server then answers deferred fragments in
    /// parts when the client accepts them (docs/apollo.md#defer).
    public mutating func declareDefer() {
        untyped.declaresDefer = true
    }

    public func build<Query: ParentCarrier, Mutation: ParentCarrier>(
        query: ObjectType<Query>, mutation: ObjectType<Mutation>, description: String? = nil
    ) throws(SchemaError) -> Schema {
        try checkReferences()
        return try untyped.build(query: query.name, mutation: mutation.name, description: description)
    }

    /// The schema with `query` as its root type and no mutations.
    public func build<Query: ParentCarrier>(query: ObjectType<Query>, description: String? = nil) throws(SchemaError) -> Schema {
        try checkReferences()
        return try untyped.build(query: query.name, description: description)
    }

    /// Records the declaration; a type whose carrier reads a row must be declared with its reader.
    @usableFromInline mutating func note<Carrier: ParentCarrier>(_ type: ObjectType<Carrier>, _ fieldReferences: [TypeReference], hasRow: Bool) {
        declared[type.name] = TypeReference(type.name, Carrier.self, place: type.name)
        if Carrier.readsRow != hasRow { rowMismatches.append(type.name) }
        references += fieldReferences
    }

    /// Every field returning a type must hand over the Swift type that type's fields read, carried
    /// the same way; a type declared twice is reported by `SchemaBuilder.build`.
    private func checkReferences() throws(SchemaError) {
        var problems = rowMismatches.map { "type \($0): a RowParent type needs a row reader, and only it may have one" }
        for reference in references {
            guard let declaration = declared[reference.name] else {
                problems.append("\(reference.place): type \(reference.name) is never declared")
                continue
            }
            if !declaration.sameType(as: reference) {
                problems.append(
                    "\(reference.place) returns \(reference.name) as \(reference.swiftName), but it is declared as \(declaration.swiftName)")
            }
        }
        if !problems.isEmpty { throw SchemaError(message: problems.joined(separator: "\n")) }
    }
}
