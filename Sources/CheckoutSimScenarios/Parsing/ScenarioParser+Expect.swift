import CheckoutSimGraphQL

/// `expect` lines and the conditions `expect` and `repeat until` share (docs/scenarios.md).
extension ScenarioParser {
    /// The words a condition may hold between its subject and its value.
    static let operatorHint = "expected an operator (== != < <= > >= contains matches, each may follow not) or exists, absent, isUnique"

    /// Every code `expect error` accepts: the schema's `ErrorCode` values (in another dialect,
    /// the values of its schema's `…ErrorCode` enums, such as the Storefront's `CartErrorCode`),
    /// the request codes, then those an earlier `network error` line injects.
    var knownErrorCodes: [String] {
        var payloadCodes = schema.type(named: "ErrorCode")?.enumValues.map(\.name) ?? []
        if dialect != "native", let other = dialects.schema(dialect) {
            payloadCodes = other.types.filter { $0.name.hasSuffix("ErrorCode") }.flatMap { $0.enumValues.map(\.name) }
        }
        return payloadCodes + GraphQLError.Code.all.map(\.rawValue) + injectedErrorCodes
    }

    /// `expect error CODE` or `expect CONDITION`.
    mutating func expect(_ rest: String, position: SourcePosition, restColumn: Int) {
        let text = "expect " + rest
        let words = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.first == "error" {
            guard requireSent("expect", position) else { return }
            guard words.count == 2, words[1].allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber }) else {
                return fail(position.line, restColumn, "expected: expect error CODE, like: expect error OUT_OF_STOCK")
            }
            let codeColumn = Self.wordColumns(rest, from: restColumn)(1)
            let known = knownErrorCodes
            guard known.contains(words[1]) else {
                let hint = Suggestions.didYouMean(Suggestions.list(words[1], options: known))
                return fail(position.line, codeColumn, "unknown error code \(words[1]); codes are the schema's ErrorCode values and the request codes.\(hint)")
            }
            append(.expect(Expectation(kind: .error(code: words[1]), position: position, valueColumn: codeColumn, text: text)))
            return
        }
        if let first = words.first, ["status", "offline", "truncated", "unreadable"].contains(first) {
            guard requireSent("expect", position) else { return }
            return transportExpectation(words, rest: rest, position: position, restColumn: restColumn, text: text)
        }
        if !rest.hasPrefix("{{") { guard requireSent("expect", position) else { return } }
        guard let expectation = condition(rest, position: position, restColumn: restColumn, text: text, what: "after expect") else { return }
        append(.expect(expectation))
    }

    /// `expect status N`, `expect offline`, `expect truncated` or `expect unreadable`: what the
    /// HTTP exchange of the step's send came to.
    private mutating func transportExpectation(_ words: [String], rest: String, position: SourcePosition, restColumn: Int, text: String) {
        let argumentColumn = Self.wordColumns(rest, from: restColumn)(1)
        let kind: Expectation.Kind
        if words[0] != "status" {
            guard words.count == 1 else { return fail(position.line, argumentColumn, "expect \(words[0]) takes nothing after it") }
            kind = words[0] == "offline" ? .offline : words[0] == "truncated" ? .truncated : .unreadable
        } else {
            guard words.count == 2, let status = Int(words[1]), (100...599).contains(status) else {
                return fail(position.line, argumentColumn, "expected an HTTP status from 100 to 599, like: expect status 503")
            }
            kind = .status(status)
        }
        append(.expect(Expectation(kind: kind, position: position, valueColumn: argumentColumn, text: text)))
    }

    /// `repeat until CONDITION [max N]`: once per step, after its send.
    mutating func repeatUntil(_ rest: String, position: SourcePosition, restColumn: Int) {
        guard requireSent("repeat", position) else { return }
        if current?.actions.contains(where: { if case .repeatUntil = $0 { true } else { false } }) == true {
            return fail(position.line, position.column, "a step repeats once; start a new step for another loop")
        }
        guard rest.hasPrefix("until ") else {
            return fail(position.line, restColumn, "expected: repeat until PATH OP VALUE [max N], like: repeat until $.data.products.pageInfo.hasNextPage == false max 50")
        }
        var condition = String(rest.dropFirst("until ".count).drop { $0 == " " })
        let conditionColumn = restColumn + (rest.count - condition.count)
        var max = 100
        if let range = condition.range(of: " max ", options: .backwards),
           !condition[range.upperBound...].trimmingCharacters(in: .whitespaces).contains(" ") {
            let text = condition[range.upperBound...].trimmingCharacters(in: .whitespaces)
            let maxColumn = conditionColumn + condition.distance(from: condition.startIndex, to: range.upperBound)
            guard let value = Int(text), (1...10_000).contains(value) else {
                return fail(position.line, maxColumn, "expected max N with N from 1 to 10000, found \"\(text)\"")
            }
            max = value
            condition = String(condition[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        guard let until = self.condition(condition, position: position, restColumn: conditionColumn, text: "repeat " + rest, what: "after repeat until")
        else { return }
        append(.repeatUntil(until, max: max))
    }

    /// `SUBJECT [count] [not] OP VALUE` or `SUBJECT [not] exists|absent|isUnique`, where SUBJECT
    /// is a path or `{{name}}`.
    mutating func condition(_ rest: String, position: SourcePosition, restColumn: Int, text: String, what: String) -> Expectation? {
        let subject: Expectation.Subject
        let subjectText: String
        if rest.hasPrefix("{{") {
            guard let close = rest.range(of: "}}") else {
                fail(position.line, restColumn, "\"{{\" is not closed with \"}}\"")
                return nil
            }
            let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
            guard Self.isVariableName(name) else {
                fail(position.line, restColumn + 2, "expected a variable name (letters, digits, _ and -) inside {{ }}")
                return nil
            }
            subject = .variable(name)
            subjectText = String(rest[..<close.upperBound])
        } else if rest.hasPrefix("$") {
            subjectText = String(rest.prefix { !$0.isWhitespace })
            guard let path = parsePath(subjectText, line: position.line, column: restColumn) else { return nil }
            subject = .path(path)
        } else {
            fail(position.line, restColumn, "expected a path starting with $, a {{name}} or \"error CODE\" \(what)")
            return nil
        }
        var remainder = Substring(rest).dropFirst(subjectText.count).drop { $0 == " " }
        var count = false
        var negated = false
        while let word = ["count", "not"].first(where: { remainder.hasPrefix($0 + " ") || remainder == $0 }) {
            if word == "count" { count = true } else { negated = true }
            remainder = remainder.dropFirst(word.count).drop { $0 == " " }
        }
        var column = restColumn + (rest.count - remainder.count)
        func make(_ kind: Expectation.Kind, valueColumn: Int) -> Expectation {
            var expectation = Expectation(kind: kind, position: position, valueColumn: valueColumn, text: text)
            expectation.negated = negated
            return expectation
        }
        if !count {
            switch String(remainder) {
            case "exists": return make(.exists(subject), valueColumn: column)
            case "absent": return make(.absent(subject), valueColumn: column)
            case "isUnique": return make(.isUnique(subject), valueColumn: column)
            default: break
            }
        }
        let operatorText = String(remainder.prefix { !$0.isWhitespace })
        guard let op = Expectation.Operator(rawValue: operatorText) else {
            fail(position.line, column, "\(Self.operatorHint); found \"\(operatorText)\"")
            return nil
        }
        let valueText = remainder.dropFirst(operatorText.count).drop { $0 == " " }
        column += remainder.count - valueText.count
        guard !valueText.isEmpty else {
            fail(position.line, column, "expected a JSON value after \(operatorText)")
            return nil
        }
        checkJSON(String(valueText), line: position.line, column: column, what: "expected value", mustBeObject: false)
        if op == .matches {
            if case .string(let pattern)? = try? JSONParser.parse(Substitution.neutralised(String(valueText))) {
                do {
                    _ = try LinearRegex(pattern)
                } catch {
                    // The caret points into the JSON string when the pattern has no escapes to shift it.
                    let exact = JSON.string(pattern).serialized().unicodeScalars.count == pattern.unicodeScalars.count + 2
                    fail(position.line, column + (exact ? 1 + error.offset : 0),
                         "unsupported regular expression \(JSON.string(pattern).serialized()): \(error.message) (at pattern column \(error.offset + 1))")
                }
            } else {
                fail(position.line, column, "matches takes a regular expression as a JSON string")
            }
        }
        return make(.compare(subject, count: count, op, value: String(valueText)), valueColumn: column)
    }

    /// Letters, digits, `_` and `-`: what `capture`, `collect`, `let` and `{{name}}` accept.
    static func isVariableName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
}
