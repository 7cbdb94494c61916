/// Card checks of the dummy payment service (docs/schema.md#checkout-and-the-dummy-payment-service).
package enum PaymentCard {
    /// The digits of `number` with spaces and dashes removed; nil if anything else is in it.
    package static func digits(_ number: String) -> String? {
        var digits = ""
        for character in number {
            if character == " " || character == "-" { continue }
            guard character.isASCII, character.isNumber else { return nil }
            digits.append(character)
        }
        return digits
    }

    /// The Luhn checksum over a string of ASCII digits.
    package static func passesLuhn(_ digits: String) -> Bool {
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            if offset % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    /// The card network a number belongs to, by its leading digits.
    package static func brand(of digits: String) -> String {
        if digits.hasPrefix("34") || digits.hasPrefix("37") { return "American Express" }
        if digits.hasPrefix("4") { return "Visa" }
        if let two = Int(digits.prefix(2)), (51...55).contains(two) { return "Mastercard" }
        if let four = Int(digits.prefix(4)), (2221...2720).contains(four) { return "Mastercard" }
        if digits.hasPrefix("6011") || digits.hasPrefix("65") { return "Discover" }
        return "Unknown"
    }

    /// Every check before payment, in the documented order (docs/schema.md#checkout-and-the-dummy-payment-service): number, expiry against the clock, CVC.
    static func validate(_ input: CheckoutInput, now: Instant) throws(CommerceError) -> String {
        guard let digits = digits(input.cardNumber), (12...19).contains(digits.count), passesLuhn(digits) else {
            throw CommerceError(.cardInvalidNumber, "The card number is not valid.", field: ["input", "card", "number"])
        }
        let year = input.expYear < 100 ? 2000 + input.expYear : input.expYear
        let (nowYear, nowMonth) = now.yearMonth
        guard (1...12).contains(input.expMonth), (Int64(year), Int64(input.expMonth)) >= (nowYear, nowMonth) else {
            throw CommerceError(
                .cardExpired, "The card has expired (\(input.expMonth)/\(input.expYear)).", field: ["input", "card", "expMonth"])
        }
        let cvcLength = digits.hasPrefix("34") || digits.hasPrefix("37") ? 4 : 3
        guard input.cvc.count == cvcLength, input.cvc.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw CommerceError(.cardInvalidCVC, "The CVC must be \(cvcLength) digits.", field: ["input", "card", "cvc"])
        }
        return digits
    }
}
