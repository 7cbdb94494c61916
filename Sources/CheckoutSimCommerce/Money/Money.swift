/// How a store writes money: currency code, decimal places and symbol.
package struct Currency: Sendable, Equatable {
    /// The ISO 4217 code, like `USD`.
    package let code: String
    /// How many decimals amounts have (2 for USD).
    package let fractionDigits: Int
    /// The symbol written before formatted amounts, like `$`.
    package let symbol: String

    /// A currency.
    package init(code: String, fractionDigits: Int, symbol: String) {
        self.code = code
        self.fractionDigits = fractionDigits
        self.symbol = symbol
    }

    /// The largest price or amount accepted, in minor units (fixtures, `addProduct`, filters):
    /// with at most 10,000 units a line, a line's subtotal is at most 10^15.
    package static let maximumAmount: Int64 = 100_000_000_000

    /// The largest subtotal a cart may reach, in minor units. Adding to the cart or raising a line
    /// past it is refused (`QUANTITY_LIMIT_EXCEEDED`), and nothing else raises a subtotal (prices
    /// never change), so every sum after it fits in `Int64` without checks: a percentage discount's
    /// `subtotal × 100` is at most 10^18, discounts never exceed the subtotal, and the total adds at
    /// most `maximumAmount` of shipping.
    package static let maximumCartSubtotal: Int64 = 10_000_000_000_000_000

    /// 10^fractionDigits.
    package var scale: Int64 { Self.scale(fractionDigits) }

    /// 10^`digits` (digits are 0…4 for currencies, 2 for tax rates).
    static func scale(_ digits: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<digits { result *= 10 }
        return result
    }

    /// `1299.00` for 129900 minor units with two fraction digits.
    package func amount(_ minorUnits: Int64) -> String {
        render(minorUnits, symbol: false, grouping: false)
    }

    /// `$1,299.00`: the symbol, then the amount with `,` between thousands.
    package func formatted(_ minorUnits: Int64) -> String {
        render(minorUnits, symbol: true, grouping: true)
    }

    /// Writes right to left into a stack buffer, then makes the string once (one that fits in a
    /// `String`'s 15 inline bytes, as most amounts do, allocates nothing).
    private func render(_ minorUnits: Int64, symbol withSymbol: Bool, grouping: Bool) -> String {
        let capacity = 40 + fractionDigits + symbol.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var index = capacity
            var magnitude = minorUnits.magnitude
            for _ in 0..<fractionDigits {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            if fractionDigits > 0 {
                index -= 1
                buffer[index] = UInt8(ascii: ".")
            }
            var count = 0
            repeat {
                if grouping, count > 0, count % 3 == 0 {
                    index -= 1
                    buffer[index] = UInt8(ascii: ",")
                }
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if withSymbol {
                var symbol = symbol
                symbol.withUTF8 { bytes in
                    index -= bytes.count
                    for offset in bytes.indices { buffer[index + offset] = bytes[offset] }
                }
            }
            if minorUnits < 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<capacity]), as: UTF8.self)
        }
    }

    /// Parses a decimal string such as `"12.50"` into minor units.
    ///
    /// Accepts digits with an optional `.` and at most `fractionDigits` decimals; no sign, no
    /// exponent, no grouping. Returns nil for anything else or on overflow.
    package func minorUnits(fromDecimal text: String) -> Int64? {
        Self.decimal(text, fractionDigits: fractionDigits)
    }

    /// `text` as an integer scaled by 10^`fractionDigits`, with the rules of `minorUnits(fromDecimal:)`.
    static func decimal(_ text: String, fractionDigits: Int) -> Int64? {
        let scale = scale(fractionDigits)
        var bytes = Array(text.utf8)
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes.removeFirst() }
        let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        let wholePart = bytes[..<(dot ?? bytes.count)]
        let fractionPart = dot.map { bytes[($0 + 1)...] } ?? []
        guard !wholePart.isEmpty else { return nil }
        if dot != nil, fractionPart.isEmpty || fractionPart.count > fractionDigits { return nil }
        var value: Int64 = 0
        for byte in wholePart {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = plus
        }
        var fraction: Int64 = 0
        var digits = 0
        for byte in fractionPart {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            fraction = fraction * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        while digits < fractionDigits {
            fraction *= 10
            digits += 1
        }
        let (scaled, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        let (total, overflow2) = scaled.addingReportingOverflow(fraction)
        guard !overflow2 else { return nil }
        return negative ? -total : total
    }
}

/// Integer arithmetic for discounts: money never passes through floating point.
package enum MoneyMath {
    /// `numerator / denominator` rounded half to even; `denominator` must be positive.
    package static func divideRoundingHalfEven(_ numerator: Int64, by denominator: Int64) -> Int64 {
        guard denominator > 0 else { return 0 }
        var quotient = numerator / denominator
        var remainder = numerator % denominator
        if remainder < 0 {
            quotient -= 1
            remainder += denominator
        }
        let twice = remainder * 2
        if twice > denominator || (twice == denominator && quotient % 2 != 0) { quotient += 1 }
        return quotient
    }
}
