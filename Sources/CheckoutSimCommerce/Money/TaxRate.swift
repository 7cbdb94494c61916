/// A sales-tax rate in hundredths of a percent (`"8.25"` is 825), 0 to 100 %.
///
/// Informational (docs/schema.md#everything-else): cart and order totals stay tax-exclusive; a product shows its
/// rate and its price with tax so apps that print both have something real to print.
package struct TaxRate: Sendable, Equatable, Hashable {
    /// The rate in hundredths of a percent, 0...10_000.
    package let basisPoints: Int64

    /// No tax.
    package static let zero = TaxRate(checkedBasisPoints: 0)

    private init(checkedBasisPoints: Int64) {
        basisPoints = checkedBasisPoints
    }

    /// Parses a percent such as `"20"`, `"8.5"` or `"8.25"`: digits, at most two decimals, 0 to 100.
    package init?(percent text: String) {
        guard let value = Currency.decimal(text, fractionDigits: 2), (0...10_000).contains(value) else { return nil }
        basisPoints = value
    }

    /// The percent without trailing zeros: `"20"`, `"8.5"`, `"8.25"`, `"0"`.
    package var text: String {
        let whole = basisPoints / 100
        let fraction = basisPoints % 100
        if fraction == 0 { return String(whole) }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `price` plus its tax, round-half-even(price × rate / 100), in minor units; nil past `Int64`.
    package func priceIncludingTax(_ price: Int64) -> Int64? {
        let (product, overflow) = price.multipliedReportingOverflow(by: basisPoints)
        guard !overflow else { return nil }
        let (total, overflow2) = price.addingReportingOverflow(MoneyMath.divideRoundingHalfEven(product, by: 10_000))
        return overflow2 ? nil : total
    }
}
