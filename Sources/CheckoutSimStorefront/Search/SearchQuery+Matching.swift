import CheckoutSimCommerce

/// Which products a `SearchQuery` matches (docs/storefront.md#search-syntax).
extension SearchQuery {
    /// What a product's terms are matched against, lowercased once per query.
    struct ProductText {
        let words: [Substring]
        let text: String
        let title: String
        let titleWords: [Substring]
        let vendor: String
        let productType: String
        let tags: [String]
        let skus: [String]
        let prices: [Int64]
        let available: Bool

        init(_ product: Product, vendor: String, stock: Int) {
            let tags = [product.model] + (product.attribute.map { [$0] } ?? [])
            let variantTitles = product.variants.map(\.title).filter { $0 != ProductVariant.defaultTitle }
            title = product.name.lowercased()
            self.vendor = vendor.lowercased()
            productType = product.category.lowercased()
            self.tags = tags.map { $0.lowercased() }
            skus = product.variants.map { $0.sku.lowercased() }
            text = ([title, self.vendor, productType] + self.tags + variantTitles.map { $0.lowercased() } + skus).joined(separator: " ")
            words = SearchQuery.words(of: text)
            titleWords = SearchQuery.words(of: title)
            prices = product.variants.map(\.price)
            available = stock > 0
        }
    }

    /// The words of lowercased text: runs of letters and digits.
    static func words(of text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) }
    }

    /// One flag per catalog position: whether the product matches.
    func mask(_ shop: Shop) -> [Bool] {
        mask(shop.catalog, inventory: shop.inventory, currency: shop.currency)
    }

    /// The same over a catalog and its stock.
    package func mask(_ catalog: Catalog, inventory: Inventory, currency: Currency) -> [Bool] {
        catalog.products.indices.map { position in
            guard let root else { return true }
            let product = catalog.products[position]
            let text = ProductText(
                product, vendor: catalog.brand(id: product.brandId)?.name ?? "", stock: inventory.stock(at: position))
            return Self.matches(root, text, currency: currency)
        }
    }

    static func matches(_ node: Node, _ product: ProductText, currency: Currency) -> Bool {
        switch node {
        case .term(let term): return matches(term, product, currency: currency)
        case .not(let inner): return !matches(inner, product, currency: currency)
        case .and(let nodes): return nodes.allSatisfy { matches($0, product, currency: currency) }
        case .or(let nodes): return nodes.contains { matches($0, product, currency: currency) }
        }
    }

    /// A value against words: a word equal to it (or starting with it, for a prefix); a phrase
    /// of several words anywhere in the text.
    static func wordMatch(_ term: Term, words: [Substring], text: String) -> Bool {
        let valueWords = Self.words(of: term.value)
        if valueWords.count > 1 { return text.contains(term.value) }
        guard let word = valueWords.first else { return false }
        return words.contains { term.isPrefix ? $0.hasPrefix(word) : $0 == word }
    }

    static func equalsOrPrefix(_ term: Term, _ value: String) -> Bool {
        term.isPrefix ? value.hasPrefix(term.value) : value == term.value
    }

    static func matches(_ term: Term, _ product: ProductText, currency: Currency) -> Bool {
        switch term.field {
        case "title"?: return wordMatch(term, words: product.titleWords, text: product.title)
        case "vendor"?: return equalsOrPrefix(term, product.vendor)
        case "product_type"?: return equalsOrPrefix(term, product.productType)
        case "tag"?: return product.tags.contains { equalsOrPrefix(term, $0) }
        case "sku"?, "variants.sku"?: return product.skus.contains { equalsOrPrefix(term, $0) }
        case "available_for_sale"?: return (term.value == "true") == product.available && ["true", "false"].contains(term.value)
        case "variants.price"?, "price"?:
            guard let amount = currency.minorUnits(fromDecimal: term.value) else { return false }
            return product.prices.contains { price in
                switch term.comparison {
                case .matches: price == amount
                case .less: price < amount
                case .lessOrEqual: price <= amount
                case .greater: price > amount
                case .greaterOrEqual: price >= amount
                }
            }
        default:
            // A plain term, or a field the mock does not know (read as plain text).
            return wordMatch(term, words: product.words, text: product.text)
        }
    }
}
