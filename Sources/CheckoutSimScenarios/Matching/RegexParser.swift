/// A parsed pattern, before it is compiled to `LinearRegex.Instruction`s.
indirect enum RegexNode: Sendable {
    case empty
    case scalar(Unicode.Scalar)
    case any
    case set(ScalarSet)
    case textStart
    case textEnd
    case sequence([RegexNode])
    case alternation([RegexNode])
    /// `maximum` nil: no upper bound.
    case repeated(RegexNode, minimum: Int, maximum: Int?)
}

/// A set of scalars as `[…]`, `\d`, `\w` and `\s` describe them: ranges and classes, maybe negated.
struct ScalarSet: Sendable, Equatable {
    enum Class: Sendable, Equatable {
        case digit, word, space
        case notDigit, notWord, notSpace

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .digit: return scalar.properties.numericType == .decimal
            case .word: return scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
                || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .connectorPunctuation
            case .space: return scalar.properties.isWhitespace
            case .notDigit: return !Class.digit.contains(scalar)
            case .notWord: return !Class.word.contains(scalar)
            case .notSpace: return !Class.space.contains(scalar)
            }
        }
    }

    var ranges: [ClosedRange<UInt32>] = []
    var classes: [Class] = []
    var negated = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let found = ranges.contains { $0.contains(scalar.value) } || classes.contains { $0.contains(scalar) }
        return found != negated
    }
}

/// Recursive descent over a pattern's scalars; nesting is bounded by `LinearRegex.maxDepth`.
struct RegexParser {
    let pattern: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    init(pattern: [Unicode.Scalar]) {
        self.pattern = pattern
    }

    mutating func parseWhole() throws(LinearRegex.PatternError) -> RegexNode {
        let node = try alternation()
        if index < pattern.count {
            throw fail("an unmatched \")\"")
        }
        return node
    }

    private func fail(_ message: String, at offset: Int? = nil) -> LinearRegex.PatternError {
        LinearRegex.PatternError(message: message, offset: offset ?? index)
    }

    private var peek: Unicode.Scalar? { index < pattern.count ? pattern[index] : nil }

    private mutating func alternation() throws(LinearRegex.PatternError) -> RegexNode {
        var choices = [try sequence()]
        while peek == "|" {
            index += 1
            choices.append(try sequence())
        }
        return choices.count == 1 ? choices[0] : .alternation(choices)
    }

    private mutating func sequence() throws(LinearRegex.PatternError) -> RegexNode {
        var parts: [RegexNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            let start = index
            var atom = try self.atom()
            if let quantifier = try self.quantifier() {
                if case .textStart = atom { throw fail("a quantifier after ^ repeats nothing", at: start) }
                if case .textEnd = atom { throw fail("a quantifier after $ repeats nothing", at: start) }
                if let after = peek, "*+?{".unicodeScalars.contains(after) {
                    throw fail("\"\(after)\" follows another quantifier; group the repeated part: (…)\(after)")
                }
                atom = .repeated(atom, minimum: quantifier.minimum, maximum: quantifier.maximum)
            }
            parts.append(atom)
        }
        return parts.count == 1 ? parts[0] : (parts.isEmpty ? .empty : .sequence(parts))
    }

    /// `* + ? {m} {m,} {m,n}`, each maybe followed by a `?`; nil when none follows.
    private mutating func quantifier() throws(LinearRegex.PatternError) -> (minimum: Int, maximum: Int?)? {
        let result: (Int, Int?)
        switch peek {
        case "*": index += 1; result = (0, nil)
        case "+": index += 1; result = (1, nil)
        case "?": index += 1; result = (0, 1)
        case "{":
            let start = index
            index += 1
            let minimum = number()
            var maximum = minimum
            if peek == "," {
                index += 1
                maximum = peek == "}" ? nil : number()
                if maximum == nil, peek != "}" { throw fail("expected a number or } in {m,n}") }
            }
            guard let minimum, peek == "}" else { throw fail("expected {m}, {m,} or {m,n} with numbers up to 1000", at: start) }
            index += 1
            if let maximum, maximum < minimum { throw fail("{\(minimum),\(maximum)} has its bounds the wrong way round", at: start) }
            result = (minimum, maximum)
        default:
            return nil
        }
        if peek == "?" { index += 1 }
        if peek == "+" { throw fail("possessive quantifiers are not supported") }
        return result
    }

    /// Decimal digits up to 1000; nil when there are none or the number is larger.
    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            index += 1
            if value > 1_000 { return nil }
        }
        return digits == 0 ? nil : value
    }

    private mutating func atom() throws(LinearRegex.PatternError) -> RegexNode {
        let start = index
        let scalar = pattern[index]
        index += 1
        switch scalar {
        case ".": return .any
        case "^": return .textStart
        case "$": return .textEnd
        case "*", "+", "?", "{":
            throw fail("\"\(scalar)\" has nothing to repeat; escape it as \\\(scalar)", at: start)
        case "[": return .set(try set(start: start))
        case "\\": return try escape()
        case "(":
            if peek == "?" {
                guard index + 1 < pattern.count, pattern[index + 1] == ":" else {
                    throw fail("(? groups other than (?: — lookaround, flags, names — are not supported", at: start)
                }
                index += 2
            }
            depth += 1
            guard depth <= LinearRegex.maxDepth else { throw fail("groups are nested more than \(LinearRegex.maxDepth) deep", at: start) }
            let inner = try alternation()
            guard peek == ")" else { throw fail("expected \")\" to close the group at column \(start + 1)") }
            index += 1
            depth -= 1
            return inner
        default:
            return .scalar(scalar)
        }
    }

    /// After a backslash: a class, a control escape or escaped punctuation.
    private mutating func escape() throws(LinearRegex.PatternError) -> RegexNode {
        guard let scalar = peek else { throw fail("the pattern ends with a lone backslash") }
        let start = index - 1
        index += 1
        if let known = Self.classEscape(scalar) { return .set(ScalarSet(classes: [known])) }
        if let control = Self.controlEscape(scalar) { return .scalar(control) }
        guard !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else {
            throw fail("\\\(scalar) is not supported (use \\d \\w \\s \\D \\W \\S \\n \\t \\r or escaped punctuation)", at: start)
        }
        return .scalar(scalar)
    }

    private static func classEscape(_ scalar: Unicode.Scalar) -> ScalarSet.Class? {
        switch scalar {
        case "d": .digit
        case "w": .word
        case "s": .space
        case "D": .notDigit
        case "W": .notWord
        case "S": .notSpace
        default: nil
        }
    }

    private static func controlEscape(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "n": "\n"
        case "t": "\t"
        case "r": "\r"
        default: nil
        }
    }

    /// `[…]` after its `[`: ranges, single scalars, class escapes; `^` first negates, `]` first is literal.
    private mutating func set(start: Int) throws(LinearRegex.PatternError) -> ScalarSet {
        var set = ScalarSet()
        if peek == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while true {
            guard let scalar = peek else { throw fail("expected \"]\" to close the class at column \(start + 1)") }
            if scalar == "]", !first {
                index += 1
                return set
            }
            first = false
            if scalar == "[" { throw fail("nested classes and set operations are not supported; escape [ as \\[") }
            let low: Unicode.Scalar
            index += 1
            if scalar == "\\" {
                guard let escaped = peek else { throw fail("the pattern ends with a lone backslash") }
                index += 1
                if let known = Self.classEscape(escaped) {
                    set.classes.append(known)
                    continue
                }
                if let control = Self.controlEscape(escaped) {
                    low = control
                } else {
                    guard !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped) else {
                        throw fail("\\\(escaped) is not supported inside a class", at: index - 2)
                    }
                    low = escaped
                }
            } else {
                low = scalar
            }
            if peek == "-", index + 1 < pattern.count, pattern[index + 1] != "]" {
                index += 1
                var high = pattern[index]
                index += 1
                if high == "\\" {
                    guard let escaped = peek, !escaped.properties.isAlphabetic || Self.controlEscape(escaped) != nil else {
                        throw fail("a range must end with a single character", at: index - 1)
                    }
                    index += 1
                    high = Self.controlEscape(escaped) ?? escaped
                }
                guard low.value <= high.value else { throw fail("the range \(low)-\(high) is out of order", at: index - 3) }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
    }
}
