import CheckoutSimGraphQL

/// Shopify's Customer Account API (docs/customers.md#customer-accounts): the bundled 2026-04 schema
/// (`Storefront/customer-account-2026-04.graphql`, no descriptions), built once on first use with
/// the customer's profile, addresses and orders bound over Commerce and every other field
/// answering its default, as the Storefront schema's unmodeled fields do.
package enum CustomerAccountSchema {
    /// The version bundled; every version a path names is answered by it.
    package static let version = "2026-04"
    static let resourcePath = "Storefront/customer-account-\(version).graphql"

    /// The SDL as bundled.
    package static func sdl() -> String {
        EmbeddedResources.files.first { $0.path == resourcePath }?.text ?? ""
    }

    /// The schema, or why it could not be built (a broken bundle; a test builds it).
    package static func built() -> Result<Schema, SchemaError> { builtSchema }

    private static let builtSchema = Result { () throws(SchemaError) -> Schema in
        let (definitions, facts, modeled) = try parts()
        return try SchemaDefinitionLoader.build(
            definitions, contextType: StorefrontContext.self,
            cost: CostRule(price: StorefrontCost.price, refusal: .queryTooComplex, complexity: StorefrontComplexity.price)
        ) { site in
            StorefrontSchema.resolution(for: site, modeled: modeled, facts: facts)
        }
    }

    private static func parts() throws(SchemaError) -> (SchemaDefinitions, SchemaFacts, ModeledFields) {
        let definitions = try SchemaDefinitionLoader.parse(sdl())
        let facts = SchemaFacts(definitions)
        let modeled = CustomerAccountBinding.fields(facts: facts)
        guard modeled.problems.isEmpty, modeled.absent.isEmpty else { throw SchemaError(problems: modeled.problems + modeled.absent.map { "\($0) is not in the schema" }) }
        return (definitions, facts, modeled)
    }

    /// `Type.field` of every field modeled, sorted (docs/customers.md lists them).
    package static func modeledFields() -> [String] {
        guard let (_, _, modeled) = try? parts() else { return [] }
        return modeled.resolvers.keys.sorted()
    }
}

/// The modeled part of the Customer Account API: the signed-in customer (the request's access
/// token named them, `StorefrontSettings.accountCustomer`), their addresses and orders, and the
/// mutations that change them.
enum CustomerAccountBinding {
    static func fields(facts: SchemaFacts) -> ModeledFields {
        var fields = ModeledFields(facts: facts)
        StorefrontBinding.connectionFields(&fields, facts: facts)
        accountCustomerFields(&fields)
        accountOrderFields(&fields)
        accountMutations(&fields)
        return fields
    }
}
