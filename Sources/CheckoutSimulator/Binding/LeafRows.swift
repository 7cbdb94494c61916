import CheckoutSimCommerce
import CheckoutSimGraphQL

/// What a `Product` object reads once for all its fields: the catalog's product and the JSON
/// text of its leaves that never change while the product is in the catalog, made once per
/// product (`ShopState.productRow`), so a listing copies them instead of escaping and
/// formatting each again (Benchmarks/NOTES.md, issue 43).
final class ProductRow: LeafRow {
    let product: Product
    let leaves: LeafTexts

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
