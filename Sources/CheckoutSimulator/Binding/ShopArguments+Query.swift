import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `Query.products`.
struct ProductsArguments: FieldArguments {
    static let first = ArgumentKey<Int>("first", .int, default: 20, "How many products to return, 1 to 100.")
    static let offset = ArgumentKey<Int?>(
        "offset", .int,
        "Skip this many matching products (page-number paging, 0 to 1000000). Not duplicate-safe: a product added or re-sorted between pages can repeat or be skipped; use `after` for that. Not together with `after`."
    )
    static let sort = ArgumentKey<ProductOrder>("sort", ShopTypes.productSort, default: .featured, "The order of the products.")
    static var arguments: [ArgumentDeclaration] {
        [first.declaration, ListingArguments.after.declaration, offset.declaration, ProductFilterInput.filter.declaration, sort.declaration]
    }

    let first: Int
    let sort: ProductOrder
    let after: Cursor?
    let offset: Int
    let filter: ProductFilterInput

    init(_ values: ArgumentValues) throws {
        first = try ListingArguments.pageSize(values[Self.first])
        sort = try values[Self.sort]
        after = try ListingArguments.cursor(values[ListingArguments.after], endpoint: ProductOrder.productsEndpoint, order: sort)
        offset = try ListingArguments.offset(values[Self.offset], with: after)
        filter = try ProductFilterInput(values[ProductFilterInput.filter])
    }
}

/// `Query.brandSections`.
struct BrandSectionsArguments: FieldArguments {
    static let first = ArgumentKey<Int>("first", .int, default: 20, "How many products the page holds, 1 to 100.")
    static var arguments: [ArgumentDeclaration] {
        [first.declaration, ListingArguments.after.declaration, ProductFilterInput.filter.declaration]
    }

    let first: Int
    let after: Cursor?
    let filter: ProductFilterInput

    init(_ values: ArgumentValues) throws {
        first = try ListingArguments.pageSize(values[Self.first])
        after = try ListingArguments.cursor(values[ListingArguments.after], endpoint: ProductOrder.brandSectionsEndpoint, order: .brand)
        filter = try ProductFilterInput(values[ProductFilterInput.filter])
    }
}

/// `Query.productFacets`.
struct FacetsArguments: FieldArguments {
    static let filter = ArgumentKey<ArgumentValues?>("filter", ShopTypes.productFilter, "The filter as the screen has it now.")
    static var arguments: [ArgumentDeclaration] { [filter.declaration] }

    let filter: ProductFilterInput

    init(_ values: ArgumentValues) throws {
        filter = try ProductFilterInput(values[Self.filter])
    }
}

/// `Query.suggestedProducts`.
struct SuggestionsArguments: FieldArguments {
    static let first = ArgumentKey<Int>("first", .int, default: 10, "How many products, 1 to 100.")
    static var arguments: [ArgumentDeclaration] { [first.declaration] }

    let first: Int

    init(_ values: ArgumentValues) throws {
        first = try ListingArguments.pageSize(values[Self.first])
    }
}

/// `Query.brands(includeEmpty:)`.
struct BrandsArguments: FieldArguments {
    static let includeEmpty = ArgumentKey<Bool>(
        "includeEmpty", .boolean, default: false, "Also list brands with no products (such as the store's house brand).")
    static var arguments: [ArgumentDeclaration] { [includeEmpty.declaration] }

    let includeEmpty: Bool

    init(_ values: ArgumentValues) throws {
        includeEmpty = try values[Self.includeEmpty]
    }
}

/// `Query.product(id:)`.
struct ProductLookupArguments: FieldArguments {
    static let id = ArgumentKey<String>("id", .nonNull(.id), "The product's id.")
    static var arguments: [ArgumentDeclaration] { [id.declaration] }

    let id: String

    init(_ values: ArgumentValues) throws {
        id = try values[Self.id]
    }
}

/// `Query.order(id:)`.
struct OrderLookupArguments: FieldArguments {
    static let id = ArgumentKey<String>("id", .nonNull(.id), "The order's id.")
    static var arguments: [ArgumentDeclaration] { [id.declaration] }

    let id: String

    init(_ values: ArgumentValues) throws {
        id = try values[Self.id]
    }
}

/// `Query.<singular>(id:)` of a content collection.
struct ContentItemArguments: FieldArguments {
    static let id = ArgumentKey<String>("id", .nonNull(.id), "The item's id.")
    static var arguments: [ArgumentDeclaration] { [id.declaration] }
    let id: String

    init(_ values: ArgumentValues) throws { id = try values[Self.id] }
}
