/// A product's child — a variant, an option, a variant's option value — as one integer: its
/// owner's integer and its place among the owner's children. Both dialects carry variants and
/// selected options so (`owner × perOwner + index`), each object a small integer, nothing boxed.
///
/// Inlinable: each object written makes one from its integer, and the generic code run across
/// the module boundary unspecialised cost a metadata lookup each (Benchmarks/NOTES.md, issue 60).
package struct ChildPosition<Kind: ChildKind>: Sendable, Equatable {
    /// The owner's integer: a product's catalog position, or a variant's own integer.
    package let owner: Int
    package let index: Int

    @inlinable package init(owner: Int, index: Int) {
        self.owner = owner
        self.index = index
    }

    @inlinable package init(integer: Int) {
        owner = integer / Kind.perOwner
        index = integer % Kind.perOwner
    }

    @inlinable package var integer: Int { owner * Kind.perOwner + index }
}

/// What a `ChildPosition` is a position of, and how many an owner may have (the catalog's
/// limits), which is the room each owner takes in the integer.
package protocol ChildKind: Sendable {
    static var perOwner: Int { get }
}

/// A product's variants: at most `Product.maxVariants`.
package enum VariantKind: ChildKind {
    @inlinable package static var perOwner: Int { 100 }
}

/// A product's options, or a variant's option values: at most `Product.maxOptions`.
package enum OptionKind: ChildKind {
    @inlinable package static var perOwner: Int { 3 }
}

extension Product {
    /// The most options a product has, option values an option, and variants a product (Shopify's limits).
    package static let maxOptions = OptionKind.perOwner
    package static let maxOptionValues = 100
    package static let maxVariants = VariantKind.perOwner
}

extension ChildPosition where Kind == VariantKind {
    /// The variant `index` of the product at catalog position `product`.
    @inlinable package init(product: Int, index: Int) {
        self.init(owner: product, index: index)
    }

    /// The variant's product's catalog position.
    @inlinable package var product: Int { owner }
}
