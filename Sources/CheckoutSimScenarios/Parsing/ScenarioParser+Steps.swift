import CheckoutSimCommerce
import Foundation
import CheckoutSimGraphQL

extension ScenarioParser {
    mutating func append(_ action: Action) {
        current?.actions.append(action)
    }

    /// `send NAME [JSON]` or an inline `send [JSON]` followed by a fenced operation; returns the next line index.
    mutating func send(_ rest: String, position: SourcePosition, restColumn: Int, nextLine: Int) -> Int {
        if current?.sent == true {
            fail(position.line, position.column, "a step sends exactly one request; start a new step for this one")
        }
        current?.sent = true
        var variablesText = rest
        var variablesColumn = restColumn
        var operationName: String?
        if !rest.isEmpty, !rest.hasPrefix("{") {
            let name = String(rest.prefix { !$0.isWhitespace })
            operationName = name
            variablesText = rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            variablesColumn = restColumn + (rest.count - rest.dropFirst(name.count).drop { $0.isWhitespace }.count)
            if let reason = library.unavailable[name] {
                fail(position.line, restColumn, "operation \"\(name)\" is written for the bundled fixtures and cannot run on these: \(reason)")
            } else if library.documents[name] == nil, library.origin != .broken {
                let hint = Suggestions.didYouMean(Suggestions.list(name, options: library.names))
                fail(position.line, restColumn, "unknown operation \"\(name)\"; \(library.origin.hint).\(hint)")
            }
        }
        let variables = variablesText.isEmpty ? nil : variablesText
        if let variables { checkJSON(variables, line: position.line, column: variablesColumn, what: "variables", mustBeObject: true) }
        if let operationName {
            append(.send(Send(operation: .named(operationName), variables: variables, position: position, variablesColumn: variablesColumn)))
            return nextLine
        }
        var index = nextLine
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
        let fence = index < lines.count ? lines[index].trimmingCharacters(in: .whitespaces) : ""
        guard fence == "```" || fence == "```graphql" else {
            fail(position.line, position.column, "an inline send is followed by the operation between ``` lines; or name an operation: send NAME")
            return nextLine
        }
        let fenceLine = index + 1
        var body: [String] = []
        index += 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
            body.append(lines[index])
            index += 1
        }
        guard index < lines.count else {
            fail(fenceLine, 1, "this ``` is never closed; end the operation with a line of ```")
            return lines.count
        }
        let document = body.joined(separator: "\n")
        if case .failure(let failure) = GraphQLEngine.prepare(document, schema: schema) {
            for error in failure.errors {
                let location = error.locations.first ?? SourceLocation(line: 1, column: 1)
                fail(fenceLine + location.line, location.column, error.message)
            }
        }
        append(.send(Send(operation: .inline(document), variables: variables, position: position, variablesColumn: variablesColumn)))
        return index + 1
    }

    mutating func stepLine(_ keyword: String, _ rest: String, position: SourcePosition, restColumn: Int) {
        switch keyword {
        case "session":
            guard !rest.isEmpty, !rest.contains(where: \.isWhitespace) else {
                return fail(position.line, restColumn, "expected one session name, like: session alice")
            }
            append(.session(rest))
        case "advance":
            guard let seconds = AdvanceDuration.seconds(from: rest) else {
                return fail(position.line, restColumn, "expected a duration like 30s, 15m, 2h or 7d, found \"\(rest)\"")
            }
            append(.advance(seconds: seconds, text: rest))
        case "snapshot":
            guard rest.isEmpty else { return fail(position.line, restColumn, "snapshot takes nothing after it") }
            guard requireSent("snapshot", position) else { return }
            append(.snapshot(position))
        case "capture":
            guard requireSent("capture", position) else { return }
            capture(rest, position: position, restColumn: restColumn)
        default:
            guard requireSent("expect", position) else { return }
            expect(rest, position: position, restColumn: restColumn)
        }
    }

    private mutating func requireSent(_ keyword: String, _ position: SourcePosition) -> Bool {
        guard current?.sent == true else {
            fail(position.line, position.column, "\"\(keyword)\" checks the step's response, so it comes after the step's send")
            return false
        }
        return true
    }

    private mutating func capture(_ rest: String, position: SourcePosition, restColumn: Int) {
        let parts = rest.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            return fail(position.line, restColumn, "expected capture NAME = PATH, like: capture cursor = $.data.products.pageInfo.endCursor")
        }
        let pathColumn = restColumn + (rest.distance(from: rest.startIndex, to: rest.firstIndex(of: "=") ?? rest.startIndex)) + 1
            + (rest.drop { $0 != "=" }.dropFirst().prefix { $0 == " " }.count)
        guard let path = parsePath(parts[1], line: position.line, column: pathColumn) else { return }
        append(.capture(name: parts[0], path: path, position: position))
    }

    mutating func parsePath(_ text: String, line: Int, column: Int) -> JSONPath? {
        switch JSONPath.parse(text) {
        case .success(let path): return path
        case .failure(let error):
            fail(line, column + error.offset, "invalid path: \(error.message)")
            return nil
        }
    }

    mutating func checkJSON(_ text: String, line: Int, column: Int, what: String, mustBeObject: Bool) {
        do {
            let value = try JSONParser.parse(Substitution.neutralised(text))
            if mustBeObject, value.objectValue == nil {
                fail(line, column, "expected the \(what) as a JSON object, found \(value.kindDescription)")
            }
        } catch {
            fail(line, column + error.column - 1, "invalid JSON in the \(what): \(error.message)")
        }
    }

    private mutating func expect(_ rest: String, position: SourcePosition, restColumn: Int) {
        let words = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let text = "expect " + rest
        if words.first == "error" {
            guard words.count == 2, words[1].allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber }) else {
                return fail(position.line, restColumn, "expected: expect error CODE, like: expect error OUT_OF_STOCK")
            }
            append(.expect(Expectation(kind: .error(code: words[1]), position: position, valueColumn: restColumn + 6, text: text)))
            return
        }
        guard let pathText = words.first, pathText.hasPrefix("$") else {
            return fail(position.line, restColumn, "expected a path starting with $ or \"error CODE\" after expect")
        }
        guard let path = parsePath(pathText, line: position.line, column: restColumn) else { return }
        var remainder = rest.dropFirst(pathText.count).drop { $0 == " " }
        var column = restColumn + (rest.count - remainder.count)
        switch String(remainder) {
        case "exists": return append(.expect(Expectation(kind: .exists(path), position: position, valueColumn: column, text: text)))
        case "absent": return append(.expect(Expectation(kind: .absent(path), position: position, valueColumn: column, text: text)))
        case "isUnique": return append(.expect(Expectation(kind: .isUnique(path), position: position, valueColumn: column, text: text)))
        default: break
        }
        var count = false
        if remainder.hasPrefix("count ") {
            count = true
            let after = remainder.dropFirst("count".count).drop { $0 == " " }
            column += remainder.count - after.count
            remainder = after
        }
        let operatorText = String(remainder.prefix { !$0.isWhitespace })
        guard let op = Expectation.Operator(rawValue: operatorText) else {
            return fail(position.line, column,
                        "expected an operator (== != < <= > >= contains matches) or exists, absent, isUnique; found \"\(operatorText)\"")
        }
        let valueText = remainder.dropFirst(operatorText.count).drop { $0 == " " }
        let valueColumn = column + (remainder.count - valueText.count)
        guard !valueText.isEmpty else { return fail(position.line, valueColumn, "expected a JSON value after \(operatorText)") }
        checkJSON(String(valueText), line: position.line, column: valueColumn, what: "expected value", mustBeObject: false)
        if op == .matches {
            if case .string(let pattern)? = try? JSONParser.parse(Substitution.neutralised(String(valueText))) {
                if (try? NSRegularExpression(pattern: pattern)) == nil {
                    fail(position.line, valueColumn, "invalid regular expression \(JSON.string(pattern).serialized())")
                }
            } else {
                fail(position.line, valueColumn, "matches takes a regular expression as a JSON string")
            }
        }
        append(.expect(Expectation(
            kind: .compare(path, count: count, op, value: String(valueText)), position: position, valueColumn: valueColumn, text: text)))
    }
}
