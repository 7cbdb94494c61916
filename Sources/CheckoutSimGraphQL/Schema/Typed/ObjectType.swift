/// An object type of a schema, named with how its parents travel (`Carrier`).
///
/// Declared as a value before any field returns it
/// (`let cart = ObjectType<BoxedParent<Shop, CartView>>("Cart")`); it is an `OutputType`, so a
/// field of type `.nonNull(cart)` takes a resolver that must return its `Carrier.Parent`, and the
/// compiler checks what each field hands on; `TypedSchemaBuilder.build` checks that every name is
/// declared once, with the carrier the fields returning it use.
public struct ObjectType<Carrier: ParentCarrier>: Sendable {
    /// The type's name in the schema.
    public let name: String

    /// The object type called `name`.
    public init(_ name: String) {
        self.name = name
    }
}

/// A value whose whole representation is one integer — a position in a table the context
/// holds, an amount of money — and so travels from the resolver that returns it to the fields
/// that read it unboxed. The integer is the value's own encoding, not necessarily an index.
public protocol IntegerBacked: Sendable {
    /// The value `integer` encodes.
    init(integer: Int)
    /// The integer that encodes the value.
    var integer: Int { get }
}

/// What the fields of an object type with a row reader receive: the parent, and what the reader
/// read for it once for all the object's fields (`TypedSchemaBuilder.object(_:_:row:_:)`).
public struct WithRow<Parent: Sendable, Row: AnyObject & Sendable>: Sendable {
    /// The parent value, as the field that returned the object resolved it.
    public let parent: Parent
    /// What the row reader read for `parent`. Unowned: the object's call (or, for a kept row, its
    /// binding) keeps it alive while the object's fields run, so a resolver reads it without
    /// counting a reference (one retain and
    /// release per field was an atomic count on a row both server loops share; Benchmarks/NOTES.md,
    /// issue 43); a resolver that keeps it past its call takes its own strong reference.
    /// Debug builds hold it `unowned` (checked): a row read after it was freed traps there.
    #if DEBUG
    public unowned let row: Row
    #else
    public unowned(unsafe) let row: Row
    #endif

    @inlinable init(parent: Parent, row: Row) {
        self.parent = parent
        self.row = row
    }
}

/// An enum type whose values are the cases of a Swift enum: the schema lists `cases` by raw value,
/// so the GraphQL enum and the Swift one cannot drift apart.
public struct EnumType<Case: RawRepresentable & Sendable>: Sendable where Case.RawValue == String {
    /// The type's name in the schema.
    public let name: String

    /// The enum type called `name`; `TypedSchemaBuilder.enumeration` declares its values.
    public init(_ name: String) {
        self.name = name
    }
}
