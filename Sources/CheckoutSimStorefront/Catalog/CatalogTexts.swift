import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// The catalog's text fields that stay the same while a product is in the catalog, answered
/// from texts kept across requests (`KeptTexts`, `StorefrontRows`): a listing's products,
/// images, variants, selected options and prices are copied, not looked up, formatted and
/// escaped field by field (Benchmarks/NOTES.md, issue 41).
extension StorefrontBinding {
    static func catalogTexts(_ fields: inout ModeledFields) {
        productTexts.add(to: &fields) { ref, context, rules in
            guard let product = context.product(at: ref.position) else { return nil }
            return context.rows.product(product, at: ref.position, slot: .product) {
                productTexts.texts(for: ref, in: context, rules: rules)
            }
        }
        imageTexts.add(to: &fields) { image, context, rules in
            // Only a product's own image is kept; a variant's image travels as an `ImageValue`.
            guard case .product(let position) = image, let product = context.product(at: position) else { return nil }
            return context.rows.product(product, at: position, slot: .image) {
                imageTexts.texts(for: image, in: context, rules: rules)
            }
        }
        variantTexts.add(to: &fields) { ref, context, rules in
            guard let product = context.product(at: ref.product), product.variants.indices.contains(ref.index) else { return nil }
            return context.rows.product(product, at: ref.product, slot: .variant(ref.index)) {
                variantTexts.texts(for: ref, in: context, rules: rules)
            }
        }
        selectedOptionTexts.add(to: &fields) { ref, context, rules in
            let variant = ref.variant
            guard let product = context.product(at: variant.product), product.variants.indices.contains(variant.index) else { return nil }
            return context.rows.product(product, at: variant.product, slot: .selectedOption(variant: variant.index, option: ref.option)) {
                selectedOptionTexts.texts(for: ref, in: context, rules: rules)
            }
        }
        moneyTexts.add(to: &fields) { money, context, rules in
            context.rows.amount(money.amount) { moneyTexts.texts(for: money, in: context, rules: rules) }
        }
    }

    /// A `Product`: its catalog position and the product there.
    private static let productTexts = {
        var texts = KeptTexts<ProductRef, (position: Int, product: Product)>("Product") { ref, context in
            (ref.position, try context.product(ref.position))
        }
        texts.text("id") { subject, _ in StorefrontID.product(subject.position) }
        texts.text("handle") { subject, _ in subject.product.id }
        texts.text("title") { subject, _ in subject.product.name }
        texts.text("vendor") { subject, context in context.vendor(ofProductAt: subject.position) }
        texts.text("productType") { subject, _ in subject.product.category }
        texts.text("descriptionHtml") { subject, _ in "<p>" + HTMLText.escaped(subject.product.description) + "</p>" }
        texts.text("createdAt") { subject, _ in subject.product.createdAt.iso8601 }
        texts.text("updatedAt") { subject, _ in subject.product.createdAt.iso8601 }
        texts.text("publishedAt") { subject, _ in subject.product.createdAt.iso8601 }
        return texts
    }()

    /// An `Image`: a product's own (travelling as the product's position) or a variant's.
    private enum ImageSubject {
        case product(Int, Product)
        case value(ImageValue)
    }

    private static let imageTexts = {
        var texts = KeptTexts<ImageRef, ImageSubject>("Image") { image, context in
            switch image {
            case .product(let position): .product(position, try context.product(position))
            case .value(let value): .value(value)
            }
        }
        texts.text("id") { subject, _ in
            switch subject {
            case .product(let position, _): StorefrontID.image(product: position)
            case .value(let image): image.id
            }
        }
        texts.text("url") { subject, _ in
            switch subject {
            case .product(_, let product): product.imageURL
            case .value(let image): image.url
            }
        }
        texts.text("altText") { subject, _ in
            switch subject {
            case .product(_, let product): product.name
            case .value(let image): image.altText
            }
        }
        return texts
    }()

    /// A `ProductVariant`.
    private static let variantTexts = {
        var texts = KeptTexts<VariantRef, (ref: VariantRef, variant: ProductVariant)>("ProductVariant") { ref, context in
            (ref, try context.variant(ref))
        }
        texts.text("id") { subject, _ in StorefrontID.variant(product: subject.ref.product, index: subject.ref.index) }
        texts.text("title") { subject, _ in subject.variant.title }
        texts.text("sku") { subject, _ in subject.variant.sku }
        return texts
    }()

    /// A variant's `SelectedOption`: `Title: Default Title` for a product without options.
    private static let selectedOptionTexts = {
        var texts = KeptTexts<SelectedOptionRef, (product: Product, variant: Int, option: Int)>("SelectedOption") { ref, context in
            (try context.product(ref.variant.product), ref.variant.index, ref.option)
        }
        texts.text("name") { subject, _ in
            let options = subject.product.options
            return options.indices.contains(subject.option) ? options[subject.option].name : "Title"
        }
        texts.text("value") { subject, _ in
            guard subject.product.variants.indices.contains(subject.variant) else { return "" }
            let values = subject.product.variants[subject.variant].optionValues
            return values.indices.contains(subject.option) ? values[subject.option] : ProductVariant.defaultTitle
        }
        return texts
    }()

    /// A `MoneyV2`: an amount in the shop's minor units and currency.
    private static let moneyTexts = {
        var texts = KeptTexts<MoneyValue, Int64>("MoneyV2") { money, _ in money.amount }
        texts.text("amount") { amount, context in ShopifyDecimal.text(amount, currency: context.currency) }
        texts.text("currencyCode") { _, context in context.currency.code }
        return texts
    }()
}
