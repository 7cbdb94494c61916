import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A row's child as the native schema carries it — a product's variant, a product's option, a
/// variant's option value — travelling as one integer (`ChildPosition`, the same encoding the
/// Storefront dialect uses): nothing boxed per child written.
extension ChildPosition: IntegerBacked {}

/// A product's variant (`ProductVariant`).
typealias VariantSource = ChildPosition<VariantKind>
/// A product's option (`ProductOption`, its owner a product's position) or a variant's option
/// value (`SelectedOption`, its owner a variant's integer).
typealias OptionSource = ChildPosition<OptionKind>

extension ChildPosition where Kind == VariantKind {
    init(position: ProductPosition, index: Int) {
        self.init(owner: position.index, index: index)
    }

    /// The variant's product.
    var position: ProductPosition { ProductPosition(index: owner) }
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
        guard let row = try productRow(source.position)._withUnsafeGuaranteedRef({ $0.variants.unretained(at: source.index) }) else {
            throw FieldError("No variant \(source.index) of the product at position \(source.owner).")
        }
        return row
    }

    /// The row of the product option `source` names (its owner a product's position).
    func productOptionRow(_ source: OptionSource) throws(FieldError) -> Unmanaged<OptionTextRow> {
        guard let row = try productRow(ProductPosition(index: source.owner))._withUnsafeGuaranteedRef({ $0.options.unretained(at: source.index) }) else {
            throw FieldError("No option \(source.index) of the product at position \(source.owner).")
        }
        return row
    }

    /// The row of the selected option `source` names (its owner a variant's integer).
    func selectedOptionRow(_ source: OptionSource) throws(FieldError) -> Unmanaged<OptionTextRow> {
        guard let row = try variantRow(VariantSource(integer: source.owner))._withUnsafeGuaranteedRef({ $0.options.unretained(at: source.index) }) else {
            throw FieldError("No option \(source.index) of variant \(source.owner).")
        }
        return row
    }
}

extension Array where Element: AnyObject {
    /// The row at `index`, unretained (its parent row keeps it), or nil outside the array.
    fileprivate func unretained(at index: Int) -> Unmanaged<Element>? {
        indices.contains(index) ? Unmanaged.passUnretained(self[index]) : nil
    }
}
