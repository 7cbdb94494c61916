/// How one object type's parents travel from the resolver that returns them to the type's fields.
///
/// Static methods on a type, not stored closures, and every typed method `@inlinable`: each
/// field's closure is specialised in the module that declares it, with the carrier inlined.
/// Unspecialised, the typed binding cost almost twice the hand-written erased one it replaced
/// (Benchmarks/NOTES.md). The context is not cast field by field either: the executor refuses a
/// request whose context is not exactly the schema's `Context` (`Schema.contextType`).
public protocol ParentCarrier: Sendable {
    /// The request context the fields read.
    associatedtype Context: AnyObject
    /// What resolvers returning this type hand over.
    associatedtype Parent: Sendable
    /// What each field of the type receives as its parent.
    associatedtype Input: Sendable
    /// Whether the type needs a row reader (`TypedSchemaBuilder.object(_:_:row:_:)`).
    static var readsRow: Bool { get }
    /// `parent` as the executor carries it.
    static func wrap(_ parent: Parent) -> Resolved
    /// The parent of `call` as the type's fields receive it.
    static func input(_ call: FieldCall) throws -> Input
    /// Runs `body` with the context the type's fields receive, borrowed (a strong copy was a
    /// retain and a release around every field resolved).
    static func withContext<Result>(_ call: FieldCall, _ body: (Context) throws -> Result) rethrows -> Result
}

extension ParentCarrier {
    /// The request's context (`FieldCall.withContext`).
    @inlinable @inline(__always)
    public static func withContext<Result>(_ call: FieldCall, _ body: (Context) throws -> Result) rethrows -> Result {
        try call.withContext(as: Context.self, body)
    }
}

/// Parents that travel boxed, read back with a cast.
public enum BoxedParent<Context: AnyObject, Parent: Sendable>: ParentCarrier {
    public static var readsRow: Bool { false }

    @inlinable @inline(__always) public static func wrap(_ parent: Parent) -> Resolved { .object(parent) }

    @inlinable @inline(__always) public static func input(_ call: FieldCall) throws -> Parent {
        guard let parent = call.parent as? Parent else { throw FieldError.unexpectedParent }
        return parent
    }
}

/// Parents that are one integer (`IntegerBacked`): nothing is boxed or cast on the way to the fields.
public enum IntegerParent<Context: AnyObject, Parent: IntegerBacked>: ParentCarrier {
    public static var readsRow: Bool { false }

    @inlinable @inline(__always) public static func wrap(_ parent: Parent) -> Resolved { .integer(parent.integer) }

    @inlinable @inline(__always) public static func input(_ call: FieldCall) throws -> Parent {
        Parent(integer: call.integer)
    }
}

/// Integer parents whose fields share a row read once per object.
public enum RowParent<Context: AnyObject, Parent: IntegerBacked, Row: AnyObject & Sendable>: ParentCarrier {
    public static var readsRow: Bool { true }

    @inlinable @inline(__always) public static func wrap(_ parent: Parent) -> Resolved { .integer(parent.integer) }

    @inlinable @inline(__always) public static func input(_ call: FieldCall) throws -> WithRow<Parent, Row> {
        // Only this type's own reader, which returns a `Row`, fills `row` for its objects.
        guard let read = call.row else { throw call.rowFailure ?? FieldError.missingRow }
        return WithRow(parent: Parent(integer: call.integer), row: unsafeDowncast(read.takeUnretainedValue(), to: Row.self))
    }
}

// Errors the carriers throw, out of line and without type names: a reader that builds its message
// from generic metadata is not inlined into the fields it serves.
extension FieldError {
    /// A boxed parent is not the type its object type declares (the build rules this out).
    @usableFromInline static let unexpectedParent = FieldError("A parent value does not have the type its object type declares.")
    /// A row type's fields were reached without a row or a reason (the executor rules this out).
    @usableFromInline static let missingRow = FieldError("No row was read for the object.")
}
