import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A variant as the native schema carries it: its product's position and its place among the
/// product's variants, travelling as one integer (nothing boxed per variant written).
struct VariantSource: IntegerBacked {
    let position: ProductPosition
    let index: Int

    /// Room for each product's variants in the integer: as many as a product may have.
    static let perProduct = FixtureReader.maxVariants

    init(position: ProductPosition, index: Int) {
        self.position = position
        self.index = index
    }

    init(integer: Int) {
        position = ProductPosition(index: integer / Self.perProduct)
        index = integer % Self.perProduct
    }

    var integer: Int { position.index * Self.perProduct + index }
}

/// One of a product's options (`ProductOption`), or one of a variant's option values
/// (`SelectedOption`): its owner's integer and the option's place, as one integer.
struct OptionSource: IntegerBacked {
    /// The product's position (`ProductOption`) or the variant's integer (`SelectedOption`).
    let owner: Int
    let index: Int

    /// Room for each owner's options in the integer: as many as a product may have.
    static let perOwner = FixtureReader.maxOptions

    init(owner: Int, index: Int) {
        self.owner = owner
        self.index = index
    }

    init(integer: Int) {
        owner = integer / Self.perOwner
        index = integer % Self.perOwner
    }

    var integer: Int { owner * Self.perOwner + index }
}

/// What a `ProductVariant` object reads once for all its fields: the variant, the JSON text of
/// its unchanging leaves and its option values' rows, made with its product's row
/// (`ProductRow`) and kept as long as that is, so writing a variant copies texts instead of
/// copying the variant out of the catalog for each field (Benchmarks/NOTES.md, issue 43).
final class VariantRow: LeafRow {
    let variant: ProductVariant
    let leaves: LeafTexts
    /// Its `SelectedOption`s' rows, in option order.
    let options: [OptionTextRow]

    enum Slot {
        static let id = LeafSlot<String>(0)
        static let title = LeafSlot<String>(1)
        static let sku = LeafSlot<String>(2)
        static let imageURL = LeafSlot<String?>(3)
        static let count = 4
    }

    init(_ variant: ProductVariant, of product: Product) {
        self.variant = variant
        leaves = LeafTexts(slots: Slot.count) { texts in
            texts.set(Slot.id, variant.id)
            texts.set(Slot.title, variant.title)
            texts.set(Slot.sku, variant.sku)
            texts.set(Slot.imageURL, variant.imageURL)
        }
        options = zip(product.options, variant.optionValues).map { OptionTextRow(name: $0.name, value: $1) }
    }
}

/// What a `ProductOption` or `SelectedOption` object reads: the texts of its option's name and,
/// for a selected option, its value.
final class OptionTextRow: LeafRow {
    let leaves: LeafTexts
    /// The option's values, in order (a `ProductOption`'s; empty for a selected option).
    let values: [String]

    enum Slot {
        static let name = LeafSlot<String>(0)
        static let value = LeafSlot<String>(1)
        static let count = 2
    }

    init(name: String, value: String? = nil, values: [String] = []) {
        self.values = values
        leaves = LeafTexts(slots: Slot.count) { texts in
            texts.set(Slot.name, name)
            if let value { texts.set(Slot.value, value) }
        }
    }
}

extension ShopState {
    /// The variant's row, unretained as `productRow`'s is: its product's row keeps it.
    func variantRow(_ source: VariantSource) throws(FieldError) -> Unmanaged<VariantRow> {
        let product = try productRow(source.position)
        let row = product._withUnsafeGuaranteedRef { row in row.variants.indices.contains(source.index) ? row.variants[source.index] : nil }
        guard let row else { throw FieldError("No variant \(source.index) of the product at position \(source.position.index).") }
        return Unmanaged.passUnretained(row)
    }

    /// The row of the product option `source` names (its owner a product's position).
    func productOptionRow(_ source: OptionSource) throws(FieldError) -> Unmanaged<OptionTextRow> {
        let product = try productRow(ProductPosition(index: source.owner))
        let row = product._withUnsafeGuaranteedRef { row in row.options.indices.contains(source.index) ? row.options[source.index] : nil }
        guard let row else { throw FieldError("No option \(source.index) of the product at position \(source.owner).") }
        return Unmanaged.passUnretained(row)
    }

    /// The row of the selected option `source` names (its owner a variant's integer).
    func selectedOptionRow(_ source: OptionSource) throws(FieldError) -> Unmanaged<OptionTextRow> {
        let variant = try variantRow(VariantSource(integer: source.owner))
        let row = variant._withUnsafeGuaranteedRef { row in row.options.indices.contains(source.index) ? row.options[source.index] : nil }
        guard let row else { throw FieldError("No option \(source.index) of variant \(source.owner).") }
        return Unmanaged.passUnretained(row)
    }
}
