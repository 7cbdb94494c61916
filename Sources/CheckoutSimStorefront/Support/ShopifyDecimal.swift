import CheckoutSimCommerce

/// Amounts as Shopify writes its `Decimal` scalar: the decimal amount without trailing zeros,
/// keeping one digit after the point (`999.0`, `29.9`, `29.99`).
enum ShopifyDecimal {
    static func text(_ minorUnits: Int64, currency: Currency) -> String {
        var text = currency.amount(minorUnits)
        guard text.contains(".") else { return text + ".0" }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text += "0" }
        return text
    }
}
