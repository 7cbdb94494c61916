import CheckoutSimSupport
import CheckoutSimCommerce
import CheckoutSimGraphQL

/// What a `Product` object reads once for all its fields: the catalog's product and the JSON
/// text of its leaves that never change while the product is in the catalog, made once per
/// product (`ShopState.productRow`), so a listing copies them instead of escaping and
/// formatting each again (Benchmarks/NOTES.md, issue 43).
final class ProductRow: LeafRow {
    let product: Product
    let leaves: LeafTexts
    /// Its variants' rows and its options' rows, in order (`Binding/VariantRows.swift`).
    let variants: [VariantRow]
    let options: [OptionTextRow]

    /// The texts' slots, one per `Product` field written from them.
    enum Slot {
        static let id = LeafSlot<String>(0)
        static let name = LeafSlot<String>(1)
        static let model = LeafSlot<String>(2)
        static let category = LeafSlot<String>(3)
        static let description = LeafSlot<String>(4)
        static let imageURL = LeafSlot<String?>(5)
        static let createdAt = LeafSlot<TimeText>(6)
        static let thumbnailURL = LeafSlot<String?>(7)
        static let shortDescription = LeafSlot<String?>(8)
        static let attribute = LeafSlot<String?>(9)
        static let taxRate = LeafSlot<String>(10)
        static let count = 11
    }

    init(_ product: Product) {
        self.product = product
        leaves = LeafTexts(slots: Slot.count) { texts in
            texts.set(Slot.id, product.id)
            texts.set(Slot.name, product.name)
            texts.set(Slot.model, product.model)
            texts.set(Slot.category, product.category)
            texts.set(Slot.description, product.description)
            texts.set(Slot.imageURL, product.imageURL)
            texts.set(Slot.createdAt, TimeText(product.createdAt))
            texts.set(Slot.thumbnailURL, product.thumbnailURL)
            texts.set(Slot.shortDescription, product.shortDescription)
            texts.set(Slot.attribute, product.attribute)
            texts.set(Slot.taxRate, product.taxRate.text)
        }
        variants = product.variants.map { VariantRow($0, of: product) }
        options = product.options.map { OptionTextRow(name: $0.name, values: $0.values) }
    }
}

/// What a `Money` object reads once for its fields: its amount's texts, made once per amount
/// the catalog prices things at (`ShopState.amountRow`), so a listing's prices are copied, not
/// formatted twice each.
final class AmountRow: LeafRow {
    let leaves: LeafTexts

    enum Slot {
        static let amount = LeafSlot<AmountText>(0)
        static let formatted = LeafSlot<AmountText>(1)
        static let currencyCode = LeafSlot<String>(2)
        static let count = 3
    }

    init(_ minorUnits: Int64, in currency: Currency) {
        leaves = LeafTexts(slots: Slot.count) { texts in
            texts.set(Slot.amount, AmountText(minorUnits, in: currency, style: .plain))
            texts.set(Slot.formatted, AmountText(minorUnits, in: currency, style: .formatted))
            texts.set(Slot.currencyCode, currency.code)
        }
    }
}

/// What a `Brand` object reads once for its fields: its id's and name's texts, made once per
/// brand when the shop is loaded (brands never change after).
final class BrandRow: LeafRow {
    let leaves: LeafTexts

    enum Slot {
        static let id = LeafSlot<String>(0)
        static let name = LeafSlot<String>(1)
        static let count = 2
    }

    init(_ brand: Brand) {
        leaves = LeafTexts(slots: Slot.count) { texts in
            texts.set(Slot.id, brand.id)
            texts.set(Slot.name, brand.name)
        }
    }
}

/// The shop's rows, each made the first time its object is written and then kept
/// (`ShopState.productRow`, `amountRow`, `brandRow`).
///
/// Made on first use rather than all at load: making every row of the 100,000-product benchmark
/// catalog up front added 190 ms and 47 MB to loading it, for rows a session mostly never writes
/// (Benchmarks/NOTES.md, issue 43). Rows depend only on their product, amount or brand, so when
/// one is made never shows in an answer.
///
/// Rows are handed out unretained (`TypedSchemaBuilder.object(_:_:keptRow:_:)`): a retain and a
/// release for each object written was an atomic count on a row both server loops read
/// (Benchmarks/NOTES.md, issue 43). So a row leaves the tables only retired, freed when no
/// request reads the shop (`ShopState.endReading`): none is freed while an object may still read it.
struct ShopRows {
    /// By catalog position (`CatalogRows`, the Storefront's kind of table too).
    private var products: CatalogRows
    /// By amount: prices, totals, discounts. At most `amountLimit`, emptied when full, so what
    /// sessions do never grows it past that.
    private var amounts = AmountTable(limit: amountLimit)
    static let amountLimit = 4096
    private var brands: [BrandRow?]
    private let currency: Currency
    /// The amounts taken out while requests may read them (their whole table, as it was).
    private var retiredAmounts: [[AnyObject?]] = []

    init(catalog: Catalog, currency: Currency) {
        products = CatalogRows(count: catalog.products.count)
        brands = Array(repeating: nil, count: catalog.brands.count)
        self.currency = currency
    }

    /// The row of the product at `index` in `products` (the catalog's), or nil when there is none.
    mutating func product(at index: Int, of products: [Product]) -> Unmanaged<ProductRow>? {
        guard products.indices.contains(index) else { return nil }
        let product = products[index]
        return self.products.row(at: index, for: product) { ProductRow(product) }.row(as: ProductRow.self)
    }

    /// The row kept for the product at `index` in `products`, when it was made from that product.
    /// Asked before `product(at:of:)`, which changes the rows: read without a change in view,
    /// the catalog's array need not be retained around the call. Inlined: called, it copied the
    /// whole `ShopRows` out of the state for each product written (Benchmarks/NOTES.md, issue 60).
    @inline(__always) func keptProduct(at index: Int, of products: [Product]) -> Unmanaged<ProductRow>? {
        guard products.indices.contains(index) else { return nil }
        return self.products.kept(at: index, for: products[index])?.row(as: ProductRow.self)
    }

    /// The row kept for the brand at `index`, when one was made.
    func keptBrand(at index: Int) -> Unmanaged<BrandRow>? {
        guard brands.indices.contains(index), let row = brands[index] else { return nil }
        return Unmanaged.passUnretained(row)
    }

    mutating func amount(_ minorUnits: Int64) -> Unmanaged<AmountRow> {
        if let row = amounts.object(for: minorUnits) { return Unmanaged.fromOpaque(row.toOpaque()) }
        let row = AmountRow(minorUnits, in: currency)
        if let dropped = amounts.keep(row, for: minorUnits) { retiredAmounts.append(dropped) }
        return Unmanaged.passUnretained(row)
    }

    /// The row of the brand at `index` in `brands` (the catalog's, which never change), or nil
    /// when there is none; the brand is copied only to make its row.
    mutating func brand(at index: Int, of brands: [Brand]) -> Unmanaged<BrandRow>? {
        guard brands.indices.contains(index), index < self.brands.count else { return nil }
        if let row = keptBrand(at: index) { return row }
        let row = BrandRow(brands[index])
        self.brands[index] = row
        return Unmanaged.passUnretained(row)
    }

    /// Frees the retired rows: no request reads the shop now.
    mutating func freeRetired() {
        products.freeRetired()
        if !retiredAmounts.isEmpty { retiredAmounts.removeAll() }
    }

    /// How many rows wait for the last reader (tests).
    var retiredCount: Int { products.retiredCount + retiredAmounts.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }
}
