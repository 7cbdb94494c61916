import CheckoutSimCommerce
import Foundation
import CheckoutSimGraphQL

/// The keys a fixture object may have, required ones first.
struct FixtureKeys {
    let names: [String]
    let requiredCount: Int

    init(required: [String], optional: [String]) {
        names = required + optional
        requiredCount = required.count
    }
}

/// Reads typed values out of a fixture's JSON, recording a problem for each bad or missing one.
struct FixtureReader {
    let file: String
    /// How decimal amounts are read; `store.json` sets it once it has read the currency.
    var currency: Currency
    var problems: [FixtureProblem] = []

    init(file: String, currency: Currency) {
        self.file = file
        self.currency = currency
    }

    mutating func problem(_ path: String, _ message: String) {
        problems.append(FixtureProblem(file: file, path: path, message: message))
    }

    static func join(_ path: String, _ key: String) -> String {
        path == "$" ? key : path + "." + key
    }

    static func found(_ value: JSON) -> String {
        let text = value.serialized()
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// The object at `path`, after reporting unknown and missing keys.
    mutating func object(_ value: JSON, at path: String, required: [String], optional: [String]) -> JSONObject? {
        guard case .object(let object) = value else {
            problem(path, "expected an object, found \(Self.found(value))")
            return nil
        }
        _ = members(of: object, at: path, keys: FixtureKeys(required: required, optional: optional))
        return object
    }

    /// The values of `keys.names` in `value` (nil where absent, the last one where a key repeats),
    /// after reporting unknown and missing keys as `object(_:at:required:optional:)` does.
    ///
    /// - Complexity: one pass over the object's members; a member in the expected place matches
    ///   with one comparison.
    mutating func members(of value: JSON, at path: String, keys: FixtureKeys) -> [JSON?]? {
        guard case .object(let object) = value else {
            problem(path, "expected an object, found \(Self.found(value))")
            return nil
        }
        return members(of: object, at: path, keys: keys)
    }

    private mutating func members(of object: JSONObject, at path: String, keys: FixtureKeys) -> [JSON?] {
        let names = keys.names
        var found = [JSON?](repeating: nil, count: names.count)
        var expected = 0
        for (key, member) in object.members {
            let length = key.utf8.count
            func matches(_ name: String) -> Bool { name.utf8.count == length && name == key }
            if expected < names.count, matches(names[expected]) {
                found[expected] = member
                expected += 1
            } else if let slot = names.firstIndex(where: matches) {
                found[slot] = member
                expected = slot + 1
            } else {
                let hint = Suggestions.list(key, options: names).first.map { " (did you mean \"\($0)\"?)" } ?? ""
                problem(Self.join(path, key), "unknown key\(hint)")
            }
        }
        for (slot, key) in names.prefix(keys.requiredCount).enumerated() where found[slot] == nil {
            problem(path, "missing required key \"\(key)\"")
        }
        return found
    }

    mutating func string(_ object: JSONObject, _ key: String, at path: String, nonEmpty: Bool = true) -> String? {
        string(object[key], key, at: path, nonEmpty: nonEmpty)
    }

    /// `value` (the member `key` of the object at `path`) as a string; nil when absent or wrong.
    mutating func string(_ value: JSON?, _ key: String, at path: String, nonEmpty: Bool = true) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value else {
            problem(Self.join(path, key), "expected a string, found \(Self.found(value))")
            return nil
        }
        if nonEmpty, text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            problem(Self.join(path, key), "expected a non-empty string")
            return nil
        }
        return text
    }

    /// Whether `text` is an id as docs/fixtures.md allows: 1 to 64 characters from A-Z a-z 0-9 . _ -.
    static func isValidId(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    mutating func id(_ object: JSONObject, _ key: String, at path: String) -> String? {
        id(object[key], key, at: path)
    }

    mutating func id(_ value: JSON?, _ key: String, at path: String) -> String? {
        guard let text = string(value, key, at: path) else { return nil }
        guard Self.isValidId(text) else {
            problem(Self.join(path, key), "expected an id of 1 to 64 characters from A-Z a-z 0-9 . _ -, found \(JSON.string(text).serialized())")
            return nil
        }
        return text
    }

    mutating func int(_ object: JSONObject, _ key: String, at path: String, range: ClosedRange<Int>) -> Int? {
        int(object[key], key, at: path, range: range)
    }

    mutating func int(_ value: JSON?, _ key: String, at path: String, range: ClosedRange<Int>) -> Int? {
        guard let value else { return nil }
        guard case .int(let number) = value else {
            problem(Self.join(path, key), "expected an integer, found \(Self.found(value))")
            return nil
        }
        guard range.contains(number) else {
            let upper = range.upperBound == Int.max ? "" : " and \(range.upperBound)"
            let bound = upper.isEmpty ? "at least \(range.lowerBound)" : "between \(range.lowerBound)\(upper)"
            problem(Self.join(path, key), "expected an integer \(bound), found \(number)")
            return nil
        }
        return number
    }

    mutating func decimal(_ object: JSONObject, _ key: String, at path: String, allowZero: Bool = true) -> Int64? {
        decimal(object[key], key, at: path, allowZero: allowZero)
    }

    mutating func decimal(_ value: JSON?, _ key: String, at path: String, allowZero: Bool = true) -> Int64? {
        guard let value else { return nil }
        let example = "expected a decimal string like \"12.50\""
        guard case .string(let text) = value else {
            problem(Self.join(path, key), "\(example), found \(Self.found(value))")
            return nil
        }
        guard let minor = currency.minorUnits(fromDecimal: text), minor >= 0, !text.hasPrefix("-") else {
            problem(Self.join(path, key), "\(example) with at most \(currency.fractionDigits) decimals, found \(Self.found(value))")
            return nil
        }
        guard minor <= Currency.maximumAmount else {
            problem(Self.join(path, key), "expected an amount of at most \(currency.amount(Currency.maximumAmount)), found \(Self.found(value))")
            return nil
        }
        if !allowZero, minor == 0 {
            problem(Self.join(path, key), "expected an amount above zero, found \(Self.found(value))")
            return nil
        }
        return minor
    }

    /// A percent like `"8.25"`: 0 to 100, at most two decimals.
    mutating func taxRate(_ value: JSON?, _ key: String, at path: String) -> TaxRate? {
        guard let value else { return nil }
        guard case .string(let text) = value, let rate = TaxRate(percent: text) else {
            problem(Self.join(path, key), "expected a percent from \"0\" to \"100\" with at most 2 decimals, like \"8.25\", found \(Self.found(value))")
            return nil
        }
        return rate
    }

    /// An absolute `http` or `https` address.
    mutating func webAddress(_ value: JSON?, _ key: String, at path: String) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value, WebAddress.isAbsoluteHTTP(text) else {
            problem(Self.join(path, key), "expected an absolute http or https URL like \"https://example.com/a.jpg\", found \(Self.found(value))")
            return nil
        }
        return text
    }

    mutating func instant(_ object: JSONObject, _ key: String, at path: String) -> Instant? {
        instant(object[key], key, at: path)
    }

    mutating func instant(_ value: JSON?, _ key: String, at path: String) -> Instant? {
        guard let text = string(value, key, at: path) else { return nil }
        guard let instant = Instant(iso8601: text) else {
            problem(Self.join(path, key), "expected an ISO-8601 UTC time like \"2026-01-01T00:00:00Z\" \(Instant.rangeDescription), found \(JSON.string(text).serialized())")
            return nil
        }
        return instant
    }

    mutating func discount(_ object: JSONObject, at path: String, allowNoReward: Bool) -> DiscountValue? {
        guard let kindText = string(object, "kind", at: path) else { return nil }
        let kinds = DiscountKind.allCases.filter { allowNoReward || $0 != .noReward }
        guard let kind = DiscountKind(rawValue: kindText), kinds.contains(kind) else {
            problem(Self.join(path, "kind"), "expected one of \(kinds.map(\.rawValue).joined(separator: ", ")), found \(JSON.string(kindText).serialized())")
            return nil
        }
        guard let valueText = string(object, "value", at: path, nonEmpty: false) else { return nil }
        switch kind {
        case .percentOff:
            guard let percent = Int64(valueText), (1...100).contains(percent) else {
                problem(Self.join(path, "value"), "expected a whole percentage from \"1\" to \"100\", found \(JSON.string(valueText).serialized())")
                return nil
            }
            return DiscountValue(kind: kind, magnitude: percent, text: valueText)
        case .amountOff:
            guard let amount = decimal(object, "value", at: path, allowZero: false) else { return nil }
            return DiscountValue(kind: kind, magnitude: amount, text: valueText)
        case .freeShipping, .noReward:
            return DiscountValue(kind: kind, magnitude: 0, text: valueText)
        }
    }
}
