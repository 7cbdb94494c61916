/// The output types a schema composes its fields' types from (`OutputType`).

/// `String` or `ID`: a resolver returns `String?`.
public struct TextOutput: NullableOutputType {
    public typealias Element = String
    public let source: String
    public var namedTypes: [TypeReference] { [] }

    @usableFromInline init(_ source: String) {
        self.source = source
    }

    @inlinable public static func resolved(element: String) -> Resolved { .string(element) }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> String?) -> FieldResolution {
        FieldResolution(.string { call in try body(call) })
    }

    @inlinable public static func resolution(nonNull body: @escaping @Sendable (FieldCall) throws -> String) -> FieldResolution {
        FieldResolution(.string { call in try body(call) })
    }
}

/// `Int`: a resolver returns `Int?`; values outside 32 bits are field errors, as graphql-js reports them.
public struct IntOutput: NullableOutputType {
    public typealias Element = Int
    public var source: String { "Int" }
    public var namedTypes: [TypeReference] { [] }

    @usableFromInline init() {}

    @inlinable public static func resolved(element: Int) -> Resolved { .int(element) }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Int?) -> FieldResolution {
        FieldResolution(.int { call in try body(call) })
    }

    @inlinable public static func resolution(nonNull body: @escaping @Sendable (FieldCall) throws -> Int) -> FieldResolution {
        FieldResolution(.int { call in try body(call) })
    }
}

/// `Boolean`: a resolver returns `Bool?`.
public struct BooleanOutput: NullableOutputType {
    public typealias Element = Bool
    public var source: String { "Boolean" }
    public var namedTypes: [TypeReference] { [] }

    @usableFromInline init() {}

    @inlinable public static func resolved(element: Bool) -> Resolved { .bool(element) }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Bool?) -> FieldResolution {
        FieldResolution(.bool { call in try body(call) })
    }

    @inlinable public static func resolution(nonNull body: @escaping @Sendable (FieldCall) throws -> Bool) -> FieldResolution {
        FieldResolution(.bool { call in try body(call) })
    }
}

/// A value that writes its own text as UTF-8 (an amount, a time) instead of making a `String`:
/// the bytes go straight into the response. They must be valid UTF-8, written in one call.
public protocol UTF8Writable: Sendable {
    /// Passes the text's bytes to `sink`, once.
    func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void)
    /// True when the text can never hold a character JSON escapes (a quote, a backslash, a
    /// control character), so it is copied into the response unscanned; false unless a type says so.
    static var isEscapeFree: Bool { get }
}

extension UTF8Writable {
    public static var isEscapeFree: Bool { false }
}

/// `String` whose values are `Element`s that write their own text: a resolver returns `Element?`.
public struct WrittenTextOutput<Element: UTF8Writable>: NullableOutputType {
    public var source: String { "String" }
    public var namedTypes: [TypeReference] { [] }

    @usableFromInline init() {}

    @inlinable public static func resolved(element: Element) -> Resolved {
        var text = ""
        element.writeUTF8 { text = String(decoding: $0, as: UTF8.self) }
        return .string(text)
    }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Element?) -> FieldResolution {
        FieldResolution(.utf8({ call, write in try body(call)?.writeUTF8(to: write) }, escapeFree: Element.isEscapeFree))
    }

    @inlinable public static func resolution(nonNull body: @escaping @Sendable (FieldCall) throws -> Element) -> FieldResolution {
        FieldResolution(.utf8({ call, write in try body(call).writeUTF8(to: write) }, escapeFree: Element.isEscapeFree))
    }
}

/// A leaf or list of leaves whose value is JSON data, checked against `source` as it is written:
/// for types built from data (content collections), whose Swift types are not known when the code
/// is compiled. Nil or `.null` means null; an array is a list.
public struct DataOutput: OutputType {
    public typealias Value = JSON?
    public let source: String
    public var namedTypes: [TypeReference] { [] }

    @inlinable @inline(__always) public static func resolved(_ value: JSON?) -> Resolved {
        switch value {
        case nil, .null?: .null
        case .array(let items)?: .list(items.map { $0 == .null ? .null : .leaf($0) })
        case let value?: .leaf(value)
        }
    }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> JSON?) -> FieldResolution {
        FieldResolution(.general { call in resolved(try body(call)) })
    }
}

/// `Wrapped!`: a resolver returns `Wrapped.Element`, never nil. One that finds nothing throws
/// `FieldError.noValue`, which is reported as any null in a non-null field is.
public struct NonNullOutput<Wrapped: NullableOutputType>: OutputType {
    public typealias Value = Wrapped.Element
    public let wrapped: Wrapped
    public var source: String { wrapped.source + "!" }
    public var namedTypes: [TypeReference] { wrapped.namedTypes }

    @inlinable public static func resolved(_ value: Wrapped.Element) -> Resolved { Wrapped.resolved(element: value) }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Wrapped.Element) -> FieldResolution {
        Wrapped.resolution(nonNull: body)
    }
}

/// `[Item]`: a resolver returns `[Item.Value]?`.
public struct ListOutput<Item: OutputType>: NullableOutputType {
    public typealias Element = [Item.Value]
    public let item: Item
    public var source: String { "[" + item.source + "]" }
    public var namedTypes: [TypeReference] { item.namedTypes }

    @inlinable public static func resolved(element: [Item.Value]) -> Resolved { .list(element.map(Item.resolved)) }
}

/// `Wrapped` resolved together with the context its whole subtree reads instead of the request's:
/// how a field answers from a snapshot of its data rather than the live data. A resolver returns
/// the value and that context.
public struct ScopedOutput<Wrapped: OutputType, Context: AnyObject>: OutputType {
    public typealias Value = (Wrapped.Value, in: Context)
    public let wrapped: Wrapped
    public var source: String { wrapped.source }
    public var namedTypes: [TypeReference] { wrapped.namedTypes }

    @inlinable public static func resolved(_ value: Value) -> Resolved { .withContext(value.in, Wrapped.resolved(value.0)) }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Value) -> FieldResolution {
        FieldResolution(.general { call in
            let (value, scoped) = try body(call)
            return scoped === call.context ? Wrapped.resolved(value) : .withContext(scoped, Wrapped.resolved(value))
        })
    }
}

extension ObjectType: NullableOutputType {
    public typealias Element = Carrier.Parent
    public var source: String { name }
    public var namedTypes: [TypeReference] { [TypeReference(name, Carrier.self, place: "")] }

    @inlinable public static func resolved(element: Carrier.Parent) -> Resolved { Carrier.wrap(element) }
}

extension EnumType: NullableOutputType {
    public typealias Element = Case
    public var source: String { name }
    public var namedTypes: [TypeReference] { [TypeReference(name, Case.self, place: "")] }

    @inlinable public static func resolved(element: Case) -> Resolved { .string(element.rawValue) }

    @inlinable public static func resolution(_ body: @escaping @Sendable (FieldCall) throws -> Case?) -> FieldResolution {
        FieldResolution(.string { call in try body(call)?.rawValue })
    }

    @inlinable public static func resolution(nonNull body: @escaping @Sendable (FieldCall) throws -> Case) -> FieldResolution {
        FieldResolution(.string { call in try body(call).rawValue })
    }
}

// MARK: Spelling the types as GraphQL does

extension OutputType where Self == TextOutput {
    /// `String`.
    public static var string: TextOutput { TextOutput("String") }
    /// `ID`.
    public static var id: TextOutput { TextOutput("ID") }
}

extension OutputType where Self == IntOutput {
    /// `Int`.
    public static var int: IntOutput { IntOutput() }
}

extension OutputType where Self == BooleanOutput {
    /// `Boolean`.
    public static var boolean: BooleanOutput { BooleanOutput() }
}

extension OutputType {
    /// `String`, its values written by `Element` (`UTF8Writable`).
    public static func string<Element>(writtenBy _: Element.Type) -> Self where Self == WrittenTextOutput<Element> {
        WrittenTextOutput()
    }

}

extension OutputType {
    /// `wrapped!`.
    public static func nonNull<Wrapped>(_ wrapped: Wrapped) -> Self where Self == NonNullOutput<Wrapped> {
        NonNullOutput(wrapped: wrapped)
    }

    /// `[item]`.
    public static func list<Item: OutputType>(_ item: Item) -> Self where Self == ListOutput<Item> {
        ListOutput(item: item)
    }

    /// `wrapped`, resolved with the context the resolver returns beside its value.
    public static func scoped<Wrapped, Context>(_ wrapped: Wrapped, in _: Context.Type) -> Self where Self == ScopedOutput<Wrapped, Context> {
        ScopedOutput(wrapped: wrapped)
    }

    /// A leaf type built from data, written as GraphQL source (`"[Float!]"`): see `DataOutput`.
    public static func data(_ source: String) -> Self where Self == DataOutput {
        DataOutput(source: source)
    }
}
