/// The modeled part of the Storefront schema (docs/storefront.md#modeled-fields): each feature
/// adds its fields; every field not added answers its default.
enum StorefrontBinding {
    static func fields(facts: SchemaFacts) -> ModeledFields {
        var fields = ModeledFields(facts: facts)
        connectionFields(&fields, facts: facts)
        shopFields(&fields)
        productFields(&fields)
        catalogTexts(&fields)
        variantFields(&fields)
        catalogQueries(&fields)
        collectionFields(&fields)
        contentFields(&fields)
        filterFields(&fields)
        searchFields(&fields)
        cartFields(&fields, facts: facts)
        giftCardAndDeliveryFields(&fields)
        cartMutations(&fields)
        addressFields(&fields)
        customerFields(&fields, facts: facts)
        customerOrderFields(&fields)
        customerMutations(&fields)
        customerLinkMutations(&fields)
        return fields
    }
}
