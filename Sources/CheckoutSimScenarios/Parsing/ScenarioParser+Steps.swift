import CheckoutSimCommerce
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
        // `send NAME` followed by a fenced document runs that operation of the document.
        let fenceFollows = fence(after: nextLine) != nil
        if !rest.isEmpty, !rest.hasPrefix("{") {
            var name = String(rest.prefix { !$0.isWhitespace })
            var written = name.count
            if rest.hasPrefix("\""), let (text, end) = Self.quotedWord(Array(rest), at: 0) {
                // A quoted name (any text a client sent as operationName), read as a JSON string.
                name = text
                written = end
            }
            operationName = name
            variablesText = rest.dropFirst(written).trimmingCharacters(in: .whitespaces)
            variablesColumn = restColumn + (rest.count - rest.dropFirst(written).drop { $0.isWhitespace }.count)
            if fenceFollows {
                // The document is inline; the name picks its operation.
            } else if dialect != "native" {
                fail(position.line, restColumn, "the operations library is the native schema's; in the \(dialect) dialect, write the document inline after send")
            } else if let reason = library.unavailable[name] {
                fail(position.line, restColumn, "operation \"\(name)\" is written for the bundled fixtures and cannot run on these: \(reason)")
            } else if library.documents[name] == nil, library.origin != .broken {
                let hint = Suggestions.didYouMean(Suggestions.list(name, options: library.names))
                fail(position.line, restColumn, "unknown operation \"\(name)\"; \(library.origin.hint).\(hint)")
            }
        }
        let variables = variablesText.isEmpty ? nil : variablesText
        if let variables { checkJSON(variables, line: position.line, column: variablesColumn, what: "variables", mustBeObject: true) }
        if let operationName, !fenceFollows {
            append(.send(Send(operation: .named(operationName), variables: variables, position: position, variablesColumn: variablesColumn)))
            return nextLine
        }
        guard case (var index, let fence)? = fence(after: nextLine) else {
            fail(position.line, position.column, "an inline send is followed by the operation between ``` lines; or name an operation: send NAME")
            return nextLine
        }
        let fenceLine = index + 1
        var body: [String] = []
        index += 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != fence {
            body.append(lines[index])
            index += 1
        }
        guard index < lines.count else {
            let fenceColumn = lines[fenceLine - 1].prefix { $0 == " " || $0 == "\t" }.count + 1
            fail(fenceLine, fenceColumn, "this \(fence) is never closed; end the operation with a line of \(fence)")
            return lines.count
        }
        let document = body.joined(separator: "\n")
        let prepared = GraphQLEngine.prepare(document, schema: dialect == "native" ? schema : dialects.schema(dialect) ?? schema)
        if !prepared.isValid {
            // Kept aside: a step that expects this request error runs the operation to pin its messages.
            let at = diagnostics.count
            for error in prepared.errors {
                let location = error.locations.first ?? SourceLocation(line: 1, column: 1)
                fail(fenceLine + location.line, location.column, error.message)
            }
            current?.requestErrors = (prepared.errors.map(\.code.rawValue), Array(diagnostics[at...]), at)
            diagnostics.removeSubrange(at...)
        }
        append(.send(Send(
            operation: .inline(document, operationName: operationName), variables: variables, position: position, variablesColumn: variablesColumn)))
        return index + 1
    }

    /// The opening fence after `line`, past blank lines: its index and its backticks (three or
    /// more, then optionally `graphql`); the closing line is the same backticks alone.
    private func fence(after line: Int) -> (index: Int, fence: String)? {
        var index = line
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
        guard index < lines.count else { return nil }
        let opening = lines[index].trimmingCharacters(in: .whitespaces)
        let backticks = opening.prefix { $0 == "`" }
        guard backticks.count >= 3, ["", "graphql"].contains(opening.dropFirst(backticks.count)) else { return nil }
        return (index, String(backticks))
    }

    mutating func stepLine(_ keyword: String, _ rest: String, position: SourcePosition, restColumn: Int) {
        switch keyword {
        case "session":
            if rest.hasPrefix("\"") {
                // A quoted name: any text (a recording writes a name with spaces or marks so).
                guard let name = quoted(rest, line: position.line, column: restColumn, what: "the session's name") else { return }
                guard !name.isEmpty else { return fail(position.line, restColumn, "expected a session name, found \"\"") }
                return append(.session(name))
            }
            guard !rest.isEmpty, !rest.contains(where: \.isWhitespace) else {
                return fail(position.line, restColumn, "expected one session name, like: session alice")
            }
            append(.session(rest))
        case "dialect":
            guard let named = rest == "native" ? "native" : dialects.resolve(rest) else {
                let known = (["native"] + dialects.forms).joined(separator: ", ")
                return fail(position.line, restColumn, "expected a dialect (\(known)), found \"\(rest)\"")
            }
            dialect = named
            append(.dialect(named))
        case "endpoint":
            // The path a send would go to over HTTP names its dialect.
            guard let named = rest == "/graphql" ? "native" : dialects.endpoint(rest) else {
                return fail(position.line, restColumn, "expected an endpoint: /graphql, or /api/VERSION/graphql.json for the Storefront dialect")
            }
            dialect = named
            append(.dialect(named))
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
        case "collect":
            guard requireSent("collect", position) else { return }
            collect(rest, position: position, restColumn: restColumn)
        case "let":
            assign(rest, position: position, restColumn: restColumn)
        case "repeat":
            repeatUntil(rest, position: position, restColumn: restColumn)
        case "network":
            network(rest, position: position, restColumn: restColumn)
        case "lever":
            lever(rest, position: position, restColumn: restColumn)
        default:
            expect(rest, position: position, restColumn: restColumn)
        }
    }

    /// `let NAME = JSON`, anywhere in a step.
    private mutating func assign(_ rest: String, position: SourcePosition, restColumn: Int) {
        guard let equals = rest.firstIndex(of: "=") else {
            return fail(position.line, restColumn, "expected let NAME = JSON, like: let cursor = null")
        }
        let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
        guard Self.isVariableName(name) else {
            return fail(position.line, restColumn, "expected let NAME = JSON, like: let cursor = null")
        }
        let value = rest[rest.index(after: equals)...].drop { $0 == " " }
        let valueColumn = restColumn + (rest.count - value.count)
        guard !value.isEmpty else { return fail(position.line, valueColumn, "expected a JSON value after =") }
        checkJSON(String(value), line: position.line, column: valueColumn, what: "value", mustBeObject: false)
        append(.assign(name: name, value: String(value), position: position, valueColumn: valueColumn))
    }

    /// `collect NAME += PATH`.
    private mutating func collect(_ rest: String, position: SourcePosition, restColumn: Int) {
        guard let operatorRange = rest.range(of: "+=") else {
            return fail(position.line, restColumn, "expected collect NAME += PATH, like: collect ids += $.data.products.nodes[*].id")
        }
        let name = rest[..<operatorRange.lowerBound].trimmingCharacters(in: .whitespaces)
        guard Self.isVariableName(name) else {
            return fail(position.line, restColumn, "expected collect NAME += PATH, like: collect ids += $.data.products.nodes[*].id")
        }
        let pathText = rest[operatorRange.upperBound...].drop { $0 == " " }
        let pathColumn = restColumn + (rest.count - pathText.count)
        guard let path = parsePath(String(pathText), line: position.line, column: pathColumn) else { return }
        append(.collect(name: name, path: path, position: position))
    }

    mutating func requireSent(_ keyword: String, _ position: SourcePosition) -> Bool {
        guard current?.sent == true else {
            fail(position.line, position.column, "\"\(keyword)\" checks the step's response, so it comes after the step's send")
            return false
        }
        return true
    }

    private mutating func capture(_ rest: String, position: SourcePosition, restColumn: Int) {
        let parts = rest.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, Self.isVariableName(parts[0]) else {
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
}
