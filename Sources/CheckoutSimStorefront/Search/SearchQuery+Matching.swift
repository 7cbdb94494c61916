import CheckoutSimCommerce

/// Which products a `SearchQuery` matches (docs/storefront.md#search-syntax).
extension SearchQuery {
    /// What a product's terms are matched against, lowercased and split once: kept across
    /// requests while its product stays in the catalog (`StorefrontRows.searchTexts`), so a
    /// search reads kept words instead of making them again for every product. One text and a
    /// few arrays a product (some 2 µs to make; strings took 12 µs), since the first search after
    /// a catalog loads makes every product's.
    final class ProductText: Sendable {
        /// The product the text was made from (a position holding another one makes it again).
        let product: Product
        /// The title, vendor, product type, tags, variant titles and SKUs, lowercased, in that
        /// order, a space between each, and their words.
        let words: WordList
        /// Where the fields are in `words.bytes`: the title, the vendor, the product type, then
        /// `tagCount` tags, then each variant's SKU.
        let fields: [Range<Int>]
        let tagCount: Int
        /// How many of the words are the title's.
        let titleWordCount: Int
        let prices: [Int64]

        init(_ product: Product, vendor: String) {
            self.product = product
            var text: [UInt8] = []
            text.reserveCapacity(product.name.utf8.count + 64)
            var fields: [Range<Int>] = []
            fields.reserveCapacity(5 + product.variants.count)
            func append(_ value: String, field: Bool) {
                if !text.isEmpty { text.append(UInt8(ascii: " ")) }
                let start = text.count
                PackedTexts.appendLowercased(value, to: &text)
                if field { fields.append(start..<text.count) }
            }
            append(product.name, field: true)
            append(vendor, field: true)
            append(product.category, field: true)
            append(product.model, field: true)
            if let attribute = product.attribute { append(attribute, field: true) }
            tagCount = product.attribute == nil ? 1 : 2
            for variant in product.variants where variant.title != ProductVariant.defaultTitle { append(variant.title, field: false) }
            for variant in product.variants { append(variant.sku, field: true) }
            words = WordList(bytes: text)
            self.fields = fields
            titleWordCount = words.words(before: fields[0].upperBound)
            prices = product.variants.map(\.price)
        }

        var title: Range<Int> { fields[0] }
        var vendor: Range<Int> { fields[1] }
        var productType: Range<Int> { fields[2] }
        var tags: ArraySlice<Range<Int>> { fields[3..<(3 + tagCount)] }
        var skus: ArraySlice<Range<Int>> { fields[(3 + tagCount)...] }
    }

    /// The words of lowercased text: runs of letters and digits.
    package static func words(of text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) }
    }

    /// One flag per catalog position: whether the product matches, read from the shop's kept
    /// search texts.
    /// - Complexity: O(n × t × b) for n products, t terms (at most 16 words) and b bytes of a
    ///   product's texts: each term is matched once on each product still in question, its
    ///   words compared by `memcmp`, its phrase in one pass; nothing is lowercased or split again
    ///   while the product stays in the catalog.
    func mask(_ context: StorefrontContext) -> [Bool] {
        let shop = context.shop
        let texts = context.rows.searchTexts(of: shop.catalog)
        var mask = [Bool](repeating: true, count: texts.count)
        if let root { Self.narrow(&mask, to: root, texts, inventory: shop.inventory, currency: shop.currency) }
        return mask
    }

    /// Clears the flags of `mask` whose products do not match `node`; a product whose flag is
    /// clear is not looked at. Terms are matched a whole column at a time, so a term is read
    /// (its kind, its amount) once a search, not once a product.
    static func narrow(_ mask: inout [Bool], to node: Node, _ texts: [ProductText], inventory: Inventory, currency: Currency) {
        switch node {
        case .term(let term):
            narrow(&mask, to: term, texts, inventory: inventory, currency: currency)
        case .and(let nodes):
            for node in nodes { narrow(&mask, to: node, texts, inventory: inventory, currency: currency) }
        case .or(let nodes):
            // Each alternative is asked only about the products none before it kept.
            var open = mask
            var kept = [Bool](repeating: false, count: mask.count)
            for node in nodes {
                var trial = open
                narrow(&trial, to: node, texts, inventory: inventory, currency: currency)
                for position in trial.indices where trial[position] {
                    kept[position] = true
                    open[position] = false
                }
            }
            mask = kept
        case .not(let inner):
            var trial = mask
            narrow(&trial, to: inner, texts, inventory: inventory, currency: currency)
            for position in mask.indices where trial[position] { mask[position] = false }
        }
    }

    /// A value against words: a word equal to it (or starting with it, for a prefix); a phrase
    /// of several words anywhere in the text.
    static func wordMatch(_ term: Term, words: WordList, among limit: Int = .max, before end: Int = .max) -> Bool {
        if term.words.count > 1 { return words.contains(term.phrase, before: end) }
        guard let word = term.words.first else { return false }
        return words.contains(word, prefix: term.isPrefix, among: limit)
    }

    static func equalsOrPrefix(_ term: Term, _ value: String) -> Bool {
        term.isPrefix ? value.utf8.starts(with: term.value.utf8) : value == term.value
    }

    /// The same for a field of a product's kept text.
    static func equalsOrPrefix(_ term: Term, _ field: Range<Int>, of text: ProductText) -> Bool {
        text.words.field(field, equals: term.phrase.bytes, prefix: term.isPrefix)
    }

    /// `narrow(_:to:…)` for one term.
    private static func narrow(_ mask: inout [Bool], to term: Term, _ texts: [ProductText], inventory: Inventory, currency: Currency) {
        func keep(_ matches: (ProductText) -> Bool) {
            for position in mask.indices where mask[position] { mask[position] = matches(texts[position]) }
        }
        switch term.kind {
        case .text: keep { wordMatch(term, words: $0.words) }
        case .title: keep { wordMatch(term, words: $0.words, among: $0.titleWordCount, before: $0.title.upperBound) }
        case .vendor: keep { equalsOrPrefix(term, $0.vendor, of: $0) }
        case .productType: keep { equalsOrPrefix(term, $0.productType, of: $0) }
        case .tag: keep { text in text.tags.contains { equalsOrPrefix(term, $0, of: text) } }
        case .sku: keep { text in text.skus.contains { equalsOrPrefix(term, $0, of: text) } }
        case .available:
            let valid = ["true", "false"].contains(term.value)
            let wanted = term.value == "true"
            for position in mask.indices where mask[position] {
                mask[position] = valid && (inventory.stock(at: position) > 0) == wanted
            }
        case .price:
            guard let amount = currency.minorUnits(fromDecimal: term.value) else {
                for position in mask.indices { mask[position] = false }
                return
            }
            let comparison = term.comparison
            keep { text in
                text.prices.contains { price in
                    switch comparison {
                    case .matches: price == amount
                    case .less: price < amount
                    case .lessOrEqual: price <= amount
                    case .greater: price > amount
                    case .greaterOrEqual: price >= amount
                    }
                }
            }
        }
    }
}
