import Foundation
import Testing
@testable import CheckoutSimScenarios

/// `expect … matches`: the syntax docs/scenarios.md lists, matched without backtracking.
struct LinearRegexTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: String
        let text: String
        var testDescription: String { "/\(pattern)/ on \"\(text.prefix(30))\"" }
    }

    /// Every supported construct, on texts that match and texts that do not; each is checked
    /// against NSRegularExpression (ICU), whose defaults the syntax follows.
    static let cases: [Case] = [
        ("^Hello", "Hello, world"), ("^Hello", "Oh, Hello"), ("world$", "Hello, world"), ("world$", "world\n"),
        ("world$", "world\n\n"), ("^$", ""), ("a.c", "abc"), ("a.c", "a\nc"), ("colou?r", "color"), ("colou?r", "colour"),
        ("ab*c", "ac"), ("ab+c", "ac"), ("ab+c", "abbbc"), ("a{3}", "aa"), ("a{3}", "xaaay"), ("^a{2,3}$", "aaaa"),
        ("^a{2,}$", "aaaaaa"), ("^a{0,1}b$", "b"), ("[a-c]+x", "zzbcax"), ("[^a-c]", "abc"), ("[^a-c]", "abcd"),
        ("\\d{4}-\\d{2}", "2026-03-01"), ("^\\w+$", "snake_case9"), ("^\\w+$", "kebab-case"), ("\\s", "nospace"),
        ("\\s", "a b"), ("\\D", "123"), ("\\W", "abc_1"), ("\\S", "  "), ("\\$\\d+\\.\\d\\d", "$1,299.00"),
        ("\\$[\\d,]+\\.\\d\\d", "$1,299.00"), ("^(iphone|pixel)-\\d+", "pixel-8-pro"), ("^(iphone|pixel)-\\d+", "galaxy-s24"),
        ("(?:ab)+$", "xababab"), ("^(a|b|)c", "c"), ("[.]", "a.b"), ("[.]", "ab"), ("[\\]x]", "]"), ("[]a]", "]"),
        ("[a-]", "-"), ("\\t", "a\tb"), ("^(a+)+$", String(repeating: "a", count: 64) + "b"), ("(a*)*b", "aaac"),
        ("^.*?x", "abcx"), ("ü+", "grüüne"), ("^[0-9A-F]{8}$", "DEADBEEF"), ("^(ab|a)(bc|c)$", "abc"),
    ].map { Case(pattern: $0.0, text: $0.1) }

    @Test(arguments: cases)
    func agreesWithICU(_ item: Case) throws {
        let regex = try LinearRegex(item.pattern)
        let icu = try NSRegularExpression(pattern: item.pattern)
        let expected = icu.firstMatch(in: item.text, range: NSRange(item.text.startIndex..., in: item.text)) != nil
        #expect(regex.matches(item.text) == expected)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let pattern: String
        let message: String
        let offset: Int
        var testDescription: String { pattern }
    }

    /// Constructs outside the syntax are refused where they stand, before anything runs.
    static let refusals: [Refusal] = [
        .init(pattern: "(a)\\1", message: "\\1 is not supported (use \\d \\w \\s \\D \\W \\S \\n \\t \\r or escaped punctuation)", offset: 3),
        .init(pattern: "a(?=b)", message: "(? groups other than (?: — lookaround, flags, names — are not supported", offset: 1),
        .init(pattern: "(?i)abc", message: "(? groups other than (?: — lookaround, flags, names — are not supported", offset: 0),
        .init(pattern: "\\bword", message: "\\b is not supported (use \\d \\w \\s \\D \\W \\S \\n \\t \\r or escaped punctuation)", offset: 0),
        .init(pattern: "([", message: "expected \"]\" to close the class at column 2", offset: 2),
        .init(pattern: "(ab", message: "expected \")\" to close the group at column 1", offset: 3),
        .init(pattern: "ab)", message: "an unmatched \")\"", offset: 2),
        .init(pattern: "*a", message: "\"*\" has nothing to repeat; escape it as \\*", offset: 0),
        .init(pattern: "a**", message: "\"*\" follows another quantifier; group the repeated part: (…)*", offset: 2),
        .init(pattern: "a{2,1}", message: "{2,1} has its bounds the wrong way round", offset: 1),
        .init(pattern: "a{1001}", message: "expected {m}, {m,} or {m,n} with numbers up to 1000", offset: 1),
        .init(pattern: "a++", message: "possessive quantifiers are not supported", offset: 2),
        .init(pattern: "[z-a]", message: "the range z-a is out of order", offset: 1),
        .init(pattern: "(a{1000}){1000}", message: "the pattern is too large (more than 5000 steps once repeats are expanded)", offset: 0),
        .init(pattern: String(repeating: "(", count: 51) + String(repeating: ")", count: 51), message: "groups are nested more than 50 deep", offset: 50),
        .init(pattern: "abc\\", message: "the pattern ends with a lone backslash", offset: 4),
    ]

    @Test(arguments: refusals)
    func refusesWhatItDoesNotSupport(_ item: Refusal) {
        #expect(throws: LinearRegex.PatternError(message: item.message, offset: item.offset)) { try LinearRegex(item.pattern) }
    }

    /// The pattern on 100,000 `a`s: a backtracking engine takes exponential time here
    /// (ICU gave up after ~0.5 s on 5,000); this one visits each instruction once per position.
    @Test func nestedRepeatsStayLinear() throws {
        let subject = String(repeating: "a", count: 100_000)
        let regex = try LinearRegex("^(a+)+$")
        #expect(regex.matches(subject))
        #expect(!regex.matches(subject + "b"))
        #expect(try !LinearRegex("(x+x+)+y").matches(String(repeating: "x", count: 100_000)))
    }
}
