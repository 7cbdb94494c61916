/// `network …` lines (docs/scenarios.md): the faults a scenario's later sends meet.
extension ScenarioParser {
    /// What a `network` line may say.
    static let networkHint = "expected network offline, online, latency 300ms, fail STATUS xN or reset"
    /// The control API's ranges (`POST /__sim/network`), so a scenario and a live server accept the same faults.
    static let latencyRange = 0...60_000
    static let failStatusRange = 400...599
    static let failCountRange = 1...1_000

    /// `network offline | online | latency D | fail STATUS [xN] | reset`, anywhere in a step.
    mutating func network(_ rest: String, position: SourcePosition, restColumn: Int) {
        let words = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let column = Self.wordColumns(rest, from: restColumn)
        let change: NetworkChange
        switch words.first {
        case "offline", "online", "reset":
            guard words.count == 1 else {
                return fail(position.line, column(1), "network \(words[0]) takes nothing after it")
            }
            change = words[0] == "offline" ? .offline : words[0] == "online" ? .online : .reset
        case "latency":
            guard words.count == 2, let milliseconds = Self.milliseconds(words[1]), Self.latencyRange.contains(milliseconds) else {
                return fail(position.line, column(1),
                            "expected a latency from 0ms to 60s, like: network latency 300ms (or 2s), found \"\(words.dropFirst().joined(separator: " "))\"")
            }
            change = .latency(milliseconds: milliseconds)
        case "fail":
            guard words.count >= 2, let status = Int(words[1]), Self.failStatusRange.contains(status) else {
                return fail(position.line, column(1), "expected an HTTP status from 400 to 599, like: network fail 503 x2")
            }
            var count = 1
            if words.count > 2 {
                guard words.count == 3, words[2].hasPrefix("x"), let times = Int(words[2].dropFirst()), Self.failCountRange.contains(times) else {
                    return fail(position.line, column(2), "expected how many sends fail as xN with N from 1 to 1000, like: network fail 503 x2")
                }
                count = times
            }
            change = .fail(status: status, count: count)
        default:
            return fail(position.line, restColumn, Self.networkHint + (words.isEmpty ? "" : ", found \"\(words[0])\""))
        }
        append(.network(change, position))
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
