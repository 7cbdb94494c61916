/// A resolved value handed back by a field resolver.
public enum Resolved {
    case null
    /// A scalar or enum value; the executor checks it against the field's type.
    case leaf(JSON)
    /// An object, passed as the parent to the resolvers of its selected fields.
    ///
    /// Indirect, so `Resolved` stays loadable: with an `Any` stored in place, every match that
    /// binds a payload copied the whole value through its value witnesses (Benchmarks/NOTES.md,
    /// issue 43: −6.7 % of the Storefront listing's instructions, −1.7 % of the native one's).
    indirect case object(Any)
    /// An object whose value is one integer (`IntegerBacked`: a row in a table the resolvers
    /// know, an amount), passed as `FieldCall.integer`; cheaper than `object` because nothing is
    /// boxed or cast.
    case integer(Int)
    case list([Resolved])
    /// A value whose whole subtree resolves with `context` in place of the request's: how a
    /// resolver answers from a snapshot of its data rather than the live data.
    indirect case withContext(AnyObject, Resolved)
    /// An object of the object type at `type` (an index into the schema's types): how a field
    /// whose type is an interface or a union says which of its possible types a value is.
    indirect case typed(type: Int, Resolved)

    /// A `String`, `ID` or enum value.
    public static func string(_ value: String) -> Resolved { .leaf(.string(value)) }
    /// An `Int` value.
    public static func int(_ value: Int) -> Resolved { .leaf(.int(value)) }
    /// A `Boolean` value.
    public static func bool(_ value: Bool) -> Resolved { .leaf(.bool(value)) }

    /// A text value, or null when there is none.
    public static func optional(_ value: String?) -> Resolved {
        value.map { .leaf(.string($0)) } ?? .null
    }
}

/// What the executor hands a field: the parent value, coerced arguments and the request's context.
///
/// Opaque outside the engine: a `ParentCarrier` turns it into the typed parent and context a
/// resolver receives. The executor builds one per object and changes only `arguments` from field
/// to field.
public struct FieldCall {
    /// The parent object as its field resolved it (`()` for `.integer` parents).
    @usableFromInline let parent: Any
    /// The parent's integer when it was resolved as `.integer`; -1 otherwise.
    @usableFromInline let integer: Int
    /// What the parent object's type reads once for all its fields (`SchemaBuilder.object(_:_:row:_:)`),
    /// such as the product a `Product` object stands for; nil when the type has no row reader.
    /// Unretained: `rowOwner` keeps it alive.
    @usableFromInline var row: Unmanaged<AnyObject>?
    /// The row's leaf texts when its type keeps them (`LeafRow`): what `LeafSlot` fields write;
    /// valid while `rowOwner` lives.
    var leaves: LeafTexts.View?
    /// What keeps `row` and `leaves` alive: moved here from the reader's `ObjectRow`, released
    /// with the call once the object is written.
    var rowOwner: AnyObject?
    /// Why the row reader failed, when it did (and `row` is nil).
    @usableFromInline var rowFailure: (any Error)?
    /// The field's arguments and their definitions (for their defaults); nil for a field without
    /// arguments. Optional, so a call made for each object of a listing carries none of their
    /// arrays to release (Benchmarks/NOTES.md, issue 43).
    var given: (values: JSONObject, definitions: [InputValueDefinition])?
    /// The field's arguments, coerced to their types, defaults filled in.
    var arguments: JSONObject { given?.values ?? JSONObject() }
    /// The field's argument definitions; empty for a field without arguments.
    var argumentDefinitions: [InputValueDefinition] { given?.definitions ?? [] }
    /// What the caller passed for this request (the simulator's request context). Unowned:
    /// the executor holds it (or the `.withContext` value in place) for the whole subtree.
    /// Debug builds hold it `unowned` (checked): a read after it was freed traps there.
    #if DEBUG
    @usableFromInline unowned let context: AnyObject?
    #else
    @usableFromInline unowned(unsafe) let context: AnyObject?
    #endif
    /// The schema being executed. Unowned: the executor holds it for the whole request, and a
    /// call lives only while the resolver it is passed to runs (a strong reference was a retain
    /// and a release for each object written). Checked in debug builds, as `context` is.
    #if DEBUG
    @usableFromInline unowned let schema: Schema
    #else
    @usableFromInline unowned(unsafe) let schema: Schema
    #endif

    /// Runs `body` with the request's context as the schema's `Context` class, borrowed and
    /// without a runtime cast: a strong copy was a retain and a release around every resolver
    /// that read it (Benchmarks/NOTES.md, issue 43).
    ///
    /// The one place the bindings read their context unchecked. Its invariant: the executor
    /// refuses, before any resolver runs, a request whose context is missing or of another class
    /// than the schema's `Context` (`Schema.contextType`; `ExecutionTests` tries one). Debug builds
    /// check the invariant here on every call (`unsafeDowncast` and `unsafelyUnwrapped` trap there).
    @inlinable @inline(__always)
    public func withContext<Context: AnyObject, Result>(as _: Context.Type, _ body: (Context) throws -> Result) rethrows -> Result {
        try Unmanaged.passUnretained(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef { try body(unsafeDowncast($0, to: Context.self)) }
    }

    init(parent: Any, integer: Int, context: AnyObject?, schema: Schema) {
        self.parent = parent
        self.integer = integer
        self.context = context
        self.schema = schema
    }
}

/// An error a resolver throws; it becomes a field error with the field's path and location.
public struct FieldError: Error, Sendable {
    /// The error message in the response.
    public let message: String
    /// The `extensions.code` in the response.
    public let code: GraphQLError.Code

    /// Whether this is `noValue`: reported as the null it stands for.
    let isNoValue: Bool

    /// An error with `message`, reported with `code`.
    public init(_ message: String, code: GraphQLError.Code = .internalServerError) {
        self.message = message
        self.code = code
        isNoValue = false
    }

    /// What a resolver of a non-null field throws when it finds nothing: the field is reported
    /// exactly as a null in a non-null field is (an error, and null in the nearest nullable
    /// parent), as graphql-js reports a resolver returning null there.
    public static let noValue = FieldError(noValue: ())

    private init(noValue: Void) {
        message = "No value."
        code = .internalServerError
        isNoValue = true
    }
}

extension Optional {
    /// The value, or `FieldError.noValue` when there is none: for a non-null field's resolver
    /// whose lookup may find nothing.
    @inlinable public func orNoValue() throws(FieldError) -> Wrapped {
        guard let value = self else { throw FieldError.noValue }
        return value
    }
}

/// Resolves a field generally: objects, lists, leaves or null.
@usableFromInline typealias FieldResolver = @Sendable (FieldCall) throws -> Resolved

/// Reads, once per object, what every field of the object needs; its result is `FieldCall.row`
/// and `FieldCall.leaves`.
@usableFromInline package typealias RowReader = @Sendable (FieldCall) throws -> ObjectRow

/// A type's row reader, kept in a box: in dictionaries and arrays the closure then keeps its own
/// calling convention, where stored bare each generic container it passed through wrapped it in
/// a reabstraction thunk, three calls deep for every object read (Benchmarks/NOTES.md, issue 41).
/// A class, so the executor can call it borrowed (`Schema.rowReading`): a closure copied out of
/// the schema's table retained and released its context for every object read.
@usableFromInline package final class RowReading: Sendable {
    @usableFromInline let read: RowReader

    @usableFromInline package init(_ read: @escaping RowReader) {
        self.read = read
    }
}

/// What a row reader read for one object.
///
/// The executor moves `owner` into the object's call, which holds it while the fields run and
/// hands them the row and its texts unretained (`FieldCall.row`, `FieldCall.leaves`): one retain
/// and one release per object (none for a row its binding keeps), where a strong row and texts in
/// every call were a dozen atomic counts per product, each a cache line the server's two loops
/// took from one another (Benchmarks/NOTES.md, issue 43).
@usableFromInline package struct ObjectRow {
    /// What keeps the row's memory alive while its object is written: the row object, or, for a
    /// schema read from SDL, its texts alone; nil when its binding keeps the row (`init(kept:leaves:)`)
    /// or there is none (the fields then resolve).
    @usableFromInline var owner: AnyObject?
    /// `owner` when it is a row object its type's fields read, unretained (`FieldCall.row`).
    @usableFromInline let row: Unmanaged<AnyObject>?
    /// The row's texts, valid while `owner` lives.
    @usableFromInline let leaves: LeafTexts.View?

    /// A typed row object, with the view of the texts it keeps (nil when its type keeps none).
    @inlinable init(_ object: AnyObject, leaves: LeafTexts.View?) {
        owner = object
        row = Unmanaged.passUnretained(object)
        self.leaves = leaves
    }

    /// A row its binding keeps while the request runs (`TypedSchemaBuilder.object(_:_:keptRow:_:)`):
    /// nothing to hold, no reference counted.
    @inlinable init(kept object: Unmanaged<AnyObject>, leaves: LeafTexts.View?) {
        owner = nil
        row = object
        self.leaves = leaves
    }

    /// The row of an object of a schema read from SDL: its leaf texts, or none (nil: its
    /// `.leaf` fields run their fallback resolvers).
    package init(leaves: LeafTexts?) {
        owner = leaves
        row = nil
        self.leaves = leaves?.view
    }
}

/// How a field is resolved: generally, or straight to a leaf value that the executor writes
/// without building a `Resolved` or `JSON` value first (most fields of a listing are leaves).
@usableFromInline enum ResolverKind: Sendable {
    case general(FieldResolver)
    /// For `String`, `ID` and enum fields.
    case string(@Sendable (FieldCall) throws -> String?)
    /// For `String` and `ID` fields whose text is made on the fly (money, times): the resolver
    /// passes the UTF-8 bytes to the writer it is given, which copies them into the response;
    /// not calling it means null, and only the first call counts. The bytes must be valid UTF-8.
    /// `escapeFree`: the text never needs escaping (`UTF8Writable.isEscapeFree`).
    case utf8(@Sendable (FieldCall, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void, escapeFree: Bool)
    case int(@Sendable (FieldCall) throws -> Int?)
    case bool(@Sendable (FieldCall) throws -> Bool?)
    /// For text fields written from the row's `LeafTexts`: the slot, and, for a schema read from
    /// SDL, the text resolver that answers for an object whose row has no texts (nil for a typed
    /// row, which always has them).
    case leaf(Int, fallback: (@Sendable (FieldCall) throws -> String?)?)
}

