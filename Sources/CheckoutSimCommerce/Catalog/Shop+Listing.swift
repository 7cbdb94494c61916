/// Listing the catalog for a session: pages, brand sections, and the searches they remember.
extension Shop {
    /// A page of products in `order` under `filter` (docs/schema.md#pagination); a non-blank search is remembered
    /// among the session's recent searches (docs/schema.md#ordering-search-and-filters).
    ///
    /// - Complexity: that of `Paginator.page`.
    package mutating func products(
        order: ProductOrder, filter: ProductFilter, first: Int, after: Cursor?, offset: Int, session: String
    ) -> ProductPage {
        if let search = filter.search { recordSearch(search, session: session) }
        return Paginator.page(
            catalog, inventory: inventory, order: order, filter: filter, first: first, after: after, offset: offset,
            endpoint: ProductOrder.productsEndpoint)
    }

    /// A page of products in brand order, grouped into one section per brand; the search is
    /// remembered as `products` does.
    package mutating func brandSections(filter: ProductFilter, first: Int, after: Cursor?, session: String) -> BrandSectionPage {
        if let search = filter.search { recordSearch(search, session: session) }
        let page = Paginator.page(
            catalog, inventory: inventory, order: .brand, filter: filter, first: first, after: after,
            endpoint: ProductOrder.brandSectionsEndpoint)
        var sections: [BrandSection] = []
        for position in page.positions {
            let brandId = catalog.products[position].brandId
            if let last = sections.last, last.brand.id == brandId {
                sections[sections.count - 1].positions.append(position)
            } else if let brand = catalog.brand(id: brandId) {
                sections.append(BrandSection(brand: brand, positions: [position]))
            }
        }
        return BrandSectionPage(sections: sections, page: page)
    }
}

extension ProductOrder {
    /// The endpoint names cursors carry, so a cursor of one listing is refused by the other.
    package static let productsEndpoint = "products"
    package static let brandSectionsEndpoint = "brandSections"

    /// The orders a product listing may be sorted in; `brand` is the brand sections' own order and
    /// `position` the Storefront dialect's `ID`.
    package static var listingOrders: [ProductOrder] { allCases.filter { $0 != .brand && $0 != .position } }
}

/// The products of one brand on a brand-sections page, in the page's order (featured first).
package struct BrandSection: Sendable, Equatable {
    /// The section's brand.
    package let brand: Brand
    /// The catalog positions of its products on this page.
    package internal(set) var positions: [Int]
}

/// A page of products in brand order, grouped by brand.
package struct BrandSectionPage: Sendable, Equatable {
    /// One section per brand, in brand order.
    package let sections: [BrandSection]
    /// The page the sections were cut from.
    package let page: ProductPage
}

extension Catalog {
    /// How many products carry the brand at `index` in brand order (0 for no such brand).
    ///
    /// - Complexity: O(1): counted as products are added, not per `Brand` object.
    package func productCount(ofBrandAt index: Int) -> Int {
        dimensions.productCountsByBrand.indices.contains(index) ? dimensions.productCountsByBrand[index] : 0
    }
}
