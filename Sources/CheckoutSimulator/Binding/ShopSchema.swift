import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The shop's GraphQL schema (SPEC §5): types, descriptions and resolvers over `ShopState`.
///
/// Each `ShopSchema+<Area>.swift` declares one area's types with the typed builder; the types
/// themselves, with the Swift value each one's fields read, are listed in `ShopTypes`, and each
/// field's arguments are a struct in `ShopArguments*.swift`. The declaration order here is the
/// order `checkout-sim schema` prints.
enum ShopSchema {
    typealias Builder = TypedSchemaBuilder<RequestContext>
    typealias T = ShopTypes

    /// Built once per process: the schema is immutable and shared by every simulator.
    static let shared: Result<Schema, SchemaError> = Result { () throws(SchemaError) in try build() }

    static func build() throws(SchemaError) -> Schema {
        var builder = Builder()
        builder.object(T.query, "The entry points for reading the shop.", addQueryFields)
        builder.object(T.mutation, "The entry points for changing the session's cart, favorites and the catalog.", addMutationFields)
        addCatalogTypes(to: &builder)
        addCartTypes(to: &builder)
        addCheckoutTypes(to: &builder)
        return try builder.build(query: T.query, mutation: T.mutation)
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
