import Foundation

/// Declares a schema with type names written as GraphQL source (`"[Product!]!"`) and erased
/// resolvers: the executor's side of `TypedSchemaBuilder`, internal so that every resolver a
/// user writes is typed by parent, arguments and context.
///
/// Names are resolved to indices by `build`, which reports every unknown name, duplicate and
/// missing description at once.
@usableFromInline struct SchemaBuilder {
    /// A field as the builder takes it: name, type as GraphQL writes it, description, arguments
    /// and how it resolves.
    @usableFromInline struct FieldSpec {
        let name: String
        let type: String
        let description: String
        let arguments: [ArgumentDeclaration]
        let resolver: ResolverKind?
        var deprecationReason: String?

        /// A field resolved by `kind`.
        @usableFromInline init(
            _ name: String, _ type: String, _ description: String, arguments: [ArgumentDeclaration], kind: ResolverKind?
        ) {
            self.name = name
            self.type = type
            self.description = description
            self.arguments = arguments
            self.resolver = kind
        }
    }

    enum Pending {
        case scalar(ScalarKind)
        case object([FieldSpec])
        case interface([FieldSpec])
        /// The member types' names.
        case union([String])
        case enumeration([EnumValueDefinition])
        case inputObject([ArgumentDeclaration])
    }

    /// A directive a schema read from SDL declares.
    struct PendingDirective {
        let name: String
        let description: String
        let locations: [DirectiveLocation]
        let arguments: [ArgumentDeclaration]
        let isRepeatable: Bool
    }

    private var pending: [(name: String, description: String, shape: Pending)] = []
    private var rowReaders: [String: RowReading] = [:]
    /// The interfaces each object or interface type implements, by name.
    var interfaces: [String: [String]] = [:]
    /// The input types declared `@oneOf`.
    var oneOf: Set<String> = []
    /// Each custom scalar's `@specifiedBy` URL.
    var specifiedBy: [String: String] = [:]
    /// Directives declared besides the built-in ones, which follow them.
    var declaredDirectives: [PendingDirective] = []
    /// Whether every type, field and argument must be described (the typed binding's rule; a
    /// schema read from SDL may leave descriptions out).
    var requiresDescriptions = true
    /// Whether `@oneOf` is among the built-in directives (schemas read from SDL, as graphql-js 16.9).
    var declaresOneOf = false
    /// Whether `@defer` is among the built-in directives (a schema that answers deferred
    /// fragments; one read from SDL declares it itself when it has it).
    @usableFromInline var declaresDefer = false
    /// Whether `__Type` has `isOneOf` (graphql-js 16.9 and later; a schema served as an older
    /// server served it may leave it out, as Shopify's Storefront 2025-01 does).
    var introspectsOneOf = true
    /// Set by `TypedSchemaBuilder`: the class every request's context must be.
    var contextType: ObjectIdentifier?
    var costRule: CostRule?

    /// An empty builder.
    @usableFromInline init() {}

    /// Declares an object type with `fields`.
    @usableFromInline mutating func object(_ name: String, _ description: String, _ fields: [FieldSpec]) {
        pending.append((name, description, .object(fields)))
    }

    /// An object type whose fields share what `row` reads: the executor calls it once per object
    /// and hands the result to every field as `FieldCall.row` (a list of twenty products looks
    /// each product up twenty times instead of two hundred and forty).
    @usableFromInline mutating func object(_ name: String, _ description: String, row: @escaping RowReader, _ fields: [FieldSpec]) {
        pending.append((name, description, .object(fields)))
        rowReaders[name] = RowReading(row)
    }

    /// Declares a named type of any shape.
    mutating func declare(_ name: String, _ description: String, _ shape: Pending) {
        pending.append((name, description, shape))
    }

    /// Declares an enum type; each value is (name, description).
    @usableFromInline mutating func enumeration(_ name: String, _ description: String, _ values: [(String, String)]) {
        pending.append(
            (name, description, .enumeration(values.map { EnumValueDefinition(name: $0.0, description: $0.1, deprecationReason: nil) })))
    }

    /// Declares an input object type with `fields`.
    @usableFromInline mutating func input(_ name: String, _ description: String, _ fields: [ArgumentDeclaration]) {
        pending.append((name, description, .inputObject(fields)))
    }

    /// The schema, with `query` (and `mutation`) as root types; every unknown type, duplicate,
    /// misplaced type and missing description is reported at once.
    @usableFromInline func build(query: String, mutation: String? = nil, description: String? = nil) throws(SchemaError) -> Schema {
        var all = pending
        for scalar in Self.builtInScalars where !all.contains(where: { $0.name == scalar.name }) { all.append(scalar) }
        all += Introspection.types.map { entry in
            guard !introspectsOneOf, entry.name == "__Type", case .object(let fields) = entry.shape else { return entry }
            return (entry.name, entry.description, .object(fields.filter { $0.name != "isOneOf" }))
        }
        var index: [String: Int] = [:]
        var problems: [String] = []
        for (position, entry) in all.enumerated() {
            if index[entry.name] != nil { problems.append("type \(entry.name) is defined twice") }
            index[entry.name] = position
        }
        func resolve(_ text: String, in place: String, input: Bool) -> TypeRef? {
            guard let type = Self.parseTypeString(text, index: index) else {
                problems.append("\(place): unknown or malformed type \"\(text)\"")
                return nil
            }
            switch (all[type.namedIndex].shape, input) {
            case (.inputObject, false), (.object, true), (.interface, true), (.union, true):
                problems.append("\(place): \(text) is not an \(input ? "input" : "output") type")
            default:
                break
            }
            return type
        }

        func inputValues(_ specs: [ArgumentDeclaration], in place: String) -> [InputValueDefinition] {
            specs.compactMap { spec in
                guard let type = resolve(spec.type, in: "\(place).\(spec.name)", input: true) else { return nil }
                if requiresDescriptions, spec.description.isEmpty { problems.append("\(place).\(spec.name) has no description") }
                return InputValueDefinition(
                    name: spec.name, description: spec.description, type: type, defaultValue: nil,
                    defaultValueText: spec.defaultValue, deprecationReason: spec.deprecationReason)
            }
        }

        func fields(_ specs: [FieldSpec], of owner: String) -> (fields: [FieldDefinition], index: [String: Int]) {
            var fields: [FieldDefinition] = []
            var fieldIndex: [String: Int] = [:]
            for spec in specs {
                let place = "\(owner).\(spec.name)"
                guard let type = resolve(spec.type, in: place, input: false) else { continue }
                if requiresDescriptions, spec.description.isEmpty { problems.append("\(place) has no description") }
                if fieldIndex[spec.name] != nil { problems.append("\(place) is defined twice") }
                if spec.name.hasPrefix("__") { problems.append("\(place): names starting with \"__\" are reserved for introspection") }
                fieldIndex[spec.name] = fields.count
                fields.append(
                    FieldDefinition(
                        name: spec.name, description: spec.description, type: type,
                        arguments: inputValues(spec.arguments, in: place), deprecationReason: spec.deprecationReason,
                        resolver: spec.resolver))
            }
            return (fields, fieldIndex)
        }

        func named(_ names: [String], in place: String, kind: TypeKind) -> [Int] {
            names.compactMap { name in
                guard let position = index[name], all[position].shape.kind == kind else {
                    problems.append("\(place): \(name) is not an \(kind == .object ? "object type" : "interface")")
                    return nil
                }
                return position
            }
        }

        var types: [NamedType] = []
        for entry in all {
            if requiresDescriptions, entry.description.isEmpty { problems.append("type \(entry.name) has no description") }
            var type: NamedType
            switch entry.shape {
            case .scalar(let kind):
                type = NamedType(name: entry.name, description: entry.description, shape: .scalar(kind))
                type.specifiedByURL = specifiedBy[entry.name]
            case .enumeration(let values):
                type = NamedType(name: entry.name, description: entry.description, shape: .enumeration(values: values))
            case .inputObject(let specs):
                type = NamedType(name: entry.name, description: entry.description, shape: .inputObject(fields: inputValues(specs, in: entry.name)))
                type.isOneOf = oneOf.contains(entry.name)
            case .object(let specs):
                let (fields, fieldIndex) = fields(specs, of: entry.name)
                type = NamedType(name: entry.name, description: entry.description, shape: .object(fields: fields, fieldIndex: fieldIndex))
            case .interface(let specs):
                let (fields, fieldIndex) = fields(specs, of: entry.name)
                type = NamedType(name: entry.name, description: entry.description, shape: .interface(fields: fields, fieldIndex: fieldIndex))
            case .union(let members):
                type = NamedType(name: entry.name, description: entry.description, shape: .union(members: named(members, in: entry.name, kind: .object)))
            }
            type.interfaces = named(interfaces[entry.name] ?? [], in: entry.name, kind: .interface)
            types.append(type)
        }
        guard let queryIndex = index[query] else { throw SchemaError(message: "unknown query type \(query)") }
        let mutationIndex = mutation.flatMap { index[$0] }
        var directives = declaredDirectives.map { declared in
            DirectiveDefinition(
                name: declared.name, description: declared.description, locations: declared.locations,
                arguments: inputValues(declared.arguments, in: "@" + declared.name), isRepeatable: declared.isRepeatable)
        }
        for builtIn in Self.directives(index: index, oneOf: declaresOneOf, deferral: declaresDefer) where !directives.contains(where: { $0.name == builtIn.name }) {
            directives.append(builtIn)
        }
        if !problems.isEmpty { throw SchemaError(message: problems.joined(separator: "\n")) }
        let draft = Schema(
            types: types, queryType: queryIndex, mutationType: mutationIndex, directives: directives,
            description: description, rowReaders: rowReaders, contextType: contextType, costRule: costRule)
        return try Self.resolvingDefaults(of: draft, rowReaders: rowReaders)
    }

    /// Parses `Name`, `[T]` and `T!` forms against the known type names.
    static func parseTypeString(_ text: String, index: [String: Int]) -> TypeRef? {
        parseType(Substring(text), index: index)
    }

    /// Read on the substring, without Foundation's trimming: Shopify's schema has some 4,800
    /// type references, and trimming each cost about 10,000 instructions at start-up.
    private static func parseType(_ text: Substring, index: [String: Int]) -> TypeRef? {
        var trimmed = text
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        if trimmed.last == "!" {
            return parseType(trimmed.dropLast(), index: index).map(TypeRef.nonNull)
        }
        if trimmed.first == "[", trimmed.last == "]" {
            return parseType(trimmed.dropFirst().dropLast(), index: index).map(TypeRef.list)
        }
        return index[String(trimmed)].map(TypeRef.named)
    }

    /// Coerces every default value once, now that all input types exist.
    private static func resolvingDefaults(of schema: Schema, rowReaders: [String: RowReading]) throws(SchemaError) -> Schema {
        var problems: [String] = []
        func withDefaults(_ values: [InputValueDefinition], in place: String) -> [InputValueDefinition] {
            values.map { value in
                guard let text = value.defaultValueText else { return value }
                do {
                    let literal = try Parser.parseConstantValue(text)
                    let coerced = try ValueCoercion.literal(literal, type: value.type, variables: JSONObject(), schema: schema)
                    return InputValueDefinition(
                        name: value.name, description: value.description, type: value.type, defaultValue: coerced,
                        defaultValueText: text, deprecationReason: value.deprecationReason)
                } catch {
                    problems.append("\(place).\(value.name): invalid default value \(text)")
                    return value
                }
            }
        }
        func withDefaults(_ fields: [FieldDefinition], in owner: String) -> [FieldDefinition] {
            fields.map { field in
                FieldDefinition(
                    name: field.name, description: field.description, type: field.type,
                    arguments: withDefaults(field.arguments, in: "\(owner).\(field.name)"),
                    deprecationReason: field.deprecationReason, resolver: field.resolver)
            }
        }
        let types = schema.types.map { type -> NamedType in
            var resolved = type
            switch type.shape {
            case .inputObject(let fields):
                resolved = NamedType(name: type.name, description: type.description, shape: .inputObject(fields: withDefaults(fields, in: type.name)))
            case .object(let fields, let index):
                resolved = NamedType(name: type.name, description: type.description, shape: .object(fields: withDefaults(fields, in: type.name), fieldIndex: index))
            case .interface(let fields, let index):
                resolved = NamedType(name: type.name, description: type.description, shape: .interface(fields: withDefaults(fields, in: type.name), fieldIndex: index))
            default:
                return type
            }
            resolved.interfaces = type.interfaces
            resolved.isOneOf = type.isOneOf
            resolved.specifiedByURL = type.specifiedByURL
            return resolved
        }
        let directives = schema.directives.map { directive in
            DirectiveDefinition(
                name: directive.name, description: directive.description, locations: directive.locations,
                arguments: withDefaults(directive.arguments, in: "@" + directive.name), isRepeatable: directive.isRepeatable)
        }
        if !problems.isEmpty { throw SchemaError(message: problems.joined(separator: "\n")) }
        return Schema(
            types: types, queryType: schema.queryType, mutationType: schema.mutationType,
            directives: directives, description: schema.description, rowReaders: rowReaders,
            contextType: schema.contextType, costRule: schema.costRule)
    }

    private static var builtInScalars: [(name: String, description: String, shape: Pending)] {
        [
        ("Boolean", "The `Boolean` scalar type represents `true` or `false`.", .scalar(.boolean)),
        ("String", "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text.", .scalar(.string)),
        ("Int", "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1.", .scalar(.int)),
        ("Float", "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point).", .scalar(.float)),
        ("ID", "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID.", .scalar(.id)),
        ]
    }

    private static func directives(index: [String: Int], oneOf: Bool, deferral: Bool) -> [DirectiveDefinition] {
        func argument(_ name: String, _ type: String, _ description: String, _ defaultText: String? = nil) -> InputValueDefinition {
            InputValueDefinition(
                name: name, description: description, type: parseTypeString(type, index: index) ?? .named(0),
                defaultValue: defaultText.map { .string($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) },
                defaultValueText: defaultText)
        }
        return [
            DirectiveDefinition(
                name: "include",
                description: "Directs the executor to include this field or fragment only when the `if` argument is true.",
                locations: [.field, .fragmentSpread, .inlineFragment],
                arguments: [argument("if", "Boolean!", "Included when true.")], isRepeatable: false),
            DirectiveDefinition(
                name: "skip",
                description: "Directs the executor to skip this field or fragment when the `if` argument is true.",
                locations: [.field, .fragmentSpread, .inlineFragment],
                arguments: [argument("if", "Boolean!", "Skipped when true.")], isRepeatable: false),
            DirectiveDefinition(
                name: "deprecated", description: "Marks an element of a GraphQL schema as no longer supported.",
                locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue],
                arguments: [
                    argument(
                        "reason", "String",
                        "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).",
                        "\"No longer supported\"")
                ], isRepeatable: false),
            DirectiveDefinition(
                name: "specifiedBy", description: "Exposes a URL that specifies the behavior of this scalar.",
                locations: [.scalar],
                arguments: [argument("url", "String!", "The URL that specifies the behavior of this scalar.")],
                isRepeatable: false),
        ] + (oneOf ? [
            DirectiveDefinition(
                name: "oneOf", description: "Marks an input object as taking exactly one of its fields.", locations: [.inputObject],
                arguments: [], isRepeatable: false)
        ] : []) + (deferral ? [
            DirectiveDefinition(
                name: "defer", description: "Asks for a fragment's fields after the rest of the answer, in a part of their own.",
                locations: [.fragmentSpread, .inlineFragment],
                arguments: [
                    InputValueDefinition(
                        name: "if", description: "Deferred when true; with false the fields come with the rest.",
                        type: parseTypeString("Boolean!", index: index) ?? .named(0), defaultValue: .bool(true), defaultValueText: "true"),
                    argument("label", "String", "A name for the part, given back with it."),
                ], isRepeatable: false)
        ] : [])
    }
}

extension SchemaBuilder.Pending {
    /// The kind of type declared.
    var kind: TypeKind {
        switch self {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enumeration: .enumeration
        case .inputObject: .inputObject
        }
    }
}
