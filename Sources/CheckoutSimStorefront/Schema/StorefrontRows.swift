import CheckoutSimSupport
import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The kept texts of a shop's Storefront objects (`KeptTexts`), made the first time each object
/// is written and kept while its product stays in the catalog; the shop's holder keeps one per
/// shop, touched only under the holder's lock, like the shop.
///
/// Texts depend only on their product (and its brand, which does not change while the product
/// is in the catalog) or on their amount and the shop's currency, so when one is made never
/// shows in an answer.
package final class StorefrontRows {
    // The two tables skip the runtime's exclusivity checks in release builds, as `ShopState.shop`
    // does and for the same reason: the holder's lock admits one request at a time, and nothing
    // here calls out while one is accessed (`make` only reads the shop). The check was two runtime
    // calls per object written (Benchmarks/NOTES.md, issue 41); debug builds keep it.
    #if DEBUG
    /// By catalog position (`CatalogRows`, the native rows' kind of table): each product's
    /// texts by `ProductSlot`, made again when the product at the position is another one.
    private var products = CatalogRows()
    /// By amount, in the shop's currency; at most `amountLimit`, emptied when full.
    private var amounts = AmountTable(limit: amountLimit)
    #else
    @exclusivity(unchecked) private var products = CatalogRows()
    @exclusivity(unchecked) private var amounts = AmountTable(limit: amountLimit)
    #endif
    static let amountLimit = 4096
    /// By catalog position: the search texts of the product there (`SearchQuery.ProductText`).
    private var searchTexts: [SearchQuery.ProductText] = []

    /// The kept texts of a shop whose currency is `currency` (a shop's currency never changes).
    package init(currency: Currency) {
        self.currency = currency
    }

    /// The currency amounts are kept in.
    let currency: Currency

    /// The texts at `slot` of the product at `position`, made by `make` when not kept yet
    /// (nil from `make` is not kept: such an object resolves its fields each time).
    func product(_ product: Product, at position: Int, slot: ProductSlot, make: () -> LeafTexts?) -> LeafTexts? {
        guard let row = keep(product, at: position) else { return nil }
        let index = slot.index
        // The product's texts are read in place: a copy of the reference was a retain and a
        // release for every object of a product written.
        if let texts = row._withUnsafeGuaranteedRef({ index < $0.texts.count ? $0.texts[index] : nil }) { return texts }
        guard let made = make() else { return nil }
        row._withUnsafeGuaranteedRef { Self.store(made, at: index, in: &$0.texts) }
        return made
    }

    /// The page of the product's variants that `arguments` (the field's coerced arguments) ask
    /// for, made by `make` when not kept for those arguments: a listing asks each product for the
    /// same page on every request, and making it (its nodes, its cursor function, the page) cost
    /// about as much as writing the variants (Benchmarks/NOTES.md, issue 41). The arguments are
    /// compared as given, not read: a cached document hands over the same arrays each time, which
    /// compare at once, where reading them as `PagingArguments` cost some 450 instructions a
    /// product. The page depends only on the product, which keeps it; a page is never changed once made.
    func variants(
        of product: Product, at position: Int, arguments: JSONObject, make: () throws(FieldError) -> ConnectionPage
    ) throws(FieldError) -> ConnectionPage {
        guard let row = keep(product, at: position) else { return try make() }
        if let page = row._withUnsafeGuaranteedRef({ $0.variants }), page.arguments == arguments { return page.page }
        let made = try make()
        row._withUnsafeGuaranteedRef { $0.variants = (arguments, made) }
        return made
    }

    /// The list of the product's variant `variant`'s selected options (their carriers), made by
    /// `make` when not kept: the same for every request while the product stays, and making the
    /// array cost an allocation and its release for every variant written (Benchmarks/NOTES.md, issue 41).
    func selectedOptions(of product: Product, at position: Int, variant: Int, make: () -> Resolved) -> Resolved {
        guard let row = keep(product, at: position) else { return make() }
        // Read in place, as the texts are.
        if let list = row._withUnsafeGuaranteedRef({ variant < $0.selectedOptions.count ? $0.selectedOptions[variant] : nil }) { return list }
        let made = make()
        row._withUnsafeGuaranteedRef { Self.store(made, at: variant, in: &$0.selectedOptions) }
        return made
    }

    /// The texts kept for `product` at `position` (made afresh when another product was
    /// there); nil for a position outside the catalog.
    private func keep(_ product: Product, at position: Int) -> Unmanaged<ProductTexts>? {
        guard position >= 0 else { return nil }
        return products.row(at: position, for: product) { ProductTexts(product) }.row(as: ProductTexts.self)
    }

    /// Frees the texts replaced while requests read the shop (`CatalogRows`): none reads it now.
    package func freeRetired() {
        products.freeRetired()
    }

    /// How many products' texts wait for the last reader (tests).
    package var retiredCount: Int { products.retiredCount }

    /// Puts `value` at `index` of `list`, which grows with empty places to reach it.
    private static func store<Value>(_ value: Value, at index: Int, in list: inout [Value?]) {
        if index >= list.count { list.append(contentsOf: repeatElement(nil, count: index + 1 - list.count)) }
        list[index] = value
    }

    /// Every product's search texts, by catalog position: kept, and made again only for a
    /// position whose product changed (a product's brand does not change while it is in the
    /// catalog). Checking them is one comparison of references a product; making them (some
    /// 2 µs a product, after a large catalog loads) is shared among the machine's threads.
    func searchTexts(of catalog: Catalog, sharedFrom sharedMaking: Int = StorefrontRows.sharedMaking) -> [SearchQuery.ProductText] {
        let products = catalog.products
        if searchTexts.count > products.count { searchTexts.removeLast(searchTexts.count - products.count) }
        let stale = products.indices.filter { $0 >= searchTexts.count || searchTexts[$0].product !== products[$0] }
        guard !stale.isEmpty else { return searchTexts }
        let make: @Sendable (Int) -> SearchQuery.ProductText = { position in
            SearchQuery.ProductText(products[position], vendor: catalog.brand(id: products[position].brandId)?.name ?? "")
        }
        let made: [SearchQuery.ProductText]
        if stale.count < sharedMaking {
            made = stale.map(make)
        } else {
            let chunk = max(1, sharedMaking / 2)
            let chunks = stride(from: 0, to: stale.count, by: chunk).map { stale[$0..<min($0 + chunk, stale.count)] }
            made = chunks.concurrentMap { $0.map(make) }.flatMap { $0 }
        }
        for (position, text) in zip(stale, made) {
            if position < searchTexts.count { searchTexts[position] = text } else { searchTexts.append(text) }
        }
        return searchTexts
    }

    /// From how many texts to make on several threads (made in chunks of half as many).
    static let sharedMaking = 8192

    /// The texts of a `MoneyV2` of `amount` in the shop's currency.
    func amount(_ amount: Int64, make: () -> LeafTexts?) -> LeafTexts? {
        if let texts = amounts.object(for: amount).map({ unsafeDowncast($0.takeUnretainedValue(), to: LeafTexts.self) }) { return texts }
        guard let made = make() else { return nil }
        amounts.keep(made, for: amount)
        return made
    }
}

/// Which of a product's objects kept texts belong to.
enum ProductSlot {
    case product
    case image
    case variant(Int)
    /// A variant's selected option (at most `Product.maxOptions`).
    case selectedOption(variant: Int, option: Int)

    /// The texts' place in `ProductTexts.texts`.
    var index: Int {
        switch self {
        case .product: 0
        case .image: 1
        case .variant(let variant): 2 + variant * (1 + Product.maxOptions)
        case .selectedOption(let variant, let option): 3 + variant * (1 + Product.maxOptions) + option
        }
    }
}

/// One product's kept texts.
final class ProductTexts {
    let product: Product
    #if DEBUG
    var texts: [LeafTexts?] = []
    #else
    @exclusivity(unchecked) var texts: [LeafTexts?] = []
    #endif

    /// Each variant's list of selected options, once written.
    #if DEBUG
    var selectedOptions: [Resolved?] = []
    #else
    @exclusivity(unchecked) var selectedOptions: [Resolved?] = []
    #endif

    /// The last page of its variants asked for, and the arguments that asked.
    var variants: (arguments: JSONObject, page: ConnectionPage)?

    init(_ product: Product) {
        self.product = product
    }
}
