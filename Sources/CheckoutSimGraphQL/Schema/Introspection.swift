/// Parents of the introspection types. Their fields read the schema being executed, which
/// stands where a request context stands in a shop's types: introspection needs no context.
enum SchemaParent<Parent: Sendable>: ParentCarrier {
    typealias Context = Schema

    static var readsRow: Bool { false }

    static func wrap(_ parent: Parent) -> Resolved { .object(parent) }

    static func input(_ call: FieldCall) throws -> Parent {
        guard let parent = call.parent as? Parent else { throw FieldError.unexpectedParent }
        return parent
    }

    static func withContext<Result>(_ call: FieldCall, _ body: (Schema) throws -> Result) rethrows -> Result {
        try body(call.schema)
    }
}

/// `includeDeprecated`, which the list fields of `__Type`, `__Field` and `__Directive` take.
struct IncludeDeprecated: FieldArguments {
    static let includeDeprecated = ArgumentKey<Bool>("includeDeprecated", .boolean, default: false, "Whether deprecated entries are listed too.")
    static var arguments: [ArgumentDeclaration] { [includeDeprecated.declaration] }

    /// Whether deprecated entries are listed.
    let all: Bool

    init(_ values: ArgumentValues) throws {
        all = try values[Self.includeDeprecated]
    }

    /// Whether an entry deprecated for `reason` (nil: not deprecated) is listed.
    func lists(_ reason: String?) -> Bool { all || reason == nil }
}

/// The introspection types (`__Schema`, `__Type`, …) and their resolvers over the schema model.
enum Introspection {
    static let schemaType = ObjectType<SchemaParent<Schema>>("__Schema")
    static let type = ObjectType<SchemaParent<TypeRef>>("__Type")
    static let field = ObjectType<SchemaParent<FieldDefinition>>("__Field")
    static let inputValue = ObjectType<SchemaParent<InputValueDefinition>>("__InputValue")
    static let enumValue = ObjectType<SchemaParent<EnumValueDefinition>>("__EnumValue")
    static let directive = ObjectType<SchemaParent<DirectiveDefinition>>("__Directive")
    static let typeKind = EnumType<TypeKind>("__TypeKind")
    static let directiveLocation = EnumType<DirectiveLocation>("__DirectiveLocation")
    /// `__type(name:)`'s argument.
    static let typeName = ArgumentKey<String>("name", .nonNull(.string), "The type's name.")

    /// The types, in the order introspection lists them.
    static var types: [(name: String, description: String, shape: SchemaBuilder.Pending)] {
        [
            object(schemaType, "Describes the whole schema: its types, root operation types and directives.") { fields in
                fields.field("description", type: .string, "The schema's description.") { schema, _ in schema.description }
                fields.field("types", type: .nonNull(.list(.nonNull(type))), "Every named type in the schema.") { schema, _ in schema.types.indices.map(TypeRef.named) }
                fields.field("queryType", type: .nonNull(type), "The root type of query operations.") { schema, _ in .named(schema.queryType) }
                fields.field("mutationType", type: type, "The root type of mutation operations, if any.") { schema, _ in
                    schema.mutationType.map(TypeRef.named)
                }
                fields.field("subscriptionType", type: type, "The root type of subscription operations; this schema has none.") { _, _ in
                    nil
                }
                fields.field("directives", type: .nonNull(.list(.nonNull(directive))), "The directives the schema supports.") { schema, _ in schema.directives }
            },
            object(type, "A type in the schema: a named type, or a list or non-null wrapper around another type.") { fields in
                fields.field("kind", type: .nonNull(typeKind), "What kind of type this is.") { type, schema in
                    switch type {
                    case .list: .list
                    case .nonNull: .nonNull
                    case .named(let index): schema.types[index].kind
                    }
                }
                fields.field("name", type: .string, "The name of a named type; null for wrappers.") { type, schema in
                    named(type, in: schema)?.name
                }
                fields.field("description", type: .string, "The type's description.") { type, schema in
                    named(type, in: schema).flatMap { $0.description.isEmpty ? nil : $0.description }
                }
                fields.field("specifiedByURL", type: .string, "A URL describing a custom scalar's behaviour.") { type, schema in
                    named(type, in: schema)?.specifiedByURL
                }
                fields.field("fields", type: .list(.nonNull(field)), "The fields of an object or interface type.", arguments: IncludeDeprecated.self) { type, include, schema in
                    guard let named = named(type, in: schema), named.kind == .object || named.kind == .interface else { return nil }
                    return named.fields.filter { include.lists($0.deprecationReason) }
                }
                fields.field("interfaces", type: .list(.nonNull(type)), "The interfaces an object or interface type implements.") { type, schema in
                    guard let named = named(type, in: schema), named.kind == .object || named.kind == .interface else { return nil }
                    return named.interfaces.map(TypeRef.named)
                }
                fields.field("possibleTypes", type: .list(.nonNull(type)), "The object types an interface or union may be.") { type, schema in
                    guard case .named(let index) = type, schema.types[index].isAbstract else { return nil }
                    return schema.possibleTypes[index].map(TypeRef.named)
                }
                fields.field("enumValues", type: .list(.nonNull(enumValue)), "The values of an enum type.", arguments: IncludeDeprecated.self) { type, include, schema in
                    guard let named = named(type, in: schema), named.kind == .enumeration else { return nil }
                    return named.enumValues.filter { include.lists($0.deprecationReason) }
                }
                fields.field("inputFields", type: .list(.nonNull(inputValue)), "The fields of an input object type.", arguments: IncludeDeprecated.self) { type, include, schema in
                    guard let named = named(type, in: schema), named.kind == .inputObject else { return nil }
                    return named.inputFields.filter { include.lists($0.deprecationReason) }
                }
                fields.field("ofType", type: type, "The type a list or non-null wrapper wraps.") { type, _ in
                    switch type {
                    case .list(let inner), .nonNull(let inner): inner
                    case .named: nil
                    }
                }
                fields.field("isOneOf", type: .boolean, "Whether an input object takes exactly one of its fields.") { type, schema in
                    guard let named = named(type, in: schema), named.kind == .inputObject else { return nil }
                    return named.isOneOf
                }
            },
            object(field, "A field of an object type.") { fields in
                fields.field("name", type: .nonNull(.string), "The field's name.") { field, _ in field.name }
                fields.field("description", type: .string, "The field's description.") { field, _ in field.description.isEmpty ? nil : field.description }
                fields.field("args", type: .nonNull(.list(.nonNull(inputValue))), "The field's arguments.", arguments: IncludeDeprecated.self) { field, include, _ in
                    field.arguments.filter { include.lists($0.deprecationReason) }
                }
                fields.field("type", type: .nonNull(type), "The type of the field's value.") { field, _ in field.type }
                fields.field("isDeprecated", type: .nonNull(.boolean), "Whether the field is deprecated.") { field, _ in field.deprecationReason != nil }
                fields.field("deprecationReason", type: .string, "Why the field is deprecated.") { field, _ in field.deprecationReason }
            },
            object(inputValue, "An argument or an input object field.") { fields in
                fields.field("name", type: .nonNull(.string), "The input value's name.") { value, _ in value.name }
                fields.field("description", type: .string, "The input value's description.") { value, _ in value.description.isEmpty ? nil : value.description }
                fields.field("type", type: .nonNull(type), "The input value's type.") { value, _ in value.type }
                fields.field("defaultValue", type: .string, "The default value as GraphQL source text.") { value, _ in value.defaultValueText }
                fields.field("isDeprecated", type: .nonNull(.boolean), "Whether the input value is deprecated.") { value, _ in value.deprecationReason != nil }
                fields.field("deprecationReason", type: .string, "Why the input value is deprecated.") { value, _ in value.deprecationReason }
            },
            object(enumValue, "One value of an enum type.") { fields in
                fields.field("name", type: .nonNull(.string), "The value's name.") { value, _ in value.name }
                fields.field("description", type: .string, "The value's description.") { value, _ in value.description.isEmpty ? nil : value.description }
                fields.field("isDeprecated", type: .nonNull(.boolean), "Whether the value is deprecated.") { value, _ in value.deprecationReason != nil }
                fields.field("deprecationReason", type: .string, "Why the value is deprecated.") { value, _ in value.deprecationReason }
            },
            object(directive, "A directive the executor understands, where it may appear and its arguments.") { fields in
                fields.field("name", type: .nonNull(.string), "The directive's name, without @.") { directive, _ in directive.name }
                fields.field("description", type: .string, "The directive's description.") { directive, _ in directive.description.isEmpty ? nil : directive.description }
                fields.field("isRepeatable", type: .nonNull(.boolean), "Whether it may appear more than once in one place.") { directive, _ in
                    directive.isRepeatable
                }
                fields.field("locations", type: .nonNull(.list(.nonNull(directiveLocation))), "Where the directive may appear.") { directive, _ in
                    directive.locations
                }
                fields.field("args", type: .nonNull(.list(.nonNull(inputValue))), "The directive's arguments.", arguments: IncludeDeprecated.self) { directive, include, _ in
                    directive.arguments.filter { include.lists($0.deprecationReason) }
                }
            },
            (typeKind.name, "The kinds of type that introspection reports.", .enumeration(TypeKind.allCases.map { kind in
                EnumValueDefinition(name: kind.rawValue, description: describe(kind), deprecationReason: nil)
            })),
            (directiveLocation.name, "The places in a document or schema where a directive may appear.", .enumeration(
                DirectiveLocation.allCases.map { location in
                    EnumValueDefinition(name: location.rawValue, description: "The \(location.rawValue) location.", deprecationReason: nil)
                })),
        ]
    }

    private static func object<Parent>(
        _ type: ObjectType<SchemaParent<Parent>>, _ description: String, _ declare: (inout Fields<SchemaParent<Parent>>) -> Void
    ) -> (name: String, description: String, shape: SchemaBuilder.Pending) {
        var fields = Fields<SchemaParent<Parent>>(owner: type.name)
        declare(&fields)
        return (type.name, description, .object(fields.specs))
    }

    private static func named(_ type: TypeRef, in schema: Schema) -> NamedType? {
        guard case .named(let index) = type else { return nil }
        return schema.types[index]
    }

    private static func describe(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: "A scalar."
        case .object: "An object type."
        case .interface: "An interface."
        case .union: "A union."
        case .enumeration: "An enum."
        case .inputObject: "An input object type."
        case .list: "A list wrapper."
        case .nonNull: "A non-null wrapper."
        }
    }
}

extension Schema {
    /// The fields every type has implicitly: `__typename`, and on the query root `__schema` and `__type`.
    func metaField(_ name: String, on owner: Int) -> FieldDefinition? {
        guard let string = typeIndex["String"], let typeType = typeIndex["__Type"] else { return nil }
        switch name {
        case "__typename":
            return FieldDefinition(
                name: "__typename", description: "The name of the object's type.", type: .nonNull(.named(string)),
                arguments: [], deprecationReason: nil, resolver: nil)
        case "__schema" where owner == queryType:
            guard let schemaType = typeIndex["__Schema"] else { return nil }
            return FieldDefinition(
                name: "__schema", description: "Access the current type schema of this server.",
                type: .nonNull(.named(schemaType)), arguments: [], deprecationReason: nil,
                resolver: .general { call in SchemaParent<Schema>.wrap(call.schema) })
        case "__type" where owner == queryType:
            let nameArgument = InputValueDefinition(
                name: "name", description: "The type's name.", type: .nonNull(.named(string)), defaultValue: nil,
                defaultValueText: nil)
            return FieldDefinition(
                name: "__type", description: "Request the type information of a single type.", type: .named(typeType),
                arguments: [nameArgument], deprecationReason: nil,
                resolver: .general { call in
                    let name = try ArgumentValues(call.arguments, definitions: [nameArgument], schema: call.schema)[Introspection.typeName]
                    return call.schema.typeIndex[name].map { SchemaParent<TypeRef>.wrap(.named($0)) } ?? .null
                })
        default:
            return nil
        }
    }

    /// The field `name` of object type `typeIndex`, including the implicit meta fields.
    package func field(_ name: String, on owner: Int) -> FieldDefinition? {
        field(name, hash: Name.hash(name), on: owner)
    }

    /// The field a document names on object type `owner`, found by the hash the lexer worked out.
    package func field(_ name: Name, on owner: Int) -> FieldDefinition? {
        field(name.value, hash: name.hash, on: owner)
    }

    private func field(_ name: String, hash: UInt64, on owner: Int) -> FieldDefinition? {
        guard fieldsByName.indices.contains(owner) else { return nil }
        // The type's map is searched where it lies: subscripting the array copied the map out,
        // retaining and releasing its two lists for every field a document names (Benchmarks/NOTES.md, issue 43).
        let found = fieldsByName.withUnsafeBufferPointer { maps in
            maps[owner].position(of: name, hash: hash).map { maps[owner][$0] }
        }
        if let found { return found }
        // Schema fields never start with "__" (the builder rejects them), so only a miss can be a meta field.
        return name.hasPrefix("__") ? metaField(name, on: owner) : nil
    }
}
