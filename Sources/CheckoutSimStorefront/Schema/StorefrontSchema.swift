import CheckoutSimGraphQL

/// Shopify's Storefront schemas, one per bundled API version (`Storefront/storefront-VERSION.graphql`),
/// each built on first use with the modeled fields bound over Commerce and every other field
/// answering its default (docs/storefront.md#api-versions). The binding is one: every version's
/// fields are bound by `Type.field` from the same table, read against that version's facts, so
/// a field a version lacks is simply not bound there.
package enum StorefrontSchema {
    /// The SDL of `version` as bundled (no descriptions).
    package static func sdl(_ version: StorefrontAPIVersion = .newest) -> String {
        EmbeddedResources.files.first { $0.path == version.resourcePath }?.text ?? ""
    }

    /// The schema of `version`, or why it could not be built (a broken bundle; tests build each).
    /// Built once, the first time a request names the version.
    package static func built(_ version: StorefrontAPIVersion = .newest) -> Result<Schema, SchemaError> {
        switch version {
        case .v2025_01: built2025_01
        case .v2025_04: built2025_04
        case .v2025_07: built2025_07
        case .v2025_10: built2025_10
        case .v2026_01: built2026_01
        case .v2026_04: built2026_04
        }
    }

    // One lazily made static per version: each is built by the first request that needs it.
    private static let built2025_01 = build(.v2025_01)
    private static let built2025_04 = build(.v2025_04)
    private static let built2025_07 = build(.v2025_07)
    private static let built2025_10 = build(.v2025_10)
    private static let built2026_01 = build(.v2026_01)
    private static let built2026_04 = build(.v2026_04)

    /// The bundled SDL of `version` parsed, with the facts the defaults need and the modeled fields.
    private static func parts(_ version: StorefrontAPIVersion) throws(SchemaError) -> (SchemaDefinitions, SchemaFacts, ModeledFields) {
        let definitions = try SchemaDefinitionLoader.parse(sdl(version))
        let facts = SchemaFacts(definitions)
        let modeled = StorefrontBinding.fields(facts: facts)
        guard modeled.problems.isEmpty else { throw SchemaError(problems: modeled.problems) }
        return (definitions, facts, modeled)
    }

    private static func build(_ version: StorefrontAPIVersion) -> Result<Schema, SchemaError> {
        Result { () throws(SchemaError) -> Schema in
            let (definitions, facts, modeled) = try parts(version)
            return try SchemaDefinitionLoader.build(
                definitions, contextType: StorefrontContext.self, introspectsOneOf: version.introspectsOneOf,
                rows: { modeled.rows[$0] },
                cost: CostRule(price: StorefrontCost.price, refusal: .queryTooComplex, complexity: StorefrontComplexity.price)
            ) { site in
                resolution(for: site, modeled: modeled, facts: facts)
            }
        }
    }

    /// `Type.field` of every field modeled in `version`, sorted (docs/storefront.md lists the newest's).
    package static func modeledFields(_ version: StorefrontAPIVersion = .newest) -> [String] {
        guard let (_, facts, modeled) = try? parts(version) else { return [] }
        return modeled.resolvers.keys.filter { facts.fieldTypes[$0] != nil }.sorted()
    }

    /// `Type.field` of each field the binding models that `version` does not have.
    package static func fieldsModeledElsewhere(_ version: StorefrontAPIVersion) -> [String] {
        (try? parts(version))?.2.absent ?? []
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

    /// How the field at `site` resolves: as `modeled` binds it, else its default (a defaulted
    /// parent's modeled fields answer defaults too). The Customer Account API's schema resolves so too.
    static func resolution(for site: SchemaDefinitionLoader.FieldSite, modeled: ModeledFields, facts: SchemaFacts) -> FieldResolution {
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

/// The modeled fields of one API version by `Type.field`, added type by type (`ObjectFields`),
/// with every way they disagree with the version's SDL.
struct ModeledFields: Sendable {
    let facts: SchemaFacts
    private(set) var resolvers: [String: Modeled] = [:]
    /// The row readers of the object types with kept texts (`KeptTexts`).
    private(set) var rows: [String: RowReading] = [:]
    /// Where the binding disagrees with the SDL: the version's schema is not built.
    private(set) var problems: [String] = []
    /// `Type.field` of the fields bound that this version lacks (each is in another version).
    private(set) var absent: [String] = []

    init(facts: SchemaFacts) {
        self.facts = facts
    }

    /// The fields of the object type `type`, whose objects travel as `Parent`.
    mutating func object<Parent: StorefrontObject>(
        _ type: String, as _: Parent.Type, _ declare: (inout ObjectFields<Parent>) -> Void
    ) {
        var fields = ObjectFields<Parent>(type, facts: facts)
        declare(&fields)
        for (field, modeled) in fields.added { resolvers["\(type).\(field)"] = modeled }
        problems += fields.problems
        absent += fields.absent
    }

    mutating func rows(of type: String, _ read: @escaping RowReader) {
        rows[type] = RowReading(read)
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
