import CheckoutSimGraphQL

/// Evaluates an `expect` line against a response; nil when it holds, else what went wrong.
package enum ExpectationCheck {
    /// How one check came out before `not` is applied.
    enum Outcome {
        case holds
        /// The check ran and is false: why, for the line without `not`.
        case fails(String)
        /// The check could not run (a missing value, `count` of a non-array): `not` does not help.
        case cannotCheck(String)
    }

    /// Why `expectation` does not hold for `response` and `values` (captures, collections,
    /// `let` and `--var`); nil when it holds. `expected` is the resolved value of a comparison.
    /// `http` is how the send's HTTP exchange went, for `expect status` and `expect offline`.
    static func failure(
        of expectation: Expectation, response: JSON?, values: [String: JSON] = [:], expected: JSON?, http: HTTPOutcome? = nil
    ) -> String? {
        let outcome = evaluate(expectation, response: response, values: values, expected: expected, http: http)
        switch (outcome, expectation.negated) {
        case (.holds, false), (.fails, true): return nil
        case (.fails(let why), false), (.cannotCheck(let why), _): return why
        case (.holds, true):
            let found = subjectValue(expectation, response: response, values: values).map { " (found \(JSONDiff.short($0)))" } ?? ""
            let line = expectation.text.split(separator: " ", maxSplits: 1).last.map(String.init) ?? expectation.text
            return "expected \(line), but it does not hold\(found)"
        }
    }

    /// The value a check looks at, for messages.
    private static func subjectValue(_ expectation: Expectation, response: JSON?, values: [String: JSON]) -> JSON? {
        switch expectation.kind {
        case .error, .status, .offline, .truncated, .unreadable: response
        case .exists(let subject), .absent(let subject), .isUnique(let subject), .compare(let subject, _, _, _):
            value(of: subject, response: response, values: values)
        }
    }

    /// The value of a path (an array of every match for `[*]`) or of a variable.
    static func value(of subject: Expectation.Subject, response: JSON?, values: [String: JSON]) -> JSON? {
        shown(matches(subject, response: response, values: values), subject)
    }

    /// The matches as one value: the array of them for a `[*]` path, else the only one.
    private static func shown(_ matches: [JSON], _ subject: Expectation.Subject) -> JSON? {
        if case .path(let path) = subject, path.isWildcard { return .array(matches) }
        return matches.first
    }

    private static func evaluate(_ expectation: Expectation, response: JSON?, values: [String: JSON], expected: JSON?, http: HTTPOutcome?) -> Outcome {
        switch expectation.kind {
        case .status(let status):
            guard let http else { return .cannotCheck("expect status needs a send over HTTP, and this one did not go out") }
            guard let found = http.status else { return .fails("expected HTTP status \(status), but no response came (the network is offline)") }
            return found == status ? .holds : .fails("expected HTTP status \(status), found \(found)")
        case .offline:
            guard let http else { return .cannotCheck("expect offline needs a send over HTTP, and this one did not go out") }
            guard let found = http.status else { return .holds }
            return .fails("expected no response (offline), but HTTP \(found) came back")
        case .truncated:
            guard let http else { return .cannotCheck("expect truncated needs a send over HTTP, and this one did not go out") }
            guard let found = http.status else { return .fails("expected a body cut short, but no response came") }
            return http.truncated ? .holds : .fails("expected a body cut short, but HTTP \(found) came back whole")
        case .unreadable:
            guard let http else { return .cannotCheck("expect unreadable needs a send over HTTP, and this one did not go out") }
            guard let found = http.status else { return .fails("expected a body that is not JSON, but no response came") }
            return http.unreadable ? .holds : .fails("expected a body that is not JSON, but HTTP \(found) came back with \(http.truncated ? "its body cut short" : "JSON")")
        case .error(let code):
            let codes = response.map(errorCodes(in:)) ?? []
            if codes.contains(code) { return .holds }
            return .fails(codes.isEmpty
                ? "expected an error with code \(code), but the response has no errors"
                : "expected an error with code \(code), found \(codes.joined(separator: ", "))")
        case .exists(let subject):
            return matches(subject, response: response, values: values).isEmpty ? .fails("expected \(subject) to exist, but it does not") : .holds
        case .absent(let subject):
            let found = matches(subject, response: response, values: values)
            guard !found.isEmpty, let shown = shown(found, subject) else { return .holds }
            return .fails("expected \(subject) to be absent, found \(JSONDiff.short(shown))")
        case .isUnique(let subject):
            guard let found = value(of: subject, response: response, values: values) else { return .cannotCheck(missing(subject)) }
            guard case .array(let items) = found else { return .cannotCheck("expected \(subject) to be an array, found \(found.kindDescription)") }
            for (index, item) in items.enumerated() where items[..<index].contains(item) {
                return .fails("expected unique values at \(subject), but \(JSONDiff.short(item)) appears more than once")
            }
            return .holds
        case .compare(let subject, let count, let op, _):
            guard var actual = value(of: subject, response: response, values: values) else { return .cannotCheck(missing(subject)) }
            if count {
                switch actual {
                case .array(let items): actual = .int(items.count)
                case .object(let object): actual = .int(object.count)
                default: return .cannotCheck("count needs an array at \(subject), found \(actual.kindDescription): \(JSONDiff.short(actual))")
                }
            }
            guard let expected else { return .cannotCheck("the expected value is not valid JSON") }
            if holds(op, actual, expected) { return .holds }
            let subjectText = count ? "count of \(subject)" : subject.description
            var message = "expected \(subjectText) \(op.rawValue) \(JSONDiff.short(expected)), found \(JSONDiff.short(actual))"
            // Whole objects and arrays that differ: the differences one per line, as snapshots show them.
            if op == .equal, actual.isContainer, expected.isContainer {
                let lines = JSONDiff.lines(from: expected, to: actual, path: subject.description, equal: ValueMatcher.matches)
                if !lines.isEmpty { message += "\n" + lines.joined(separator: "\n") }
            }
            return .fails(message)
        }
    }

    /// Every value a subject stands for: a path's matches, or the variable's value if it has one.
    private static func matches(_ subject: Expectation.Subject, response: JSON?, values: [String: JSON]) -> [JSON] {
        switch subject {
        case .path(let path): response.map(path.select(in:)) ?? []
        case .variable(let name): values[name].map { [$0] } ?? []
        }
    }

    private static func missing(_ subject: Expectation.Subject) -> String {
        switch subject {
        case .path(let path): "\(path) does not exist in the response"
        case .variable(let name): "{{\(name)}} has no value; capture, collect or let it first, or pass --var \(name)=VALUE"
        }
    }

    static func holds(_ op: Expectation.Operator, _ actual: JSON, _ expected: JSON) -> Bool {
        switch op {
        case .equal: return ValueMatcher.matches(actual, expected)
        case .notEqual: return !ValueMatcher.matches(actual, expected)
        case .contains: return ValueMatcher.contains(actual, expected)
        case .matches:
            // Linear in the text whatever the pattern (docs/scenarios.md); a pattern made invalid by a
            // substitution matches nothing.
            guard case .string(let text) = actual, case .string(let pattern) = expected,
                  let regex = try? LinearRegex(pattern)
            else { return false }
            return regex.matches(text)
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
        response["data"]?.collectPayloadErrorCodes(into: &codes)
        return codes
    }
}
