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
    ]

    @Test(arguments: cases)
    func evaluates(_ testCase: Case) throws {
        let text = "scenario \"E\"\nstep \"s\"\n  send Count\n  expect \(testCase.line)\n"
        let scenario = try ScenarioParserTests.parse(text).get()
        guard case .expect(let expectation) = scenario.steps[0].actions[1] else {
            Issue.record("not an expectation")
            return
        }
        var expected: JSON?
        if case .compare(_, _, _, let value) = expectation.kind { expected = try JSONParser.parse(value) }
        let failure = ExpectationCheck.failure(of: expectation, response: Self.response, expected: expected)
        #expect((failure == nil) == testCase.holds, "\(failure ?? "held")")
    }

    @Test func failureMessagesSayWhatWasFound() throws {
        let scenario = try ScenarioParserTests.parse("scenario \"E\"\nstep \"s\"\n  send Count\n  expect $.data.cart.lines count > 5\n").get()
        guard case .expect(let expectation) = scenario.steps[0].actions[1] else { return }
        #expect(ExpectationCheck.failure(of: expectation, response: Self.response, expected: 5) == "expected count of $.data.cart.lines > 5, found 2")
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
