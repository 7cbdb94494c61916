/// Shopify's global ids, `gid://shopify/TYPE/N` (docs/storefront.md#ids): numbers are stable per
/// fixture, made from a catalog position and a documented base per type.
enum StorefrontID {
    /// Product N is `productBase + position`: the first fixture product is 1000001.
    static let productBase = 1_000_001
    /// Variant N is the product's N times 1000 plus the variant's number from 1.
    static let variantsPerProduct = 1000

    static func product(_ position: Int) -> String {
        gid("gid://shopify/Product/", productBase + position)
    }

    static func variant(product position: Int, index: Int) -> String {
        gid("gid://shopify/ProductVariant/", (productBase + position) * variantsPerProduct + index + 1)
    }

    static func image(product position: Int) -> String {
        gid("gid://shopify/ProductImage/", productBase + position)
    }

    static func media(product position: Int) -> String {
        gid("gid://shopify/MediaImage/", productBase + position)
    }

    /// `prefix` and then `number` in decimal, written straight into one string: a listing makes
    /// hundreds of ids, and interpolation cost some 1,400 instructions each (Benchmarks/NOTES.md).
    static func gid(_ prefix: StaticString, _ number: Int) -> String {
        var count = number < 0 ? 2 : 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        let length = prefix.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: length + count) { buffer in
            for offset in 0..<length { buffer[offset] = prefix.utf8Start[offset] }
            var at = length + count
            rest = number.magnitude
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 { buffer[length] = UInt8(ascii: "-") }
            return length + count
        }
    }

    /// The type and number of a global id; nil when it is not one.
    static func parse(_ id: String) -> (type: Substring, number: Int)? {
        guard id.hasPrefix("gid://shopify/") else { return nil }
        let rest = id.dropFirst("gid://shopify/".count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        var numberText = rest[rest.index(after: slash)...]
        if let query = numberText.firstIndex(of: "?") { numberText = numberText[..<query] }
        // Digits only, as the ids this server writes: no sign, no leading zero (`…/01000001` is
        // not `…/1000001`, so one object has one id).
        guard (1...18).contains(numberText.utf8.count), numberText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              numberText.utf8.first != 0x30 || numberText.utf8.count == 1, let number = Int(numberText)
        else { return nil }
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
