/// A GraphQL output type as a value, typed by the Swift value a resolver returns for it.
///
/// Composed as GraphQL composes types: `.nonNull(.list(.nonNull(Types.cartLine)))` is
/// `[CartLine!]!` and its resolver returns `[CartLine]`; `.string` is `String` and takes a
/// `String?`. The compiler checks every resolver's result against its field's type; the schema
/// build checks what it cannot see (that each object or enum named is declared with the Swift type
/// the field hands it). The engine's types are the only conformers: compose them, do not conform.
public protocol OutputType: Sendable {
    /// What a resolver of a field of this type returns.
    associatedtype Value
    /// The type as GraphQL source writes it, like `[CartLine!]!`.
    var source: String { get }
    /// The object and enum types it names, each with the Swift type its fields hand over.
    var namedTypes: [TypeReference] { get }
    /// How the executor resolves a field of this type whose resolver is `body`.
    static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Value) -> FieldResolution
    /// `value` as the executor carries it (for list items).
    static func resolved(_ value: Value) -> Resolved
}

/// A type that null is a value of, and that `.nonNull` wraps: its resolvers return `Element?`.
public protocol NullableOutputType: OutputType where Value == Element? {
    /// What a resolver returns for a non-null occurrence of the type.
    associatedtype Element
    /// How the executor resolves a field of the non-null type whose resolver is `body`.
    static func resolution(nonNull body: @escaping @Sendable (FieldCall) throws -> Element) -> FieldResolution
    /// `element` as the executor carries it.
    static func resolved(element: Element) -> Resolved
}

extension NullableOutputType {
    @inlinable public static func resolved(_ value: Element?) -> Resolved {
        value.map(resolved(element:)) ?? .null
    }

    /// Objects and lists resolve generally; leaves override both to skip `Resolved`.
    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Element?) -> FieldResolution {
        FieldResolution(.general { call in resolved(try body(call)) })
    }

    @inlinable public static func resolution(nonNull body: @escaping @Sendable (FieldCall) throws -> Element) -> FieldResolution {
        FieldResolution(.general { call in resolved(element: try body(call)) })
    }
}

/// How the executor resolves one field: opaque outside the engine, made by an `OutputType`.
public struct FieldResolution {
    @usableFromInline let kind: ResolverKind

    @inlinable init(_ kind: ResolverKind) {
        self.kind = kind
    }
}

/// A field's claim that a named type is declared with a given carrier (or enum): checked by the
/// build, so the casts made on the way to the type's fields cannot fail.
public struct TypeReference: Sendable {
    let name: String
    let swiftType: Any.Type
    var place: String

    @usableFromInline init<Value>(_ name: String, _ type: Value.Type, place: String) {
        self.name = name
        swiftType = type
        self.place = place
    }

    /// Whether both name the same Swift type.
    func sameType(as other: TypeReference) -> Bool {
        ObjectIdentifier(swiftType) == ObjectIdentifier(other.swiftType)
    }

    /// The Swift type as source writes it, for messages only: describing a type looks up its
    /// conformances, which made start-up slow when every field did it.
    var swiftName: String { String(describing: swiftType) }
}
