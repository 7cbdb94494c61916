import CheckoutSimSupport
import Foundation
import CheckoutSimGraphQL

/// How expected values match actual ones: exact equality with type markers, subset matching
/// for `contains`, and ordering for `<`, `<=`, `>`, `>=`.
package enum ValueMatcher {
    static let markers: Set<String> = ["#string", "#number", "#boolean", "#null", "#notnull", "#array", "#object", "#ignore"]

    /// Exact equality, where an expected marker string matches any value of its kind.
    package static func matches(_ actual: JSON, _ expected: JSON) -> Bool {
        if case .string(let marker) = expected, markers.contains(marker) {
            switch (marker, actual) {
            case ("#ignore", _): return true
            case ("#string", .string), ("#boolean", .bool), ("#null", .null), ("#array", .array), ("#object", .object): return true
            case ("#number", .int), ("#number", .double): return true
            case ("#notnull", _): return actual != .null
            default: return false
            }
        }
        switch (actual, expected) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && b.members.allSatisfy { key, value in a[key].map { matches($0, value) } ?? false }
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
            return Int(exactly: b) == a
        default:
            return actual == expected
        }
    }

    /// Subset match for objects (recursively), membership for arrays, substring for strings.
    package static func contains(_ actual: JSON, _ expected: JSON) -> Bool {
        switch (actual, expected) {
        case (.string(let text), .string(let part)):
            return text.contains(part)
        case (.array(let items), _):
            return items.contains { subset($0, expected) }
        case (.object, .object):
            return subset(actual, expected)
        default:
            return false
        }
    }

    private static func subset(_ actual: JSON, _ expected: JSON) -> Bool {
        guard case .object(let a) = actual, case .object(let b) = expected else { return matches(actual, expected) }
        return b.members.allSatisfy { key, value in a[key].map { subset($0, value) } ?? false }
    }

    /// -1, 0 or 1 comparing numbers, decimal strings by value, or other strings bytewise; nil otherwise.
    package static func order(_ actual: JSON, _ expected: JSON) -> Int? {
        switch (number(actual), number(expected)) {
        case (let a?, let b?): return a < b ? -1 : a > b ? 1 : 0
        default: break
        }
        if case .string(let a) = actual, case .string(let b) = expected {
            return a == b ? 0 : a.precedesBytewise(b) ? -1 : 1
        }
        return nil
    }

    /// Numbers, and strings that are plain decimals such as "1998.00", as exact fractions.
    private static func number(_ value: JSON) -> Decimal? {
        switch value {
        case .int(let number): return Decimal(number)
        case .double(let number): return Decimal(number)
        case .string(let text):
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
                  text.filter({ $0 == "." }).count <= 1, text.dropFirst().allSatisfy({ $0 != "-" })
            else { return nil }
            return Decimal(string: text)
        default: return nil
        }
    }
}
