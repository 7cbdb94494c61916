import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A defaulted object travels as this integer (no box, no cast to tell it apart): it has no
/// data, so each of its fields answers its own default (docs/storefront.md#unmodeled-fields).
enum DefaultObject {
    static let marker = Int.min

    static var resolved: Resolved { .integer(marker) }
}

/// The deterministic answer of a field the mock does not model, by its type: `null` where
/// nullable; `[]` for lists; an object (a connection is one: no edges, no nodes, a page info
/// saying nothing more) whose fields answer the same way; `""`, `0`, `false`, `"0.0"` for
/// `Decimal`, the shop's URL for `URL`, the clock's start for `DateTime`, the first enum value.
/// An interface or union answers its first possible type.
enum DefaultAnswer {
    /// The answer of a field of type `type` in `context`.
    static func resolved(_ type: TypeNode, facts: SchemaFacts, context: StorefrontContext, schema: Schema) -> Resolved {
        switch type {
        case .list: return .list([])
        case .named(let name):
            // A connection answers an empty one even where it may be null.
            guard name.value.hasSuffix("Connection"), facts.kinds[name.value] == .object else { return .null }
            return DefaultObject.resolved
        case .nonNull(let inner, _):
            guard case .named(let name) = inner else { return .list([]) }
            return nonNull(name.value, facts: facts, context: context, schema: schema)
        }
    }

    private static func nonNull(_ name: String, facts: SchemaFacts, context: StorefrontContext, schema: Schema) -> Resolved {
        switch facts.kinds[name] {
        case .object?: return DefaultObject.resolved
        case .interface?, .union?:
            guard let first = facts.possibleTypes[name]?.first, let index = schema.typeIndex[first] else { return .null }
            return .typed(type: index, DefaultObject.resolved)
        case .enumeration?: return facts.firstEnumValue(name).map { .leaf(.string($0)) } ?? .null
        default: return .leaf(scalar(name, context: context))
        }
    }

    /// A non-null scalar's default.
    static func scalar(_ name: String, context: StorefrontContext) -> JSON {
        switch name {
        case "Int": .int(0)
        case "Float": .double(0)
        case "Boolean": .bool(false)
        case "Decimal": .string("0.0")
        case "UnsignedInt64": .string("0")
        case "URL": .string("https://\(context.settings.domain)")
        case "DateTime", "ISO8601DateTime": .string(context.shop.startClock.iso8601)
        default: .string("")
        }
    }
}
