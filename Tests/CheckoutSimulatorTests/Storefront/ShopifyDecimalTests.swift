import Testing
import CheckoutSimCommerce
@testable import CheckoutSimStorefront

/// Amounts written as Shopify writes `Decimal` (docs/storefront.md#ids): no trailing zeros, one
/// digit kept after the point, whatever the currency's decimals.
struct ShopifyDecimalTests {
    @Test(arguments: [
        (Int64(99900), 2, "999.0"), (2990, 2, "29.9"), (2999, 2, "29.99"), (0, 2, "0.0"), (5, 2, "0.05"), (50, 2, "0.5"),
        (-150, 2, "-1.5"), (-5, 2, "-0.05"), (1000, 0, "1000.0"), (0, 0, "0.0"), (12345, 3, "12.345"), (12000, 3, "12.0"),
        (10_000_000_000_000_000, 2, "100000000000000.0"), (Int64.max, 2, "92233720368547758.07"), (Int64.min, 2, "-92233720368547758.08"),
    ])
    func amountsAreWrittenAsShopifyWritesThem(_ minorUnits: Int64, _ digits: Int, _ expected: String) {
        #expect(ShopifyDecimal.text(minorUnits, currency: Currency(code: "XTS", fractionDigits: digits, symbol: "¤")) == expected)
    }
}
