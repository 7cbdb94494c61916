import CheckoutSimCommerce

/// Amounts as Shopify writes its `Decimal` scalar: the decimal amount without trailing zeros,
/// keeping one digit after the point (`999.0`, `29.9`, `29.99`).
enum ShopifyDecimal {
    /// Written from the integer digits straight into one string: a listing writes dozens of
    /// prices, and going through the currency's text and an array cost some 1,200 instructions
    /// each (Benchmarks/NOTES.md).
    static func text(_ minorUnits: Int64, currency: Currency) -> String {
        let places = max(0, min(currency.fractionDigits, 18))
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        let magnitude = minorUnits.magnitude
        let whole = magnitude / scale
        var fraction = magnitude % scale
        // Trailing zeros go, but one digit stays after the point.
        var fractionDigits = places
        while fractionDigits > 1 && fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        var wholeDigits = 1
        var rest = whole
        while rest >= 10 {
            rest /= 10
            wholeDigits += 1
        }
        let sign = minorUnits < 0 ? 1 : 0
        let length = sign + wholeDigits + 1 + max(fractionDigits, 1)
        return String(unsafeUninitializedCapacity: length) { buffer in
            var at = length
            func write(_ value: UInt64, digits: Int) {
                var value = value
                for _ in 0..<digits {
                    at -= 1
                    buffer[at] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            write(fractionDigits == 0 ? 0 : fraction, digits: max(fractionDigits, 1))
            at -= 1
            buffer[at] = UInt8(ascii: ".")
            write(whole, digits: wholeDigits)
            if sign == 1 { buffer[0] = UInt8(ascii: "-") }
            return length
        }
    }
}
