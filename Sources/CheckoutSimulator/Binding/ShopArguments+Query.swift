import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `Query.products`.
struct ProductsArguments: FieldArguments {
    static var arguments: [ArgumentSpec] {
        [
            .init("first", "Int", "How many products to return, 1 to 100.", default: "20"),
            .init("after", "String", "The endCursor of the previous page."),
            .init("offset", "Int",
                  "Skip this many matching products (page-number paging, 0 to 1000000). Not duplicate-safe: a product added or re-sorted between pages can repeat or be skipped; use `after` for that. Not together with `after`."),
            .init("filter", "ProductFilter", "Which products to include."),
            .init("sort", "ProductSort", "The order of the products.", default: "FEATURED"),
        ]
    }

    let first: Int
    let sort: ProductOrder
    let after: Cursor?
    let offset: Int
    let filter: ProductFilterInput

    init(_ values: ArgumentValues) throws {
        first = try ListingArguments.pageSize(values.int("first"))
        sort = try values.enumeration("sort", as: ProductOrder.self)
        after = try ListingArguments.cursor(values.optionalString("after"), endpoint: ProductOrder.productsEndpoint, order: sort)
        offset = try ListingArguments.offset(values.optionalInt("offset"), with: after)
        filter = try ProductFilterInput(values, argument: "filter")
    }
}

/// `Query.brandSections`.
struct BrandSectionsArguments: FieldArguments {
    static var arguments: [ArgumentSpec] {
        [
            .init("first", "Int", "How many products the page holds, 1 to 100.", default: "20"),
            .init("after", "String", "The endCursor of the previous page."),
            .init("filter", "ProductFilter", "Which products to include."),
        ]
    }

    let first: Int
    let after: Cursor?
    let filter: ProductFilterInput

    init(_ values: ArgumentValues) throws {
        first = try ListingArguments.pageSize(values.int("first"))
        after = try ListingArguments.cursor(values.optionalString("after"), endpoint: ProductOrder.brandSectionsEndpoint, order: .brand)
        filter = try ProductFilterInput(values, argument: "filter")
    }
}

/// `Query.productFacets`.
struct FacetsArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("filter", "ProductFilter", "The filter as the screen has it now.")] }

    let filter: ProductFilterInput

    init(_ values: ArgumentValues) throws {
        filter = try ProductFilterInput(values, argument: "filter")
    }
}

/// `Query.suggestedProducts`.
struct SuggestionsArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("first", "Int", "How many products, 1 to 100.", default: "10")] }

    let first: Int

    init(_ values: ArgumentValues) throws {
        first = try ListingArguments.pageSize(values.int("first"))
    }
}

/// `Query.brands(includeEmpty:)`.
struct BrandsArguments: FieldArguments {
    static var arguments: [ArgumentSpec] {
        [.init("includeEmpty", "Boolean", "Also list brands with no products (such as the store's house brand).", default: "false")]
    }

    let includeEmpty: Bool

    init(_ values: ArgumentValues) throws {
        includeEmpty = try values.bool("includeEmpty")
    }
}

/// `Query.product(id:)`.
struct ProductLookupArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("id", "ID!", "The product's id.")] }

    let id: String

    init(_ values: ArgumentValues) throws {
        id = try values.string("id")
    }
}

/// `Query.order(id:)`.
struct OrderLookupArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("id", "ID!", "The order's id.")] }

    let id: String

    init(_ values: ArgumentValues) throws {
        id = try values.string("id")
    }
}

/// `Query.<singular>(id:)` of a content collection.
struct ContentItemArguments: FieldArguments {
    static var arguments: [ArgumentSpec] { [.init("id", "ID!", "The item's id.")] }
    let id: String

    init(_ values: ArgumentValues) throws { id = try values.string("id") }
}
