import Foundation
import CheckoutSimGraphQL

/// Evaluates an `expect` line against a response; nil when it holds, else what went wrong.
enum ExpectationCheck {
    static func failure(of expectation: Expectation, response: JSON, expected: JSON?) -> String? {
        switch expectation.kind {
        case .error(let code):
            let codes = errorCodes(in: response)
            if codes.contains(code) { return nil }
            return codes.isEmpty
                ? "expected an error with code \(code), but the response has no errors"
                : "expected an error with code \(code), found \(codes.joined(separator: ", "))"
        case .exists(let path):
            return path.select(in: response).isEmpty ? "expected \(path) to exist, but it does not" : nil
        case .absent(let path):
            let found = path.select(in: response)
            return found.isEmpty ? nil : "expected \(path) to be absent, found \(JSONDiff.short(path.isWildcard ? .array(found) : found[0]))"
        case .isUnique(let path):
            guard let value = path.evaluate(in: response) else { return "\(path) does not exist in the response" }
            guard case .array(let items) = value else { return "expected \(path) to be an array, found \(value.kindDescription)" }
            for (index, item) in items.enumerated() where items[..<index].contains(item) {
                return "expected unique values at \(path), but \(JSONDiff.short(item)) appears more than once"
            }
            return nil
        case .compare(let path, let count, let op, _):
            guard var actual = path.evaluate(in: response) else { return "\(path) does not exist in the response" }
            if count {
                switch actual {
                case .array(let items): actual = .int(items.count)
                case .object(let object): actual = .int(object.count)
                default: return "count needs an array at \(path), found \(actual.kindDescription)"
                }
            }
            guard let expected else { return "the expected value is not valid JSON" }
            if holds(op, actual, expected) { return nil }
            let subject = count ? "count of \(path)" : path.text
            return "expected \(subject) \(op.rawValue) \(JSONDiff.short(expected)), found \(JSONDiff.short(actual))"
        }
    }

    static func holds(_ op: Expectation.Operator, _ actual: JSON, _ expected: JSON) -> Bool {
        switch op {
        case .equal: return ValueMatcher.matches(actual, expected)
        case .notEqual: return !ValueMatcher.matches(actual, expected)
        case .contains: return ValueMatcher.contains(actual, expected)
        case .matches:
            guard case .string(let text) = actual, case .string(let pattern) = expected,
                  let regex = try? NSRegularExpression(pattern: pattern)
            else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = ValueMatcher.order(actual, expected) else { return false }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    /// Codes of GraphQL errors (`extensions.code`) and of payload `errors` lists, in document order.
    static func errorCodes(in response: JSON) -> [String] {
        var codes = (response["errors"]?.arrayValue ?? []).compactMap { $0["extensions"]?["code"]?.stringValue }
        if let data = response["data"] { collectPayloadCodes(data, into: &codes) }
        return codes
    }

    private static func collectPayloadCodes(_ value: JSON, into codes: inout [String]) {
        switch value {
        case .object(let object):
            for (key, member) in object.members {
                if key == "errors", case .array(let items) = member {
                    codes += items.map { $0["code"]?.stringValue ?? "(an error without a selected code)" }
                } else {
                    collectPayloadCodes(member, into: &codes)
                }
            }
        case .array(let items):
            for item in items { collectPayloadCodes(item, into: &codes) }
        default:
            break
        }
    }
}
