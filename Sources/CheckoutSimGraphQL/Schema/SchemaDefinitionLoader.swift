/// Builds a schema at run time from its SDL text (a schema served as data, such as Shopify's
/// Storefront schema), with resolvers a dialect supplies field by field.
///
/// The SDL's types, directives and root types are kept in their order; `@deprecated`, `@oneOf`
/// and `@specifiedBy` are read; built-in scalars and directives the text does not declare are
/// added, as graphql-js's `buildSchema` adds them. Custom scalars accept any value and write
/// what their resolvers give.
package enum SchemaDefinitionLoader {
    /// Where a field is declared, for the resolver callback.
    package struct FieldSite {
        /// The object or interface type declaring it.
        package let typeName: String
        package let fieldName: String
        /// Its type as written (`[Product!]!`).
        package let type: TypeNode
    }

    /// The schema `text` declares; `resolver` gives each object and interface field its
    /// resolution (nil: none, an error when the field is executed). Syntax and schema errors are
    /// reported with their line and column, every schema problem at once.
    package static func build(_ text: String, resolver: (FieldSite) -> FieldResolution?) throws(SchemaError) -> Schema {
        try build(parse(text), contextType: nil, resolver: resolver)
    }

    /// The definitions `text` holds; syntax errors are reported with their line and column.
    package static func parse(_ text: String) throws(SchemaError) -> SchemaDefinitions {
        do {
            return try Parser.parseSchemaDefinitions(text)
        } catch {
            let place = error.locations.first.map { "\($0.line):\($0.column): " } ?? ""
            throw SchemaError(message: place + error.message)
        }
    }

    /// The schema `definitions` declare. With a `contextType`, the executor refuses a request
    /// whose context is of any other class, so resolvers may read it with `FieldCall.withContext(as:_:)`.
    /// `introspectsOneOf: false` leaves `__Type.isOneOf` out, as servers before graphql-js 16.9 did.
    /// `rows` gives an object type, by name, what it reads once per object: the JSON text of its
    /// `.leaf` fields (`ObjectRow(leaves:)`; nil texts: those fields run their fallback resolvers).
    /// `cost` prices each field before a request runs (docs/limits.md#the-cost-rule).
    package static func build(
        _ definitions: SchemaDefinitions, contextType: AnyObject.Type?, introspectsOneOf: Bool = true,
        rows: (String) -> RowReading? = { _ in nil }, cost: CostRule? = nil, resolver: (FieldSite) -> FieldResolution?
    ) throws(SchemaError) -> Schema {
        var builder = SchemaBuilder()
        builder.costRule = cost
        builder.introspectsOneOf = introspectsOneOf
        builder.contextType = contextType.map(ObjectIdentifier.init)
        builder.requiresDescriptions = false
        builder.declaresOneOf = true
        func arguments(_ values: [SchemaDefinitions.InputValue]) -> [ArgumentDeclaration] {
            values.map { value in
                var declaration = ArgumentDeclaration(value.name.value, value.type.description, value.description, default: value.defaultValue)
                declaration.deprecationReason = value.deprecationReason
                return declaration
            }
        }
        func fields(_ fields: [SchemaDefinitions.Field], of owner: String) -> [SchemaBuilder.FieldSpec] {
            fields.map { field in
                let site = FieldSite(typeName: owner, fieldName: field.name.value, type: field.type)
                var spec = SchemaBuilder.FieldSpec(
                    field.name.value, field.type.description, field.description, arguments: arguments(field.arguments),
                    kind: resolver(site)?.kind)
                spec.deprecationReason = field.deprecationReason
                return spec
            }
        }
        for type in definitions.types {
            let name = type.name.value
            switch type.shape {
            case .scalar(let url):
                builder.declare(name, type.description, .scalar(Self.builtInScalar(name) ?? .custom))
                if let url { builder.specifiedBy[name] = url }
            case .object(let interfaces, let list):
                if let reading = rows(name) {
                    builder.object(name, type.description, row: reading.read, fields(list, of: name))
                } else {
                    builder.declare(name, type.description, .object(fields(list, of: name)))
                }
                builder.interfaces[name] = interfaces.map(\.value)
            case .interface(let interfaces, let list):
                builder.declare(name, type.description, .interface(fields(list, of: name)))
                builder.interfaces[name] = interfaces.map(\.value)
            case .union(let members):
                builder.declare(name, type.description, .union(members.map(\.value)))
            case .enumeration(let values):
                builder.declare(name, type.description, .enumeration(values.map {
                    EnumValueDefinition(name: $0.name.value, description: $0.description, deprecationReason: $0.deprecationReason)
                }))
            case .inputObject(let list, let isOneOf):
                builder.declare(name, type.description, .inputObject(arguments(list)))
                if isOneOf { builder.oneOf.insert(name) }
            }
        }
        builder.declaredDirectives = definitions.directives.map { directive in
            SchemaBuilder.PendingDirective(
                name: directive.name.value, description: directive.description, locations: directive.locations,
                arguments: arguments(directive.arguments), isRepeatable: directive.isRepeatable)
        }
        let query = definitions.roots.first { $0.operation == "query" }?.type.value ?? "Query"
        let declaredMutation = definitions.roots.first { $0.operation == "mutation" }?.type.value
        let mutation = declaredMutation ?? (definitions.types.contains { $0.name.value == "Mutation" } ? "Mutation" : nil)
        return try builder.build(query: query, mutation: mutation, description: definitions.description)
    }

    private static func builtInScalar(_ name: String) -> ScalarKind? {
        switch name {
        case "Int": .int
        case "Float": .float
        case "String": .string
        case "Boolean": .boolean
        case "ID": .id
        default: nil
        }
    }
}

extension FieldResolution {
    /// A field resolved generally: objects (`.typed` for an interface or union), lists, leaves or null.
    package static func general(_ body: @escaping @Sendable (FieldCall) throws -> Resolved) -> FieldResolution {
        FieldResolution(.general(body))
    }

    /// A `String`, `ID`, enum or custom scalar field written as a JSON string; nil writes null.
    package static func text(_ body: @escaping @Sendable (FieldCall) throws -> String?) -> FieldResolution {
        FieldResolution(.string(body))
    }

    /// A `String`, `ID` or custom scalar field written from slot `slot` of its object's leaf
    /// texts (the type's `rows` reader in `build`), or by `fallback` for an object without them.
    /// The texts must be what `fallback` would answer, written as JSON.
    package static func leaf(_ slot: Int, fallback: @escaping @Sendable (FieldCall) throws -> String?) -> FieldResolution {
        FieldResolution(.leaf(slot, fallback: fallback))
    }

    /// An `Int` field; nil writes null.
    package static func integer(_ body: @escaping @Sendable (FieldCall) throws -> Int?) -> FieldResolution {
        FieldResolution(.int(body))
    }

    /// A `Boolean` field; nil writes null.
    package static func boolean(_ body: @escaping @Sendable (FieldCall) throws -> Bool?) -> FieldResolution {
        FieldResolution(.bool(body))
    }
}

extension FieldCall {
    /// The parent object as its field resolved it.
    package var parentValue: Any { parent }
    /// The parent's integer when it resolved as `.integer`; -1 otherwise.
    @inlinable package var parentInteger: Int { integer }
    /// The field's arguments, coerced, defaults filled in.
    package var argumentValues: JSONObject { arguments }
    /// The request's context.
    package var requestContext: AnyObject? { context }
    /// The schema being executed (for type indices a resolver hands `.typed`).
    package var executedSchema: Schema { schema }
}
