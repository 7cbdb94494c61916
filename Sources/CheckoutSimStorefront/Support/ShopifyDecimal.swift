import CheckoutSimCommerce

/// Amounts as Shopify writes its `Decimal` scalar: the decimal amount without trailing zeros,
/// keeping one digit after the point (`999.0`, `29.9`, `29.99`).
enum ShopifyDecimal {
    static func text(_ minorUnits: Int64, currency: Currency) -> String {
        var bytes = Array(currency.amount(minorUnits).utf8)
        if !bytes.contains(UInt8(ascii: ".")) { bytes += [UInt8(ascii: "."), UInt8(ascii: "0")] }
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.append(UInt8(ascii: "0")) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
