/// "Did you mean …?" hints, worded and ranked as graphql-js ranks them.
package enum Suggestions {
    /// Options within a lexical distance of 40 % of the input's length, closest first.
    ///
    /// - Complexity: O(input + Σ option²): an option whose length differs from the input's by more
    ///   than the threshold is out of reach (the distance is at least the difference) and costs
    ///   nothing, so a megabyte-long unknown name is not compared letter by letter with short options.
    package static func list(_ input: String, options: [String]) -> [String] {
        let length = input.unicodeScalars.count
        let threshold = length * 4 / 10 + 1
        let reachable = options.filter { abs($0.unicodeScalars.count - length) <= threshold }
        guard !reachable.isEmpty else { return [] }
        let lowered = input.lowercased()
        var scored: [(String, Int)] = []
        for option in reachable {
            let distance = option.lowercased() == lowered ? 1 : lexicalDistance(lowered, option.lowercased(), input, option)
            if distance <= threshold { scored.append((option, distance)) }
        }
        scored.sort { lhs, rhs in
            lhs.1 != rhs.1 ? lhs.1 < rhs.1 : naturalOrder(lhs.0, rhs.0)
        }
        return scored.map(\.0)
    }

    /// Optimal string alignment distance; 0 only for identical strings.
    private static func lexicalDistance(_ a: String, _ b: String, _ original: String, _ option: String) -> Int {
        if original == option { return 0 }
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = value
            }
        }
        return rows[a.count][b.count]
    }

    /// graphql-js's naturalCompare: digit runs compare numerically, other characters by code unit.
    static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf16)
        let b = Array(rhs.utf16)
        var i = 0
        var j = 0
        func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                var x = 0
                var y = 0
                while i < a.count, isDigit(a[i]) { x = x &* 10 &+ Int(a[i] - 48); i += 1 }
                while j < b.count, isDigit(b[j]) { y = y &* 10 &+ Int(b[j] - 48); j += 1 }
                if x != y { return x < y }
            } else {
                if a[i] != b[j] { return a[i] < b[j] }
                i += 1
                j += 1
            }
        }
        return a.count - i < b.count - j
    }

    /// ` Did you mean "a", "b", or "c"?` (at most five), or "" when there is nothing to suggest.
    package static func didYouMean(_ suggestions: [String], subject: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        var message = " Did you mean "
        if let subject { message += subject + " " }
        switch quoted.count {
        case 1: message += quoted[0]
        case 2: message += quoted[0] + " or " + quoted[1]
        default: message += quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1]
        }
        return message + "?"
    }
}
