/// The introspection types (`__Schema`, `__Type`, …) and their resolvers over the schema model.
extension SchemaBuilder {
    private typealias F = FieldSpec
    private typealias A = ArgumentSpec

    static var introspectionTypes: [(name: String, description: String, shape: Pending)] {
        let includeDeprecated = A("includeDeprecated", "Boolean", "Whether deprecated entries are listed too.", default: "false")
        return [
            ("__Schema", "Describes the whole schema: its types, root operation types and directives.", .object([
                F("description", "String", "The schema's description.") { .optional($0.schema.description) },
                F("types", "[__Type!]!", "Every named type in the schema.") { call in
                    .list(call.schema.types.indices.map { .object(TypeRef.named($0)) })
                },
                F("queryType", "__Type!", "The root type of query operations.") { .object(TypeRef.named($0.schema.queryType)) },
                F("mutationType", "__Type", "The root type of mutation operations, if any.") { call in
                    call.schema.mutationType.map { .object(TypeRef.named($0)) } ?? .null
                },
                F("subscriptionType", "__Type", "The root type of subscription operations; this schema has none.") { _ in .null },
                F("directives", "[__Directive!]!", "The directives the schema supports.") { call in
                    .list(call.schema.directives.map { .object($0) })
                },
            ])),
            ("__Type", "A type in the schema: a named type, or a list or non-null wrapper around another type.", .object([
                F("kind", "__TypeKind!", "What kind of type this is.") { call in
                    .string(kind(of: call).rawValue)
                },
                F("name", "String", "The name of a named type; null for wrappers.") { call in
                    guard case .named(let index)? = call.parent as? TypeRef else { return .null }
                    return .string(call.schema.types[index].name)
                },
                F("description", "String", "The type's description.") { call in
                    guard case .named(let index)? = call.parent as? TypeRef else { return .null }
                    return .string(call.schema.types[index].description)
                },
                F("specifiedByURL", "String", "A URL describing a custom scalar's behaviour.") { _ in .null },
                F("fields", "[__Field!]", "The fields of an object type.", arguments: [includeDeprecated]) { call in
                    guard let type = named(call), type.kind == .object else { return .null }
                    let all = call.arguments["includeDeprecated"]?.boolValue ?? false
                    return .list(type.fields.filter { all || $0.deprecationReason == nil }.map { .object($0) })
                },
                F("interfaces", "[__Type!]", "The interfaces an object type implements.") { call in
                    named(call)?.kind == .object ? .list([]) : .null
                },
                F("possibleTypes", "[__Type!]", "The possible types of an abstract type.") { _ in .null },
                F("enumValues", "[__EnumValue!]", "The values of an enum type.", arguments: [includeDeprecated]) { call in
                    guard let type = named(call), type.kind == .enumeration else { return .null }
                    let all = call.arguments["includeDeprecated"]?.boolValue ?? false
                    return .list(type.enumValues.filter { all || $0.deprecationReason == nil }.map { .object($0) })
                },
                F("inputFields", "[__InputValue!]", "The fields of an input object type.", arguments: [includeDeprecated]) { call in
                    guard let type = named(call), type.kind == .inputObject else { return .null }
                    return .list(type.inputFields.map { .object($0) })
                },
                F("ofType", "__Type", "The type a list or non-null wrapper wraps.") { call in
                    switch call.parent as? TypeRef {
                    case .list(let inner)?, .nonNull(let inner)?: .object(inner)
                    default: .null
                    }
                },
            ])),
            ("__Field", "A field of an object type.", .object([
                F("name", "String!", "The field's name.") { call in .optional((call.parent as? FieldDefinition)?.name) },
                F("description", "String", "The field's description.") { call in
                    .optional((call.parent as? FieldDefinition)?.description)
                },
                F("args", "[__InputValue!]!", "The field's arguments.", arguments: [includeDeprecated]) { call in
                    .list(((call.parent as? FieldDefinition)?.arguments ?? []).map { .object($0) })
                },
                F("type", "__Type!", "The type of the field's value.") { call in
                    (call.parent as? FieldDefinition).map { .object($0.type) } ?? .null
                },
                F("isDeprecated", "Boolean!", "Whether the field is deprecated.") { call in
                    .bool((call.parent as? FieldDefinition)?.deprecationReason != nil)
                },
                F("deprecationReason", "String", "Why the field is deprecated.") { call in
                    .optional((call.parent as? FieldDefinition)?.deprecationReason)
                },
            ])),
            ("__InputValue", "An argument or an input object field.", .object([
                F("name", "String!", "The input value's name.") { call in .optional((call.parent as? InputValueDefinition)?.name) },
                F("description", "String", "The input value's description.") { call in
                    .optional((call.parent as? InputValueDefinition)?.description)
                },
                F("type", "__Type!", "The input value's type.") { call in
                    (call.parent as? InputValueDefinition).map { .object($0.type) } ?? .null
                },
                F("defaultValue", "String", "The default value as GraphQL source text.") { call in
                    .optional((call.parent as? InputValueDefinition)?.defaultValueText)
                },
                F("isDeprecated", "Boolean!", "Whether the input value is deprecated; never here.") { _ in .bool(false) },
                F("deprecationReason", "String", "Why the input value is deprecated.") { _ in .null },
            ])),
            ("__EnumValue", "One value of an enum type.", .object([
                F("name", "String!", "The value's name.") { call in .optional((call.parent as? EnumValueDefinition)?.name) },
                F("description", "String", "The value's description.") { call in
                    .optional((call.parent as? EnumValueDefinition)?.description)
                },
                F("isDeprecated", "Boolean!", "Whether the value is deprecated.") { call in
                    .bool((call.parent as? EnumValueDefinition)?.deprecationReason != nil)
                },
                F("deprecationReason", "String", "Why the value is deprecated.") { call in
                    .optional((call.parent as? EnumValueDefinition)?.deprecationReason)
                },
            ])),
            ("__Directive", "A directive the executor understands, where it may appear and its arguments.", .object([
                F("name", "String!", "The directive's name, without @.") { call in
                    .optional((call.parent as? DirectiveDefinition)?.name)
                },
                F("description", "String", "The directive's description.") { call in
                    .optional((call.parent as? DirectiveDefinition)?.description)
                },
                F("isRepeatable", "Boolean!", "Whether it may appear more than once in one place.") { call in
                    .bool((call.parent as? DirectiveDefinition)?.isRepeatable ?? false)
                },
                F("locations", "[__DirectiveLocation!]!", "Where the directive may appear.") { call in
                    .list(((call.parent as? DirectiveDefinition)?.locations ?? []).map { .string($0) })
                },
                F("args", "[__InputValue!]!", "The directive's arguments.", arguments: [includeDeprecated]) { call in
                    .list(((call.parent as? DirectiveDefinition)?.arguments ?? []).map { .object($0) })
                },
            ])),
            ("__TypeKind", "The kinds of type that introspection reports.", .enumeration(
                [("SCALAR", "A scalar."), ("OBJECT", "An object type."), ("INTERFACE", "An interface."),
                 ("UNION", "A union."), ("ENUM", "An enum."), ("INPUT_OBJECT", "An input object type."),
                 ("LIST", "A list wrapper."), ("NON_NULL", "A non-null wrapper.")]
                    .map { EnumValueDefinition(name: $0.0, description: $0.1, deprecationReason: nil) })),
            ("__DirectiveLocation", "The places in a document or schema where a directive may appear.", .enumeration(
                ["QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD", "INLINE_FRAGMENT",
                 "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT", "FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE",
                 "UNION", "ENUM", "ENUM_VALUE", "INPUT_OBJECT", "INPUT_FIELD_DEFINITION"]
                    .map { EnumValueDefinition(name: $0, description: "The \($0) location.", deprecationReason: nil) })),
        ]
    }

    private static func named(_ call: FieldCall) -> NamedType? {
        guard case .named(let index)? = call.parent as? TypeRef else { return nil }
        return call.schema.types[index]
    }

    private static func kind(of call: FieldCall) -> TypeKind {
        switch call.parent as? TypeRef {
        case .list?: .list
        case .nonNull?: .nonNull
        case .named(let index)?: call.schema.types[index].kind
        case nil: .scalar
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
                resolver: .general { call in .object(call.schema) })
        case "__type" where owner == queryType:
            let nameArgument = InputValueDefinition(
                name: "name", description: "The type's name.", type: .nonNull(.named(string)), defaultValue: nil,
                defaultValueText: nil)
            return FieldDefinition(
                name: "__type", description: "Request the type information of a single type.", type: .named(typeType),
                arguments: [nameArgument], deprecationReason: nil,
                resolver: .general { call in
                    guard let name = call.arguments["name"]?.stringValue, let index = call.schema.typeIndex[name] else {
                        return .null
                    }
                    return .object(TypeRef.named(index))
                })
        default:
            return nil
        }
    }

    /// The field `name` of object type `typeIndex`, including the implicit meta fields.
    public func field(_ name: String, on owner: Int) -> FieldDefinition? {
        guard fieldNames.indices.contains(owner) else { return nil }
        if let index = fieldNames[owner].index(of: name) { return fieldLists[owner][index] }
        // Schema fields never start with "__" (the builder rejects them), so only a miss can be a meta field.
        return name.hasPrefix("__") ? metaField(name, on: owner) : nil
    }
}
