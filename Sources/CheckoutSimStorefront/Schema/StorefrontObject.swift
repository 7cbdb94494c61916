import CheckoutSimGraphQL

/// How the objects of modeled Storefront types travel from the field that answers one to the
/// object's own fields (docs/storefront.md#the-binding): each carrier is one Swift type, read back
/// in one place (`parent(of:)`), and says which schema types it carries, so each field's parent
/// and answer are checked against every API version's SDL when that version's schema is built.
protocol StorefrontObject: FieldAnswer {
    /// Whether objects of the schema type `name` travel as this value.
    static func carries(_ name: String) -> Bool
    /// The value `call`'s parent is.
    static func parent(of call: borrowing FieldCall) throws(FieldError) -> Self
    /// The value as the executor carries it.
    var carried: Resolved { get }
}

/// A carrier that travels boxed, read back with one cast.
protocol BoxedObject: StorefrontObject {}

extension BoxedObject {
    @inline(__always) static func parent(of call: borrowing FieldCall) throws(FieldError) -> Self {
        guard let parent = call.parentValue as? Self else { throw FieldError("Unexpected parent \(type(of: call.parentValue)).") }
        return parent
    }

    @inline(__always) var carried: Resolved { .object(self) }
}

/// A carrier that travels as one integer: nothing boxed, nothing cast.
protocol IntegerObject: StorefrontObject {
    init(integer: Int)
    var integer: Int { get }
}

extension IntegerObject {
    @inline(__always) static func parent(of call: borrowing FieldCall) -> Self { Self(integer: call.parentInteger) }
    @inline(__always) var carried: Resolved { .integer(integer) }
}

/// The query and mutation roots: nothing travels.
struct Root: StorefrontObject {
    static func carries(_ name: String) -> Bool { name == "QueryRoot" || name == "Mutation" }
    static func parent(of _: borrowing FieldCall) -> Root { Root() }
    var carried: Resolved { .null }
}

#if compiler(>=6.2)
/// A type whose metatype the fields' closures may capture across threads (the schema is shared).
protocol SharedMetatype: SendableMetatype {}
#else
/// A type whose metatype the fields' closures may capture across threads (the schema is shared).
protocol SharedMetatype {}
#endif

/// What a modeled field answers, checked against the field's type in each API version's SDL.
protocol FieldAnswer: SharedMetatype {
    /// The answer as the executor carries it; `schema` names the types of abstract answers.
    func answer(in schema: Schema) throws(FieldError) -> Resolved
    /// Why a field of type `type` cannot answer this; nil when it can.
    static func mismatch(_ type: TypeNode, facts: SchemaFacts) -> String?
}

extension StorefrontObject {
    @inline(__always) func answer(in _: Schema) -> Resolved { carried }

    static func mismatch(_ type: TypeNode, facts: SchemaFacts) -> String? {
        guard case .named(let name) = type.nullable, carries(name.value) else { return "answers \(Self.self), which is no \(type)" }
        return nil
    }
}

extension Optional: SharedMetatype where Wrapped: FieldAnswer {}
extension Array: SharedMetatype where Element: FieldAnswer {}

extension Optional: FieldAnswer where Wrapped: FieldAnswer {
    @inline(__always) func answer(in schema: Schema) throws(FieldError) -> Resolved {
        guard let value = self else { return .null }
        return try value.answer(in: schema)
    }

    static func mismatch(_ type: TypeNode, facts: SchemaFacts) -> String? {
        if case .nonNull = type { return "may answer null where the schema says \(type)" }
        return Wrapped.mismatch(type, facts: facts)
    }
}

extension Array: FieldAnswer where Element: FieldAnswer {
    func answer(in schema: Schema) throws(FieldError) -> Resolved {
        var items: [Resolved] = []
        items.reserveCapacity(count)
        for item in self { items.append(try item.answer(in: schema)) }
        return .list(items)
    }

    static func mismatch(_ type: TypeNode, facts: SchemaFacts) -> String? {
        guard case .list(let item, _) = type.nullable else { return "answers a list where the schema says \(type)" }
        return Element.mismatch(item, facts: facts)
    }
}

/// Leaves (scalars and enums, and lists of them) are answered as the engine's values, and so are
/// members of interfaces and unions (made by `StorefrontContext.member`, which names the type); an
/// object type is answered by its carrier, never so.
extension Resolved: FieldAnswer {
    @inline(__always) func answer(in _: Schema) -> Resolved { self }

    static func mismatch(_ type: TypeNode, facts: SchemaFacts) -> String? {
        let name = type.namedType.value
        switch facts.kinds[name] {
        case .scalar?, .enumeration?, .interface?, .union?: return nil
        default: return "answers an untyped value where the schema says \(type)"
        }
    }
}

/// An object of one of an interface's or a union's possible types: `type` names which.
struct Member<Object: StorefrontObject>: FieldAnswer {
    let type: String
    let object: Object

    init(_ type: String, _ object: Object) {
        self.type = type
        self.object = object
    }

    func answer(in schema: Schema) throws(FieldError) -> Resolved {
        .typed(type: try Self.index(of: type, in: schema), object.carried)
    }

    /// Where `type` is among the schema's types (what `.typed` names a member by).
    static func index(of type: String, in schema: Schema) throws(FieldError) -> Int {
        guard let index = schema.typeIndex[type] else { throw FieldError("The schema has no type \(type).") }
        return index
    }

    static func mismatch(_ type: TypeNode, facts: SchemaFacts) -> String? {
        guard case .named(let name) = type.nullable, (facts.possibleTypes[name.value] ?? []).contains(where: Object.carries) else {
            return "answers \(Object.self) as a member of \(type), whose possible types it carries none of"
        }
        return nil
    }
}

/// Objects whose carriers vary from item to item, checked where they are made: a connection's
/// nodes (each list's own carrier, `ConnectionPage`) and an edge's node.
struct Carried: FieldAnswer {
    let value: Resolved

    init(_ value: Resolved) {
        self.value = value
    }

    @inline(__always) func answer(in _: Schema) -> Resolved { value }
    static func mismatch(_: TypeNode, facts _: SchemaFacts) -> String? { nil }
}

extension TypeNode {
    /// The type without its outer non-null.
    var nullable: TypeNode {
        if case .nonNull(let inner, _) = self { return inner }
        return self
    }
}
