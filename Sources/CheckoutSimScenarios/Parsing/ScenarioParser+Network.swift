import CheckoutSimSupport
import CheckoutSimGraphQL

/// `network …` lines (docs/scenarios.md): the faults a scenario's later sends meet.
extension ScenarioParser {
    /// What a `network` line may say.
    static let networkHint =
        "expected network offline, online, reset, latency 300ms, fail STATUS, drop, truncate, garbage, slow 2kB/s or error CODE \"message\", each fault with an optional xN and for OPERATION"
    /// The control API's ranges (`POST /__sim/network`), so a scenario and a live server accept the same faults.
    static let latencyRange = 0...60_000
    static let failStatusRange = 400...599
    static let failCountRange = 1...1_000

    /// `network offline | online | reset`, or a fault with its settings, then `xN` (how many
    /// sends it takes) and `for OPERATION` (the operation it is aimed at), anywhere in a step.
    mutating func network(_ rest: String, position: SourcePosition, restColumn: Int) {
        guard let words = Self.networkWords(rest, from: restColumn) else {
            return fail(position.line, restColumn, "a quoted message is not closed; " + Self.networkHint)
        }
        let end = restColumn + rest.count
        guard let first = words.first else { return fail(position.line, restColumn, Self.networkHint) }
        if ["offline", "online", "reset"].contains(first.text) {
            guard words.count == 1 else { return fail(position.line, words[1].column, "network \(first.text) takes nothing after it") }
            append(.network(first.text == "offline" ? .offline : first.text == "online" ? .online : .reset, position))
            return
        }
        // The settings the fault takes, then its optional count and aim.
        var index = 1
        func next() -> (text: String, column: Int, quoted: Bool)? {
            defer { index += 1 }
            return index < words.count ? words[index] : nil
        }
        // Where the next word is, or where a missing one would go.
        var nextColumn: Int { index < words.count ? words[index].column : end }
        let kind: NetworkFault.Kind
        switch first.text {
        case "latency":
            let column = nextColumn
            let word = next()
            guard let word, !word.quoted, let milliseconds = Self.milliseconds(word.text), Self.latencyRange.contains(milliseconds) else {
                return fail(position.line, column,
                            "expected a latency from 0ms to 60s, like: network latency 300ms (or 2s), found \"\(word?.text ?? "")\"")
            }
            kind = .latency(.milliseconds(milliseconds))
        case "fail":
            let column = nextColumn
            guard let word = next(), !word.quoted, let status = Int(word.text), Self.failStatusRange.contains(status) else {
                return fail(position.line, column, "expected an HTTP status from 400 to 599, like: network fail 503 x2")
            }
            kind = .fail(status: status)
        case "slow":
            let column = nextColumn
            guard let word = next(), !word.quoted, let rate = Self.bytesPerSecond(word.text) else {
                return fail(position.line, column, "expected a rate from 1B/s to 100MB/s, like: network slow 2kB/s")
            }
            kind = .slow(bytesPerSecond: rate)
        case "error":
            var column = nextColumn
            guard let code = next(), !code.quoted, NetworkFault.isErrorCode(code.text) else {
                return fail(position.line, column, "expected an error code of A–Z, 0–9 and _, like: network error INTERNAL_SERVER_ERROR \"Try again\" x1")
            }
            column = nextColumn
            guard let message = next(), message.quoted, (1...1_000).contains(message.text.utf8.count) else {
                return fail(position.line, column, "expected the error's message in double quotes, like: network error \(code.text) \"Try again\" x1")
            }
            kind = .error(message: message.text, code: code.text)
            injectedErrorCodes.append(code.text)
        case "drop": kind = .drop
        case "truncate": kind = .truncate
        case "garbage": kind = .garbage
        default:
            return fail(position.line, first.column, Self.networkHint + ", found \"\(first.text)\"")
        }
        // How this fault is written with its settings, for the messages below.
        let example = first.text == "fail" ? "fail 503" : first.text == "slow" ? "slow 2kB/s" : first.text
        // Latency and slow rates last until changed; the other faults take one send unless told.
        var fault = NetworkFault(kind, count: kind.decidesAnswer ? 1 : nil)
        var sawCount = false
        while let word = next() {
            if !word.quoted, word.text.hasPrefix("x"), !sawCount, fault.operation == nil {
                sawCount = true
                guard let times = Int(word.text.dropFirst()), Self.failCountRange.contains(times) else {
                    return fail(position.line, word.column, "expected how many sends fail as xN with N from 1 to 1000, like: network \(example) x2")
                }
                fault.count = times
            } else if !word.quoted, word.text == "for", fault.operation == nil {
                let column = nextColumn
                guard let name = next(), !name.quoted, NetworkFault.isOperationName(name.text) else {
                    return fail(position.line, column, "expected the operation's name after for, like: network \(first.text) x1 for AddToCart")
                }
                fault.operation = name.text
            } else {
                return fail(position.line, word.column, "expected how many sends fail as xN with N from 1 to 1000, like: network \(example) x2, or for OPERATION")
            }
        }
        append(.network(.fault(fault), position))
    }

    /// The JSON string that starts at `start` (a `"`) in `characters`: its text and the offset
    /// just past its closing quote; nil when it is not closed or not a JSON string.
    static func quotedWord(_ characters: [Character], at start: Int) -> (text: String, end: Int)? {
        var offset = start + 1
        var escaped = false
        while offset < characters.count, escaped || characters[offset] != "\"" {
            escaped = !escaped && characters[offset] == "\\"
            offset += 1
        }
        guard offset < characters.count, case .string(let text)? = try? JSONParser.parse(String(characters[start...offset])) else { return nil }
        return (text, offset + 1)
    }

    /// The words of a `network` or `lever` line with their columns; a word in double quotes is one
    /// word, read as a JSON string (its escapes undone). Nil when a quote is not closed or its
    /// text is not a JSON string.
    static func networkWords(_ rest: String, from column: Int) -> [(text: String, column: Int, quoted: Bool)]? {
        var words: [(text: String, column: Int, quoted: Bool)] = []
        let characters = Array(rest)
        var offset = 0
        while offset < characters.count {
            if characters[offset] == " " {
                offset += 1
                continue
            }
            let start = offset
            if characters[offset] == "\"" {
                guard let (text, end) = quotedWord(characters, at: start) else { return nil }
                offset = end
                words.append((text, column + start, true))
            } else {
                while offset < characters.count, characters[offset] != " " { offset += 1 }
                words.append((String(characters[start..<offset]), column + start, false))
            }
        }
        return words
    }

    /// `2000B/s`, `2kB/s` or `1MB/s` (k = 1,000) as bytes per second, from 1 to 100,000,000.
    static func bytesPerSecond(_ text: String) -> Int? {
        guard text.hasSuffix("B/s") else { return nil }
        var number = text.dropLast(3)
        var scale = 1
        if number.hasSuffix("k") { (number, scale) = (number.dropLast(), 1_000) } else if number.hasSuffix("M") { (number, scale) = (number.dropLast(), 1_000_000) }
        guard let value = Int(number), value > 0, value <= 100_000_000 / scale else { return nil }
        return value * scale
    }

    /// The column of each space-separated word of `rest` (which starts at `column`); past the
    /// last word, the column just after the text, where a missing word would go.
    static func wordColumns(_ rest: String, from column: Int) -> (Int) -> Int {
        var starts: [Int] = []
        var previous: Character = " "
        for (offset, character) in rest.enumerated() {
            if character != " ", previous == " " { starts.append(column + offset) }
            previous = character
        }
        let end = column + rest.count
        return { index in index < starts.count ? starts[index] : end }
    }

    /// `300ms` or `2s` as milliseconds; nil for anything else.
    static func milliseconds(_ text: String) -> Int? {
        if text.hasSuffix("ms") { return Int(text.dropLast(2)).flatMap { $0 >= 0 ? $0 : nil } }
        if text.hasSuffix("s"), let seconds = Int(text.dropLast()), (0...86_400).contains(seconds) { return seconds * 1_000 }
        return nil
    }
}
