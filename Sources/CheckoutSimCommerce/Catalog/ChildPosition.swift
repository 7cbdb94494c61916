/// A product's child — a variant, an option, a variant's option value — as one integer: its
/// owner's integer and its place among the owner's children. Both dialects carry variants and
/// selected options so (`owner × perOwner + index`), each object a small integer, nothing boxed.
package struct ChildPosition<Kind: ChildKind>: Sendable, Equatable {
    /// The owner's integer: a product's catalog position, or a variant's own integer.
    package let owner: Int
    package let index: Int

    package init(owner: Int, index: Int) {
        self.owner = owner
        self.index = index
    }

    package init(integer: Int) {
        owner = integer / Kind.perOwner
        index = integer % Kind.perOwner
    }

    package var integer: Int { owner * Kind.perOwner + index }
}

/// What a `ChildPosition` is a position of, and how many an owner may have (the catalog's
/// limits), which is the room each owner takes in the integer.
package protocol ChildKind: Sendable {
    static var perOwner: Int { get }
}

/// A product's variants: at most `Product.maxVariants`.
package enum VariantKind: ChildKind {
    package static var perOwner: Int { Product.maxVariants }
}

/// A product's options, or a variant's option values: at most `Product.maxOptions`.
package enum OptionKind: ChildKind {
    package static var perOwner: Int { Product.maxOptions }
}

extension Product {
    /// The most options a product has, option values an option, and variants a product (Shopify's limits).
    package static let maxOptions = 3
    package static let maxOptionValues = 100
    package static let maxVariants = 100
}

extension ChildPosition where Kind == VariantKind {
    /// The variant `index` of the product at catalog position `product`.
    package init(product: Int, index: Int) {
        self.init(owner: product, index: index)
    }

    /// The variant's product's catalog position.
    package var product: Int { owner }
}
