/// An object type whose fields read a `Parent` value with the request's `Context`.
///
/// Declared as a value before any field returns it (`let cart = ObjectType<Shop, CartView>("Cart")`):
/// `Fields.object(_:_:_:_:)` and its siblings take the type and a resolver that must return a
/// `Parent`, so the compiler checks what each field hands on, and `TypedSchemaBuilder.build`
/// checks that every name is declared once, with the parent type its fields read.
public struct ObjectType<Context: AnyObject, Parent: Sendable>: Sendable {
    /// The type's name in the schema.
    public let name: String
    let carrier: ParentCarrier<Parent>

    /// An object type whose parents travel to their fields boxed.
    public init(_ name: String) {
        self.name = name
        carrier = ParentCarrier(isIndexed: false, wrap: { .object($0) }, unwrap: { $0.parent as? Parent })
    }

    /// An object type whose parents travel as one integer: nothing is boxed or cast on the way
    /// (a list of twenty products costs twenty integers; boxing and casting them instead added
    /// about a tenth to products-first-20's instructions when it was measured).
    public init(_ name: String) where Parent: IndexedValue {
        self.name = name
        carrier = ParentCarrier(isIndexed: true, wrap: { .index($0.index) }, unwrap: { Parent(index: $0.index) })
    }
}

/// A value that is one integer — a position in a table the context holds, or an amount of money —
/// and so travels from the resolver that returns it to the fields that read it unboxed.
public protocol IndexedValue: Sendable {
    /// The value the integer stands for.
    init(index: Int)
    /// The integer.
    var index: Int { get }
}

/// What the fields of an object type with a row reader receive: the parent, and what the reader
/// read for it once for all the object's fields (`TypedSchemaBuilder.object(_:_:row:_:)`).
public struct WithRow<Parent: Sendable, Row: AnyObject & Sendable>: Sendable {
    /// The parent value, as the field that returned the object resolved it.
    public let parent: Parent
    /// What the row reader read for `parent`.
    public let row: Row
}

/// An enum type whose values are the cases of a Swift enum: the schema lists `cases` by raw value,
/// so the GraphQL enum and the Swift one cannot drift apart.
public struct EnumType<Value: RawRepresentable & Sendable>: Sendable where Value.RawValue == String {
    /// The type's name in the schema.
    public let name: String

    /// The enum type called `name`; `TypedSchemaBuilder.enumeration` declares its values.
    public init(_ name: String) {
        self.name = name
    }
}

/// How one object type's parent values become `Resolved` values and come back out of a `FieldCall`.
struct ParentCarrier<Parent>: Sendable {
    let isIndexed: Bool
    let wrap: @Sendable (Parent) -> Resolved
    let unwrap: @Sendable (FieldCall) -> Parent?
}
