/// An immutable, resolved GraphQL schema: named types by index, root types and directives.
///
/// Built once at start-up by `SchemaBuilder`; execution looks types up by index, never by name.
public final class Schema: Sendable {
    /// Every named type, user-defined first, then built-in scalars and introspection types.
    package let types: [NamedType]
    /// Each type's index in `types`, by name; a document's names are found by the lexer's hash.
    package let typeIndex: TypeIndex
    /// The names the schema declares, which the parser hands out for a document's names.
    package let knownNames: KnownNames
    /// The index of the query root type.
    package let queryType: Int
    /// The index of the mutation root type, when there is one.
    package let mutationType: Int?
    /// The directives documents may use (`@skip`, `@include`, `@deprecated`, …).
    package let directives: [DirectiveDefinition]
    /// The schema's description, printed above `schema` in SDL.
    package let description: String?
    /// The kind of each type, by index, for the executor's hot path.
    package let kinds: [TypeKind]
    /// Each type's name as a JSON string, by index: what `__typename` writes, copied (a GraphQL
    /// name needs no escaping; Apollo clients select `__typename` on every object).
    let quotedNames: [[UInt8]]
    /// The scalar kind of each scalar type, by index; nil for other types.
    package let scalarKinds: [ScalarKind?]
    /// Each type's fields by name, by type index, for `field(_:on:)`.
    let fieldsByName: [SmallMap<FieldDefinition>]
    /// Each enum's value names, by type index (empty for other types): an enum leaf is checked
    /// with one lookup, not a scan of its values (Shopify's `CurrencyCode` has some 160).
    let enumValueNames: [Set<String>]
    /// By type index: for an interface, the object types implementing it in schema order; for a
    /// union, its members in declaration order; empty for other types (graphql-js's `getPossibleTypes`).
    package let possibleTypes: [[Int]]
    /// By type index, for an abstract type: each type index's membership of `possibleTypes`.
    private let possibleSets: [Set<Int>]

    /// Per object type, by type index: what `FieldCall.row` is for that type's fields (see
    /// `SchemaBuilder.object(_:_:row:_:)`).
    let rowReaders: [RowReading?]
    /// `rowReaders` unretained, for the executor to call borrowed while `rowReaders` keeps them.
    let rowReading: [Unmanaged<RowReading>?]
    /// The exact class of the context a typed schema's resolvers read (`TypedSchemaBuilder`);
    /// the executor refuses any other, so the resolvers need not check it field by field.
    let contextType: ObjectIdentifier?
    /// How a request is priced before it runs (`SchemaBuilder.costRule`, `TypedSchemaBuilder.costFields`); nil: nothing costs.
    let costRule: CostRule?

    init(
        types: [NamedType], queryType: Int, mutationType: Int?, directives: [DirectiveDefinition], description: String?,
        rowReaders readersByName: [String: RowReading] = [:], contextType: ObjectIdentifier? = nil, costRule: CostRule? = nil
    ) {
        self.contextType = contextType
        self.costRule = costRule
        self.types = types
        rowReaders = types.map { readersByName[$0.name] }
        rowReading = rowReaders.map { $0.map(Unmanaged.passUnretained) }
        kinds = types.map(\.kind)
        quotedNames = types.map { [UInt8(ascii: "\"")] + Array($0.name.utf8) + [UInt8(ascii: "\"")] }
        scalarKinds = types.map { type in
            if case .scalar(let kind) = type.shape { return kind }
            return nil
        }
        fieldsByName = types.map { SmallMap($0.fields) }
        enumValueNames = types.map { Set($0.enumValues.map(\.name)) }
        var possible = [[Int]](repeating: [], count: types.count)
        for (position, type) in types.enumerated() {
            switch type.shape {
            case .union(let members): possible[position] = members
            case .object: for interface in type.interfaces where types.indices.contains(interface) { possible[interface].append(position) }
            default: break
            }
        }
        possibleTypes = possible
        possibleSets = possible.map(Set.init)
        typeIndex = TypeIndex(names: types.enumerated().map { SeenName(key: $1.name, keyHash: Name.hash($1.name), value: $0) })
        knownNames = KnownNames(Self.declaredNames(types: types, directives: directives))
        self.queryType = queryType
        self.mutationType = mutationType
        self.directives = directives
        self.description = description
    }

    /// The type called `name`, if the schema has one.
    package func type(named name: String) -> NamedType? {
        typeIndex[name].map { types[$0] }
    }

    /// The index of the type a document names, found by the hash the lexer worked out. A method,
    /// so the index is read in place: `schema.typeIndex[name]` from outside copied it out of the
    /// schema first, a retain and a release of its arrays per lookup.
    package func typeIndex(of name: Name) -> Int? {
        typeIndex[name]
    }

    /// Whether a value of the object type `object` may stand where `type` is expected: the same
    /// type, or one of an abstract type's possible types.
    package func isPossible(_ object: Int, of type: Int) -> Bool {
        object == type || possibleSets[type].contains(object)
    }

    /// Whether some object type is both a possible `a` and a possible `b` (graphql-js's `doTypesOverlap`).
    package func typesOverlap(_ a: Int, _ b: Int) -> Bool {
        if a == b { return true }
        switch (kinds[a] == .object, kinds[b] == .object) {
        case (true, true): return false
        case (true, false): return possibleSets[b].contains(a)
        case (false, true): return possibleSets[a].contains(b)
        case (false, false): return !possibleSets[a].isDisjoint(with: possibleSets[b])
        }
    }

    /// The directive called `name`, if the schema has one.
    package func directive(named name: String) -> DirectiveDefinition? {
        directives.first { $0.name == name }
    }

    /// The type written as GraphQL shows it: `[Product!]!`.
    package func describe(_ type: TypeRef) -> String {
        switch type {
        case .named(let index): types[index].name
        case .list(let inner): "[\(describe(inner))]"
        case .nonNull(let inner): "\(describe(inner))!"
        }
    }

    /// Resolves a type as written in a document; nil when its named type is unknown. `index`,
    /// when the caller has already looked the named type up, spares a second lookup.
    package func typeRef(_ node: TypeNode, named index: Int? = nil) -> TypeRef? {
        switch node {
        case .named(let name): (index ?? typeIndex(of: name)).map(TypeRef.named)
        case .list(let inner, _): typeRef(inner, named: index).map(TypeRef.list)
        case .nonNull(let inner, _): typeRef(inner, named: index).map(TypeRef.nonNull)
        }
    }

    /// Names of built-in scalars and introspection types, which SDL printing leaves out.
    package func isBuiltIn(_ type: NamedType) -> Bool {
        type.name.hasPrefix("__") || ["String", "Int", "Float", "Boolean", "ID"].contains(type.name)
    }

    /// True when a value of type `sub` may be used where `sup` is expected (variable positions).
    package func isSubtype(_ sub: TypeRef, of sup: TypeRef) -> Bool {
        switch (sub, sup) {
        case (.nonNull(let a), .nonNull(let b)): isSubtype(a, of: b)
        case (.nonNull(let a), _): isSubtype(a, of: sup)
        case (_, .nonNull): false
        case (.list(let a), .list(let b)): isSubtype(a, of: b)
        case (.list, _), (_, .list): false
        case (.named(let a), .named(let b)): a == b
        }
    }
}

/// A problem in a schema definition: a programming error in the binding, reported, not trapped.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, one per line.
    package let message: String
    /// The problems, one per line.
    public var description: String { message }

    /// `problems`, one per line.
    package init(problems: [String]) {
        message = problems.joined(separator: "\n")
    }

    init(message: String) {
        self.message = message
    }
}

/// A schema's types by name: their indices in `Schema.types` (where a name repeats, the last).
package struct TypeIndex: Sendable {
    private let names: NameMap

    init(names: [SeenName]) {
        self.names = NameMap(names)
    }

    /// The index of the type called `name`.
    package subscript(_ name: String) -> Int? {
        names[name: name]
    }

    /// The index of the type a document names, found by the hash the lexer worked out.
    package subscript(_ name: Name) -> Int? {
        names[name: name]
    }
}
