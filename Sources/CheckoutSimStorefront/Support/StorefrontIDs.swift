/// Shopify's global ids, `gid://shopify/TYPE/N` (docs/storefront.md#ids): numbers are stable per
/// fixture, made from a catalog position and a documented base per type.
enum StorefrontID {
    /// Product N is `productBase + position`: the first fixture product is 1000001.
    static let productBase = 1_000_001
    /// Variant N is the product's N times 1000 plus the variant's number from 1.
    static let variantsPerProduct = 1000

    static func product(_ position: Int) -> String {
        "gid://shopify/Product/\(productBase + position)"
    }

    static func variant(product position: Int, index: Int) -> String {
        "gid://shopify/ProductVariant/\((productBase + position) * variantsPerProduct + index + 1)"
    }

    static func image(product position: Int) -> String {
        "gid://shopify/ProductImage/\(productBase + position)"
    }

    static func media(product position: Int) -> String {
        "gid://shopify/MediaImage/\(productBase + position)"
    }

    /// The type and number of a global id; nil when it is not one.
    static func parse(_ id: String) -> (type: Substring, number: Int)? {
        guard id.hasPrefix("gid://shopify/") else { return nil }
        let rest = id.dropFirst("gid://shopify/".count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        var numberText = rest[rest.index(after: slash)...]
        if let query = numberText.firstIndex(of: "?") { numberText = numberText[..<query] }
        guard numberText.utf8.count <= 18, let number = Int(numberText), number >= 0 else { return nil }
        return (rest[..<slash], number)
    }

    /// The catalog position a product id names; nil when it names none.
    static func productPosition(_ id: String) -> Int? {
        guard let (type, number) = parse(id), type == "Product", number >= productBase else { return nil }
        return number - productBase
    }

    /// The product position and variant index a variant id names.
    static func variantPosition(_ id: String) -> (product: Int, index: Int)? {
        guard let (type, number) = parse(id), type == "ProductVariant" else { return nil }
        let product = number / variantsPerProduct - productBase
        let index = number % variantsPerProduct - 1
        guard product >= 0, index >= 0 else { return nil }
        return (product, index)
    }
}
