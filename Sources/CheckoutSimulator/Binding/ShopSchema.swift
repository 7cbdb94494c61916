import CheckoutSimSupport
import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The shop's GraphQL schema (docs/schema.md): types, descriptions and resolvers over `ShopState`.
///
/// Each `ShopSchema+<Area>.swift` declares one area's types with the typed builder; the types
/// themselves, with the Swift value each one's fields read, are listed in `ShopTypes`, and each
/// field's arguments are a struct in `ShopArguments*.swift`. The declaration order here is the
/// order `checkout-sim schema` prints.
enum ShopSchema {
    typealias Builder = TypedSchemaBuilder<RequestContext>
    typealias Types = ShopTypes

    /// The shop schema without content collections, built once per process.
    static let shared: Result<Schema, SchemaError> = Result { () throws(SchemaError) in try build(content: .empty) }

    /// Schemas by `ContentCollections.schemaSignature`: simulators over fixture sets with the same
    /// collection types share one schema (building one costs about a millisecond). A few are kept.
    private static let built = Locked<[(signature: String, schema: Result<Schema, SchemaError>)]>([])

    /// The schema for fixtures with `content`, built once per distinct set of collection types.
    static func schema(for content: ContentCollections) -> Result<Schema, SchemaError> {
        if content.collections.isEmpty { return shared }
        let signature = content.schemaSignature
        if let found = built.withLock({ $0.first { $0.signature == signature }?.schema }) { return found }
        let schema = Result { () throws(SchemaError) in try build(content: content) }
        built.withLock { entries in
            if entries.count == 8 { entries.removeFirst() }
            entries.append((signature, schema))
        }
        return schema
    }

    /// The names the shop schema takes, which content collections may not.
    static var reservedNames: ContentLoader.Reserved {
        guard case .success(let schema) = shared else { return ContentLoader.Reserved(typeNames: [], queryFields: []) }
        let query = schema.types[schema.queryType].fields.map(\.name)
        return ContentLoader.Reserved(typeNames: Set(schema.types.map(\.name)), queryFields: Set(query + ["__schema", "__type", "__typename"]))
    }

    static func build(content: ContentCollections) throws(SchemaError) -> Schema {
        var builder = Builder()
        builder.costFields(ShopCost.price)
        builder.declareDefer()
        builder.object(Types.query, "The entry points for reading the shop.") { fields in
            addQueryFields(&fields)
            addCustomerQueryFields(&fields)
            addCollectionQueryFields(content, to: &fields)
        }
        builder.object(Types.mutation, "The entry points for changing the session's cart, favorites, customer and the catalog.") { fields in
            addMutationFields(&fields)
            addCustomerMutationFields(&fields)
        }
        addCatalogTypes(to: &builder)
        addCartTypes(to: &builder)
        addCheckoutTypes(to: &builder)
        addCustomerTypes(to: &builder)
        addCollectionTypes(content, to: &builder)
        return try builder.build(query: Types.query, mutation: Types.mutation)
    }

    /// Product positions as the `Product` objects they stand for.
    static func products(_ positions: [Int]) -> [ProductPosition] {
        positions.map(ProductPosition.init)
    }

    /// The session's favorites, newest first, as products (ids no longer in the catalog are skipped).
    static func favoriteProducts(_ ids: [String], context: RequestContext) -> [ProductPosition] {
        let catalog = context.state.shop.catalog
        return ids.compactMap { catalog.position(of: $0).map(ProductPosition.init) }
    }
}
