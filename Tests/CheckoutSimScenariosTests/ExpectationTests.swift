import CheckoutSimGraphQL
import Testing
@testable import CheckoutSimScenarios

struct ExpectationTests {
    static let response: JSON = [
        "data": [
            "cart": ["total": ["amount": "1998.00"], "lines": [["id": "a", "quantity": 2], ["id": "b", "quantity": 1]], "offer": nil],
            "ids": ["x", "y", "x"],
            "ratio": 0.5,
            "count": 3,
            "add": ["errors": [["code": "OUT_OF_STOCK", "message": "gone"]]],
        ],
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        let line: String
        let holds: Bool
        var testDescription: String { line + (holds ? "" : " (fails)") }
    }

    static let cases: [Case] = [
        .init(line: #"$.data.count == 3"#, holds: true),
        .init(line: #"$.data.count == 3.0"#, holds: true),
        .init(line: #"$.data.count != 4"#, holds: true),
        .init(line: #"$.data.count < 4"#, holds: true),
        .init(line: #"$.data.count <= 3"#, holds: true),
        .init(line: #"$.data.count > 3"#, holds: false),
        .init(line: #"$.data.ratio >= 0.5"#, holds: true),
        .init(line: #"$.data.cart.total.amount > "999.99""#, holds: true),
        .init(line: #"$.data.cart.total.amount < "200.00""#, holds: false),
        .init(line: #"$.data.cart.total.amount == "1998.00""#, holds: true),
        .init(line: #"$.data.cart.total.amount matches "^[0-9]+\\.[0-9]{2}$""#, holds: true),
        .init(line: #"$.data.cart.total.amount contains "98""#, holds: true),
        .init(line: #"$.data.cart.lines contains {"id": "b"}"#, holds: true),
        .init(line: #"$.data.cart contains {"total": {"amount": "1998.00"}}"#, holds: true),
        .init(line: #"$.data.cart contains {"total": {"amount": "1.00"}}"#, holds: false),
        .init(line: #"$.data.cart.lines[*].id == ["a", "b"]"#, holds: true),
        .init(line: #"$.data.cart.lines[-1].id == "b""#, holds: true),
        .init(line: #"$.data.cart.lines count == 2"#, holds: true),
        .init(line: #"$.data.cart.lines[*] count == 2"#, holds: true),
        .init(line: ##"$.data.cart.lines[0] == {"id": "#string", "quantity": "#number"}"##, holds: true),
        .init(line: #"$.data.cart.lines[0] == {"id": "a"}"#, holds: false),
        .init(line: ##"$.data.cart.offer == "#null""##, holds: true),
        .init(line: ##"$.data.cart.offer == "#notnull""##, holds: false),
        .init(line: ##"$.data.cart.total == "#object""##, holds: true),
        .init(line: ##"$.data.ids == "#array""##, holds: true),
        .init(line: ##"$.data.count == "#boolean""##, holds: false),
        .init(line: ##"$.data.cart == {"total": "#ignore", "lines": "#array", "offer": null}"##, holds: true),
        .init(line: #"$.data.ids isUnique"#, holds: false),
        .init(line: #"$.data.cart.lines[*].id isUnique"#, holds: true),
        .init(line: #"$.data.cart.total exists"#, holds: true),
        .init(line: #"$.data.cart.missing exists"#, holds: false),
        .init(line: #"$.data.cart.missing absent"#, holds: true),
        .init(line: #"$.data.cart.offer absent"#, holds: false),
        .init(line: #"error OUT_OF_STOCK"#, holds: true),
        .init(line: #"error CART_EMPTY"#, holds: false),
        // `not` before any operator.
        .init(line: #"$.data.ids not isUnique"#, holds: true),
        .init(line: #"$.data.cart.lines[*].id not isUnique"#, holds: false),
        .init(line: #"$.data.count not == 3"#, holds: false),
        .init(line: #"$.data.count not > 3"#, holds: true),
        .init(line: #"$.data.cart.lines count not == 3"#, holds: true),
        .init(line: #"$.data.cart.lines not count == 2"#, holds: false),
        .init(line: #"$.data.ids not contains "z""#, holds: true),
        .init(line: #"$.data.cart.total.amount not matches "^19""#, holds: false),
        .init(line: #"$.data.cart.missing not exists"#, holds: true),
        .init(line: #"$.data.cart.total not absent"#, holds: true),
        // A value that is not there cannot be checked, with or without `not`.
        .init(line: #"$.data.missing not == 1"#, holds: false),
        .init(line: #"$.data.count not count == 1"#, holds: false),
        // Captured, collected and `let` values.
        .init(line: #"{{ids}} count == 3"#, holds: true),
        .init(line: #"{{ids}} isUnique"#, holds: true),
        .init(line: #"{{ids}} contains "b""#, holds: true),
        .init(line: #"{{ids}} == ["a", "b", "c"]"#, holds: true),
        .init(line: #"{{page}} == {"first": 4, "after": null}"#, holds: true),
        .init(line: #"{{page}}  contains {"first": 4}"#, holds: true),
        .init(line: #"{{page}} not contains {"first": 5}"#, holds: true),
        .init(line: #"{{missing}} absent"#, holds: true),
        .init(line: #"{{ids}} exists"#, holds: true),
        .init(line: #"{{ids}} count == {{size}}"#, holds: true),
    ]

    /// The values `{{name}}` expectations read in these cases.
    static let values: [String: JSON] = ["ids": ["a", "b", "c"], "page": ["first": 4, "after": nil], "size": 3]

    @Test(arguments: cases)
    func evaluates(_ testCase: Case) throws {
        let text = "scenario \"E\"\nstep \"s\"\n  send Count\n  expect \(testCase.line)\n"
        let scenario = try ScenarioParserTests.parse(text).get()
        guard case .expect(let expectation) = scenario.steps[0].actions[1] else {
            Issue.record("not an expectation")
            return
        }
        var expected: JSON?
        if case .compare(_, _, _, let value) = expectation.kind { expected = try JSONParser.parse(try Substitution.apply(value, values: Self.values)) }
        let failure = ExpectationCheck.failure(of: expectation, response: Self.response, values: Self.values, expected: expected)
        #expect((failure == nil) == testCase.holds, "\(failure ?? "held")")
    }

    struct MessageCase: CustomTestStringConvertible, Sendable {
        let line: String
        let message: String
        var testDescription: String { line }
    }

    static let messages: [MessageCase] = [
        .init(line: #"$.data.cart.lines count > 5"#, message: "expected count of $.data.cart.lines > 5, found 2"),
        .init(line: #"$.data.count count == 1"#, message: "count needs an array at $.data.count, found a number: 3"),
        .init(line: #"$.data.ids not contains "x""#, message: #"expected $.data.ids not contains "x", but it does not hold (found ["x","y","x"])"#),
        .init(line: #"{{nothing}} isUnique"#, message: "{{nothing}} has no value; capture, collect or let it first, or pass --var nothing=VALUE"),
        // A failed `==` on objects or arrays lists each difference at its path, markers respected.
        .init(line: ##"$.data.cart.lines == [{"id": "a", "quantity": "#number"}, {"id": "c", "quantity": 1}, {"id": "d"}]"##, message: """
            expected $.data.cart.lines == [{"id":"a","quantity":"#number"},{"id":"c","quantity":1},{"id":"d"}], found [{"id":"a","quantity":2},{"id":"b","quantity":1}]
            @ $.data.cart.lines[1].id  - "c"  + "b"
            @ $.data.cart.lines[2]  - {"id":"d"}
            """),
    ]

    @Test(arguments: messages)
    func failuresSayWhatWasFound(_ testCase: MessageCase) throws {
        let scenario = try ScenarioParserTests.parse("scenario \"E\"\nstep \"s\"\n  send Count\n  expect \(testCase.line)\n").get()
        guard case .expect(let expectation) = scenario.steps[0].actions[1] else {
            Issue.record("not an expectation")
            return
        }
        var expected: JSON?
        if case .compare(_, _, _, let value) = expectation.kind { expected = try JSONParser.parse(value) }
        #expect(ExpectationCheck.failure(of: expectation, response: Self.response, values: Self.values, expected: expected) == testCase.message)
    }

    @Test func substitutionKeepsStringsAsStringsAndValuesTyped() throws {
        let values: [String: JSON] = ["cursor": "abc\"d", "n": 4, "flag": true]
        #expect(try Substitution.apply(#"{"after": "{{cursor}}", "first": {{n}}, "label": "page {{n}}", "f": {{ flag }}}"#, values: values)
            == #"{"after": "abc\"d", "first": 4, "label": "page 4", "f": true}"#)
        #expect(throws: Substitution.UnknownName.self) { try Substitution.apply("{{missing}}", values: values) }
        #expect(Substitution.placeholders(in: #"{"a": "{{x}}", "b": {{y}}}"#) == ["x", "y"])
    }

    @Test func pathsSelectAndReportErrors() {
        let path = try? JSONPath.parse("$.data.cart.lines[*].quantity").get()
        #expect(path?.evaluate(in: Self.response) == [2, 1])
        #expect((try? JSONPath.parse("$.data.ids[-1]").get())?.evaluate(in: Self.response) == "x")
        #expect((try? JSONPath.parse("$.data.ids[9]").get())?.evaluate(in: Self.response) == nil)
        if case .failure(let error) = JSONPath.parse("data") { #expect(error.message == "a path starts with \"$\"") }
        if case .failure(let error) = JSONPath.parse("$.a[1") { #expect(error.message == "\"[\" is not closed with \"]\"") }
        if case .failure(let error) = JSONPath.parse("$..a") { #expect(error.message == "expected a key name after \".\"") }
    }

    @Test func diffsAreAnchoredAtPaths() {
        let old: JSON = ["data": ["cart": ["total": ["amount": "1208.99"], "lines": [1, 2]], "gone": true]]
        let new: JSON = ["data": ["cart": ["total": ["amount": "1198.99"], "lines": [1]], "added": "x"]]
        #expect(JSONDiff.lines(from: old, to: new) == [
            #"@ $.data.cart.total.amount  - "1208.99"  + "1198.99""#,
            "@ $.data.cart.lines[1]  - 2",
            "@ $.data.gone  - true",
            #"@ $.data.added  + "x""#,
        ])
    }
}
