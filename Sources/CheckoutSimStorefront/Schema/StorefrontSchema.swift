import CheckoutSimGraphQL

/// Shopify's Storefront schema (API version 2026-04, `Storefront/storefront-2026-04.graphql`),
/// built once per process with the modeled fields bound over Commerce and every other field
/// answering its default (docs/storefront.md).
package enum StorefrontSchema {
    /// The API version whose schema every `/api/VERSION/graphql.json` answers with.
    package static let version = "2026-04"

    /// The schema's SDL as bundled (no descriptions).
    package static let sdl: String = EmbeddedResources.files.first { $0.path == "Storefront/storefront-\(version).graphql" }?.text ?? ""

    /// The bundled SDL parsed, with the facts the defaults need and the modeled fields.
    private static let parts: Result<(SchemaDefinitions, SchemaFacts, ModeledFields), SchemaError> = Result {
        () throws(SchemaError) -> (SchemaDefinitions, SchemaFacts, ModeledFields) in
        let definitions = try SchemaDefinitionLoader.parse(sdl)
        let facts = SchemaFacts(definitions)
        return (definitions, facts, StorefrontBinding.fields(facts: facts))
    }

    /// The built schema, or why it could not be built (a broken bundle; tests build it).
    package static let built: Result<Schema, SchemaError> = parts.flatMap { definitions, facts, modeled in
        Result { () throws(SchemaError) -> Schema in
            try SchemaDefinitionLoader.build(
                definitions, contextType: StorefrontContext.self,
                rows: { modeled.rows[$0] }
            ) { site in
                resolution(for: site, modeled: modeled, facts: facts)
            }
        }
    }

    /// `Type.field` of every modeled field, sorted (docs/storefront.md lists them).
    package static var modeledFields: [String] {
        (try? parts.get().2.resolvers.keys.sorted()) ?? []
    }

    /// A text field's answer: `body`'s, or its default for a defaulted parent.
    private static func textAnswer(
        _ body: @escaping @Sendable (FieldCall, StorefrontContext) throws -> String?, type: TypeNode, facts: SchemaFacts
    ) -> @Sendable (FieldCall) throws -> String? {
        { call in
            try call.withContext(as: StorefrontContext.self) { context in
                if call.parentInteger == DefaultObject.marker {
                    return DefaultAnswer.resolved(type, facts: facts, context: context, schema: call.executedSchema).leafText
                }
                return try body(call, context)
            }
        }
    }

    private static func resolution(for site: SchemaDefinitionLoader.FieldSite, modeled: ModeledFields, facts: SchemaFacts) -> FieldResolution {
        let name = "\(site.typeName).\(site.fieldName)"
        let type = site.type
        switch modeled.resolvers[name] {
        case .text(let body)?:
            // Leaves answer straight to the writer (no `Resolved`, no `JSON` box).
            return .text(textAnswer(body, type: type, facts: facts))
        case .kept(let slot, let body)?:
            return .leaf(slot, fallback: textAnswer(body, type: type, facts: facts))
        case .boolean(let body)?:
            return .boolean { call in
                if call.parentInteger == DefaultObject.marker { return site.type.isNonNullType ? false : nil }
                return try call.withContext(as: StorefrontContext.self) { try body(call, $0) }
            }
        case .general(let body)?:
            return .general { call in
                try call.withContext(as: StorefrontContext.self) { context in
                    // A defaulted parent has no data: its modeled fields answer defaults too.
                    if call.parentInteger == DefaultObject.marker {
                        return DefaultAnswer.resolved(type, facts: facts, context: context, schema: call.executedSchema)
                    }
                    return try body(call, context)
                }
            }
        case nil:
            break
        }
        return .general { call in
            call.withContext(as: StorefrontContext.self) { context in
                if call.parentInteger != DefaultObject.marker { context.touch(name) }
                return DefaultAnswer.resolved(type, facts: facts, context: context, schema: call.executedSchema)
            }
        }
    }
}

/// How a modeled field answers: from its parent as carried (`FieldCall.parentValue` or
/// `parentInteger`), its arguments and the context.
typealias ModeledResolver = @Sendable (FieldCall, StorefrontContext) throws -> Resolved

/// A modeled field: answered generally, or, for the many leaves of a listing, as text or a
/// flag written straight into the response.
enum Modeled: Sendable {
    case general(ModeledResolver)
    case text(@Sendable (FieldCall, StorefrontContext) throws -> String?)
    case boolean(@Sendable (FieldCall, StorefrontContext) throws -> Bool?)
    /// A text field kept in its object's row (`KeptTexts`) at `slot`; `fallback` answers for an
    /// object without one.
    case kept(slot: Int, fallback: @Sendable (FieldCall, StorefrontContext) throws -> String?)
}

/// The modeled fields by `Type.field`.
struct ModeledFields: Sendable {
    private(set) var resolvers: [String: Modeled] = [:]

    mutating func add(_ type: String, _ field: String, _ body: @escaping ModeledResolver) {
        resolvers["\(type).\(field)"] = .general(body)
    }

    /// A `String`, `ID`, enum or text-written custom scalar field.
    mutating func text(_ type: String, _ field: String, _ body: @escaping @Sendable (FieldCall, StorefrontContext) throws -> String?) {
        resolvers["\(type).\(field)"] = .text(body)
    }

    /// A text field kept at `slot` of its object's texts (`KeptTexts.add(to:row:)`).
    mutating func kept(_ type: String, _ field: String, slot: Int, _ fallback: @escaping @Sendable (FieldCall, StorefrontContext) throws -> String?) {
        resolvers["\(type).\(field)"] = .kept(slot: slot, fallback: fallback)
    }

    /// The row readers of the object types with kept texts (`KeptTexts`).
    private(set) var rows: [String: RowReading] = [:]

    mutating func rows(of type: String, _ read: @escaping RowReader) {
        rows[type] = RowReading(read)
    }

    /// A `Boolean` field.
    mutating func boolean(_ type: String, _ field: String, _ body: @escaping @Sendable (FieldCall, StorefrontContext) throws -> Bool?) {
        resolvers["\(type).\(field)"] = .boolean(body)
    }
}

extension Resolved {
    /// A default leaf's text (nil: null).
    var leafText: String? {
        if case .leaf(.string(let text)) = self { return text }
        return nil
    }
}

extension TypeNode {
    var isNonNullType: Bool {
        if case .nonNull = self { return true }
        return false
    }
}
