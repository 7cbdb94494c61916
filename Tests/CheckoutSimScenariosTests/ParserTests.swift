import CheckoutSimGraphQL
import CheckoutSimSupport
import Testing
@testable import CheckoutSimScenarios

enum TinySchema {
    final class Context {}
    struct Root: Sendable {}

    struct GreetingArguments: FieldArguments {
        static let name = ArgumentKey<String>("name", .string, default: "world", "Who to greet.")
        static var arguments: [ArgumentDeclaration] { [name.declaration] }
        let name: String
        init(_ values: ArgumentValues) throws { name = try values[Self.name] }
    }

    /// The business codes `expect error` accepts besides the request codes.
    enum ErrorCode: String, CaseIterable, Sendable {
        case OUT_OF_STOCK, CART_EMPTY
    }

    static let schema: Schema = {
        let query = ObjectType<BoxedParent<Context, Root>>("Query")
        var builder = TypedSchemaBuilder<Context>()
        let codes = EnumType<ErrorCode>("ErrorCode")
        builder.enumeration(codes, "Codes of business errors.") { "The \($0.rawValue) error." }
        builder.object(query, "Reads.") { fields in
            fields.field("greeting", type: .nonNull(.string), "A greeting.", arguments: GreetingArguments.self) { _, arguments, _ in
                "Hello, \(arguments.name)!"
            }
            fields.field("count", type: .nonNull(.int), "A number.") { _, _ in 3 }
            fields.field("lastError", type: .nonNull(codes), "A code.") { _, _ in .CART_EMPTY }
        }
        do {
            return try builder.build(query: query)
        } catch {
            preconditionFailure("tiny schema: \(error)")
        }
    }()

    static let library: OperationLibrary = {
        switch OperationLibrary.load([("Operations/Greet.graphql", "query Greet($name: String) { greeting(name: $name) }\nquery Count { count }\n")], schema: schema, origin: .folder("Operations")) {
        case .success(let library): return library
        case .failure(let error): preconditionFailure("\(error)")
        }
    }()
}

struct ScenarioParserTests {
    static func parse(_ text: String) -> Result<Scenario, ScenarioLoadError> {
        ScenarioParser.parse(file: "t.scenario", text: text, library: TinySchema.library, schema: TinySchema.schema)
    }

    @Test func parsesEveryForm() throws {
        let text = """
            # a comment
            scenario "Every form"   # trailing comment
            seed 7
            now 2026-03-01T10:00:00Z
            tags a, b

            step "Named with variables"
              session alice
              advance 2h
              send Greet {"name": "#1 {{who}}"}
              expect $.data.greeting == "Hello, #1!"
              expect $.data.greeting matches "^Hello"
              expect $.data count >= 1
              expect $.data.greeting exists
              expect $.data.nothing absent
              expect $.data[*] isUnique
              capture greeting = $.data.greeting
              snapshot

            step "Inline"
              send {"x": 1}
              ```graphql
              { count }
              ```
              expect error BAD_USER_INPUT
            """
        let scenario = try Self.parse(text).get()
        #expect(scenario.name == "Every form")
        #expect(scenario.seed == 7)
        #expect(scenario.now == "2026-03-01T10:00:00Z")
        #expect(scenario.tags == ["a", "b"])
        #expect(scenario.steps.map(\.name) == ["Named with variables", "Inline"])
        #expect(scenario.steps[0].actions.count == 11)
        guard case .send(let send) = scenario.steps[0].actions[2], case .named("Greet") = send.operation else {
            Issue.record("expected a named send")
            return
        }
        #expect(send.variables == ##"{"name": "#1 {{who}}"}"##)
        #expect(send.variablesColumn == 14)
        guard case .send(let inline) = scenario.steps[1].actions[0], case .inline(let document, _) = inline.operation else {
            Issue.record("expected an inline send")
            return
        }
        #expect(document.trimmingCharacters(in: .whitespaces) == "{ count }")
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let text: String
        let expected: String
        var testDescription: String { expected }
    }

    static let header = "scenario \"S\"\nstep \"x\"\n"

    static let errors: [ErrorCase] = [
        .init(text: "step \"x\"\n", expected: "t.scenario:1:1: expected the file to start with scenario \"NAME\""),
        .init(text: "scenario S\n", expected: "t.scenario:1:10: expected the scenario's name in double quotes, like \"Checkout\""),
        .init(text: "scenario \"S\" extra\n", expected: "t.scenario:1:10: expected the scenario's name as one double-quoted string with nothing after it"),
        .init(text: "", expected: "t.scenario:1:1: expected scenario \"NAME\", found an empty file"),
        .init(text: "scenario \"S\"\nscenario \"T\"\n", expected: "t.scenario:2:1: a file holds one scenario; this is a second \"scenario\" line"),
        .init(text: header + "  session alice bob\n  send Count\n", expected: "t.scenario:3:11: expected one session name, like: session alice"),
        .init(text: header + "  send Count\n  expect $.data.greeting matches 3\n", expected: "t.scenario:4:34: matches takes a regular expression as a JSON string"),
        .init(text: "scenario \"S\"\nseed -1\n", expected: "t.scenario:2:6: expected a non-negative integer seed, found \"-1\""),
        .init(text: "scenario \"S\"\nnow tomorrow\n", expected: "t.scenario:2:5: expected an ISO-8601 time like 2026-03-01T10:00:00Z between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z, found \"tomorrow\""),
        .init(text: header + "  send Count\nseed 3\n", expected: "t.scenario:4:1: \"seed\" belongs in the header, before the first step"),
        .init(text: "scenario \"S\"\n  send Count\n", expected: "t.scenario:2:3: \"send\" must be inside a step; start one with step \"NAME\""),
        .init(text: header + "  sned Count\n", expected: "t.scenario:3:3: unknown keyword \"sned\"; expected scenario, seed, now, tags, step, session, advance, let, send, expect, capture, collect, repeat, network, lever or snapshot"),
        .init(text: header + "  send Cuont\n", expected: "t.scenario:3:8: unknown operation \"Cuont\"; operations come from the .graphql files in Operations. Did you mean \"Count\"?"),
        .init(text: header + "  send Greet {\"name\": }\n", expected: "t.scenario:3:23: invalid JSON in the variables: expected a JSON value, found \"}\""),
        .init(text: header + "  send Greet [1]\n", expected: "t.scenario:3:14: expected the variables as a JSON object, found an array"),
        .init(text: header + "  send Count\n  send Count\n", expected: "t.scenario:4:3: a step sends exactly one request; start a new step for this one"),
        .init(text: header + "  expect $.data exists\n", expected: "t.scenario:3:3: \"expect\" checks the step's response, so it comes after the step's send"),
        .init(text: header, expected: "t.scenario:2:1: step \"x\" has no send line"),
        .init(text: header + "  send\n  { count }\n", expected: "t.scenario:3:3: an inline send is followed by the operation between ``` lines; or name an operation: send NAME"),
        .init(text: header + "  send\n  ```\n  { count }\n", expected: "t.scenario:4:3: this ``` is never closed; end the operation with a line of ```"),
        .init(text: header + "  send\n  ```\n  { cuont }\n  ```\n", expected: "t.scenario:5:5: Cannot query field \"cuont\" on type \"Query\". Did you mean \"count\"?"),
        .init(text: header + "  send Count\n  expect data.count == 3\n", expected: "t.scenario:4:10: expected a path starting with $, a {{name}} or \"error CODE\" after expect"),
        .init(text: header + "  send Count\n  expect $.data.count === 3\n", expected: "t.scenario:4:23: expected an operator (== != < <= > >= contains matches, each may follow not) or exists, absent, isUnique; found \"===\""),
        .init(text: header + "  send Count\n  expect $.data.count ==\n", expected: "t.scenario:4:25: expected a JSON value after =="),
        .init(text: header + "  send Count\n  expect $.data.count == three\n", expected: "t.scenario:4:26: invalid JSON in the expected value: expected a JSON value, found \"t\""),
        .init(text: header + "  send Count\n  expect $.data[x] exists\n", expected: "t.scenario:4:17: invalid path: expected an index, a negative index or \"*\" inside [ ], found \"x\""),
        .init(text: header + "  send Count\n  expect $.data.greeting matches \"([\"\n", expected: "t.scenario:4:37: unsupported regular expression \"([\": expected \"]\" to close the class at column 2 (at pattern column 3)"),
        .init(text: header + "  send Count\n  expect $.data.greeting matches \"(a)\\\\1\"\n", expected: "t.scenario:4:34: unsupported regular expression \"(a)\\\\1\": \\1 is not supported (use \\d \\w \\s \\D \\W \\S \\n \\t \\r or escaped punctuation) (at pattern column 4)"),
        .init(text: header + "  send Count\n  expect error bad-code\n", expected: "t.scenario:4:10: expected: expect error CODE, like: expect error OUT_OF_STOCK"),
        .init(text: header + "  send Count\n  capture = $.data\n", expected: "t.scenario:4:11: expected capture NAME = PATH, like: capture cursor = $.data.products.pageInfo.endCursor"),
        .init(text: header + "  advance 2 weeks\n  send Count\n", expected: "t.scenario:3:11: expected a duration like 30s, 15m, 2h or 7d, found \"2 weeks\""),
        .init(text: header + "  send Count\n  snapshot now\n", expected: "t.scenario:4:12: snapshot takes nothing after it"),
        // Error codes are checked when the file loads.
        .init(text: header + "  send Count\n  expect error OUT_OF_STOK\n", expected: "t.scenario:4:16: unknown error code OUT_OF_STOK; codes are the schema's ErrorCode values and the request codes. Did you mean \"OUT_OF_STOCK\"?"),
        .init(text: header + "  send Count\n  expect error GRAPHQL_VALIDATION_FAIL\n", expected: "t.scenario:4:16: unknown error code GRAPHQL_VALIDATION_FAIL; codes are the schema's ErrorCode values and the request codes. Did you mean \"GRAPHQL_VALIDATION_FAILED\"?"),
        // let, collect, {{name}} subjects, not, repeat.
        .init(text: header + "  let = 3\n  send Count\n", expected: "t.scenario:3:7: expected let NAME = JSON, like: let cursor = null"),
        .init(text: header + "  let cursor null\n  send Count\n", expected: "t.scenario:3:7: expected let NAME = JSON, like: let cursor = null"),
        .init(text: header + "  let cursor = {\"a\": }\n  send Count\n", expected: "t.scenario:3:22: invalid JSON in the value: expected a JSON value, found \"}\""),
        .init(text: header + "  let cursor =\n  send Count\n", expected: "t.scenario:3:15: expected a JSON value after ="),
        .init(text: header + "  send Count\n  collect ids = $.data\n", expected: "t.scenario:4:11: expected collect NAME += PATH, like: collect ids += $.data.products.nodes[*].id"),
        .init(text: header + "  send Count\n  collect ids += data.x\n", expected: "t.scenario:4:18: invalid path: a path starts with \"$\""),
        .init(text: header + "  collect ids += $.data\n  send Count\n", expected: "t.scenario:3:3: \"collect\" checks the step's response, so it comes after the step's send"),
        .init(text: header + "  send Count\n  expect {{ids count == 3\n", expected: "t.scenario:4:10: \"{{\" is not closed with \"}}\""),
        .init(text: header + "  send Count\n  expect {{a b}} count == 3\n", expected: "t.scenario:4:12: expected a variable name (letters, digits, _ and -) inside {{ }}"),
        .init(text: header + "  send Count\n  expect $.data.count not === 3\n", expected: "t.scenario:4:27: expected an operator (== != < <= > >= contains matches, each may follow not) or exists, absent, isUnique; found \"===\""),
        .init(text: header + "  send Count\n  repeat while $.data.count == 3\n", expected: "t.scenario:4:10: expected: repeat until PATH OP VALUE [max N], like: repeat until $.data.products.pageInfo.hasNextPage == false max 50"),
        .init(text: header + "  send Count\n  repeat until $.data.count == 3 max 0\n", expected: "t.scenario:4:38: expected max N with N from 1 to 10000, found \"0\""),
        .init(text: header + "  send Count\n  repeat until $.data.count == 3 max lots\n", expected: "t.scenario:4:38: expected max N with N from 1 to 10000, found \"lots\""),
        .init(text: header + "  send Count\n  repeat until data == 3\n", expected: "t.scenario:4:16: expected a path starting with $, a {{name}} or \"error CODE\" after repeat until"),
        .init(text: header + "  send Count\n  repeat until $.data.count == 3\n  repeat until $.data.count == 3\n", expected: "t.scenario:5:3: a step repeats once; start a new step for another loop"),
        .init(text: header + "  repeat until $.data.count == 3\n  send Count\n", expected: "t.scenario:3:3: \"repeat\" checks the step's response, so it comes after the step's send"),
        // network, expect status, expect offline.
        .init(text: header + "  network\n  send Count\n", expected: "t.scenario:3:10: expected network offline, online, reset, latency 300ms, fail STATUS, drop, truncate, garbage, slow 2kB/s or error CODE \"message\", each fault with an optional xN and for OPERATION"),
        .init(text: header + "  network sideways\n  send Count\n", expected: "t.scenario:3:11: expected network offline, online, reset, latency 300ms, fail STATUS, drop, truncate, garbage, slow 2kB/s or error CODE \"message\", each fault with an optional xN and for OPERATION, found \"sideways\""),
        .init(text: header + "  network offline  now\n  send Count\n", expected: "t.scenario:3:20: network offline takes nothing after it"),
        .init(text: header + "  network latency fast\n  send Count\n", expected: "t.scenario:3:19: expected a latency from 0ms to 60s, like: network latency 300ms (or 2s), found \"fast\""),
        .init(text: header + "  network latency 90s\n  send Count\n", expected: "t.scenario:3:19: expected a latency from 0ms to 60s, like: network latency 300ms (or 2s), found \"90s\""),
        .init(text: header + "  network latency\n  send Count\n", expected: "t.scenario:3:18: expected a latency from 0ms to 60s, like: network latency 300ms (or 2s), found \"\""),
        .init(text: header + "  network fail 200 x1\n  send Count\n", expected: "t.scenario:3:16: expected an HTTP status from 400 to 599, like: network fail 503 x2"),
        .init(text: header + "  network fail 503 twice\n  send Count\n", expected: "t.scenario:3:20: expected how many sends fail as xN with N from 1 to 1000, like: network fail 503 x2, or for OPERATION"),
        .init(text: header + "  network fail 503 x0\n  send Count\n", expected: "t.scenario:3:20: expected how many sends fail as xN with N from 1 to 1000, like: network fail 503 x2"),
        .init(text: header + "  network drop x1 for\n  send Count\n", expected: "t.scenario:3:22: expected the operation's name after for, like: network drop x1 for AddToCart"),
        .init(text: header + "  network truncate for 9Lives\n  send Count\n", expected: "t.scenario:3:24: expected the operation's name after for, like: network truncate x1 for AddToCart"),
        .init(text: header + "  network slow fast\n  send Count\n", expected: "t.scenario:3:16: expected a rate from 1B/s to 100MB/s, like: network slow 2kB/s"),
        .init(text: header + "  network slow 200MB/s\n  send Count\n", expected: "t.scenario:3:16: expected a rate from 1B/s to 100MB/s, like: network slow 2kB/s"),
        .init(text: header + "  network error oops \"x\"\n  send Count\n", expected: "t.scenario:3:17: expected an error code of A–Z, 0–9 and _, like: network error INTERNAL_SERVER_ERROR \"Try again\" x1"),
        .init(text: header + "  network error TRY_LATER x1\n  send Count\n", expected: "t.scenario:3:27: expected the error's message in double quotes, like: network error TRY_LATER \"Try again\" x1"),
        .init(text: header + "  network error TRY_LATER \"Try again\n  send Count\n", expected: "t.scenario:3:11: a quoted message is not closed; expected network offline, online, reset, latency 300ms, fail STATUS, drop, truncate, garbage, slow 2kB/s or error CODE \"message\", each fault with an optional xN and for OPERATION"),
        .init(text: header + "  network garbage x2 for Count x3\n  send Count\n", expected: "t.scenario:3:32: expected how many sends fail as xN with N from 1 to 1000, like: network garbage x2, or for OPERATION"),
        // lever.
        .init(text: header + "  lever stock pixel-8 lots\n  send Count\n", expected: "t.scenario:3:23: expected a product id and 0 to 1000000 units, like: lever stock pixel-8 0"),
        .init(text: header + "  lever payments maybe\n  send Count\n", expected: "t.scenario:3:18: expected approved, declined or requires_action, like: lever payments declined insufficient_funds x1"),
        .init(text: header + "  lever payments declined card_declined x0\n  send Count\n", expected: "t.scenario:3:41: expected how many payments as xN with N from 1 to 1000, like: lever payments declined insufficient_funds x2"),
        .init(text: header + "  lever offers WELCOME10 expiresAt soon\n  send Count\n", expected: "t.scenario:3:36: expected a time like 2026-03-01T12:00:00Z, or never"),
        .init(text: header + "  lever weather\n  send Count\n", expected: "t.scenario:3:9: " + #"expected lever stock PRODUCT_ID N, payments approved|declined [DECLINE_CODE]|requires_action [xN], checkout expired|unavailable [xN], signIn throttled|disabled|wrong_password [xN], signIn as EMAIL, scratchCards next REWARD, offers CODE expiresAt ISO|never, or clear, found "weather""#),
        .init(text: header + "  network drop\n  send Count\n  expect truncated please\n", expected: "t.scenario:5:20: expect truncated takes nothing after it"),
        .init(text: header + "  send Count\n  expect status 99\n", expected: "t.scenario:4:17: expected an HTTP status from 100 to 599, like: expect status 503"),
        .init(text: header + "  send Count\n  expect status\n", expected: "t.scenario:4:16: expected an HTTP status from 100 to 599, like: expect status 503"),
        .init(text: header + "  send Count\n  expect offline now\n", expected: "t.scenario:4:18: expect offline takes nothing after it"),
        .init(text: header + "  expect status 200\n  send Count\n", expected: "t.scenario:3:3: \"expect\" checks the step's response, so it comes after the step's send"),
        // An inline operation that does not validate is allowed only when the step expects that error.
        .init(text: header + "  send\n  ```\n  { cuont }\n  ```\n  expect error BAD_USER_INPUT\n", expected: "t.scenario:5:5: Cannot query field \"cuont\" on type \"Query\". Did you mean \"count\"?"),
        .init(text: header + "  send\n  ```\n  { count \n  ```\n  expect error GRAPHQL_VALIDATION_FAILED\n", expected: "t.scenario:5:11: Syntax Error: Expected Name, found <EOF>."),
    ]

    @Test(arguments: errors)
    func reportsMalformedLines(_ testCase: ErrorCase) {
        switch Self.parse(testCase.text) {
        case .success:
            Issue.record("expected a parse error")
        case .failure(let error):
            let first = error.diagnostics.first
            #expect(first.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == testCase.expected)
            #expect(first?.excerpt.hasSuffix("^") == true)
        }
    }

    @Test func inlineOperationsThatFailValidationRunWhenTheStepExpectsThatError() throws {
        let text = Self.header + "  send\n  ```graphql\n  { cuont }\n  ```\n  expect error GRAPHQL_VALIDATION_FAILED\n"
        let scenario = try Self.parse(text).get()
        guard case .send(let send) = scenario.steps[0].actions[0], case .inline(let document, _) = send.operation else {
            Issue.record("expected an inline send")
            return
        }
        #expect(document.contains("cuont"))
        // Set aside errors keep their place among the file's other problems.
        guard case .failure(let error) = Self.parse(text.replacingOccurrences(of: "expect error GRAPHQL_VALIDATION_FAILED", with: "expect $.x === 1\n  expect error BAD_USER_INPUT") + "  sned\n") else {
            Issue.record("expected errors")
            return
        }
        #expect(error.diagnostics.map(\.line) == [5, 7, 9])
        #expect(error.diagnostics.last?.message.hasPrefix("unknown keyword") == true)
    }

    @Test func networkLinesParseIntoChanges() throws {
        let scenario = try Self.parse(Self.header + """
              network offline
              network online
              network latency 300ms
              network latency 2s
              network fail 503
              network fail 429 x3
              network reset
              network fail 503 x1 for AddToCart
              network drop x2
              network truncate for Checkout
              network garbage x1
              network slow 2kB/s
              network slow 300B/s x2 for Products
              network error TRY_LATER "Try \\"again\\"" x1 for Checkout
              send Count
              expect status 200
              expect offline
              expect truncated
              expect unreadable
              expect error TRY_LATER
            """).get()
        let changes = scenario.steps[0].actions.compactMap { action -> NetworkChange? in
            if case .network(let change, _) = action { change } else { nil }
        }
        #expect(changes == [
            .offline, .online, .fault(NetworkFault(.latency(.milliseconds(300)))), .fault(NetworkFault(.latency(.seconds(2)))),
            .fault(NetworkFault(.fail(status: 503), count: 1)), .fault(NetworkFault(.fail(status: 429), count: 3)), .reset,
            .fault(NetworkFault(.fail(status: 503), operation: "AddToCart", count: 1)), .fault(NetworkFault(.drop, count: 2)),
            .fault(NetworkFault(.truncate, operation: "Checkout", count: 1)), .fault(NetworkFault(.garbage, count: 1)),
            .fault(NetworkFault(.slow(bytesPerSecond: 2_000))), .fault(NetworkFault(.slow(bytesPerSecond: 300), operation: "Products", count: 2)),
            .fault(NetworkFault(.error(message: "Try \"again\"", code: "TRY_LATER"), operation: "Checkout", count: 1)),
        ])
        let kinds = scenario.steps[0].actions.compactMap { action -> String? in
            guard case .expect(let expectation) = action else { return nil }
            switch expectation.kind {
            case .status(let status): return "status \(status)"
            case .offline: return "offline"
            case .truncated: return "truncated"
            case .unreadable: return "unreadable"
            case .error(let code): return "error \(code)"
            default: return nil
            }
        }
        #expect(kinds == ["status 200", "offline", "truncated", "unreadable", "error TRY_LATER"], "a code a network error line injects can be expected")
    }

    @Test func diagnosticsShowTheLineAndACaret() {
        guard case .failure(let error) = Self.parse(Self.header + "  send Count\n  expect $.data.count === 3\n") else {
            Issue.record("expected an error")
            return
        }
        #expect(error.description == """
            t.scenario:4:23: expected an operator (== != < <= > >= contains matches, each may follow not) or exists, absent, isUnique; found "==="
                expect $.data.count === 3
                                    ^
            """)
    }

    @Test func operationLibraryRejectsDuplicatesAndInvalidOperations() {
        let files = [
            ("Operations/A.graphql", "query Count { count }\n"),
            ("Operations/B.graphql", "query Count { count }\nquery Bad { nope }\n{ count }\n"),
        ]
        guard case .failure(let error) = OperationLibrary.load(files, schema: TinySchema.schema) else {
            Issue.record("expected errors")
            return
        }
        #expect(error.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Operations/B.graphql:3:1: Operations in an Operations folder must be named, so that scenarios can send them.",
            "Operations/B.graphql:1:7: Duplicate operation name \"Count\"; it is already defined at Operations/A.graphql:1.",
            "Operations/B.graphql:2:13: Cannot query field \"nope\" on type \"Query\".",
        ])
    }

    /// The bundled operations are written for the bundled fixtures: one that another fixture set
    /// cannot run is set aside, and only a scenario sending it fails, saying why.
    @Test func bundledOperationsTheSchemaCannotRunAreSetAsideUntilSent() throws {
        let files = [("Scenarios/Operations/A.graphql", "query Count { count }\nquery Home { banners }\n")]
        let library = try OperationLibrary.load(files, schema: TinySchema.schema, origin: .bundled).get()
        #expect(library.names == ["Count"])
        #expect(library.unavailable == ["Home": "Cannot query field \"banners\" on type \"Query\"."])
        #expect(throws: Never.self) {
            try ScenarioParser.parse(file: "ok.scenario", text: Self.header + "  send Count\n", library: library, schema: TinySchema.schema).get()
        }
        let text = Self.header + "  send Home\nstep \"b\"\n  send Cuont\n"
        guard case .failure(let error) = ScenarioParser.parse(file: "t.scenario", text: text, library: library, schema: TinySchema.schema) else {
            Issue.record("expected errors")
            return
        }
        #expect(error.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "t.scenario:3:8: operation \"Home\" is written for the bundled fixtures and cannot run on these: Cannot query field \"banners\" on type \"Query\".",
            "t.scenario:5:8: unknown operation \"Cuont\"; operations come from checkout-sim's bundled set (an Operations folder beside the scenario replaces it). Did you mean \"Count\"?",
        ])
        #expect(throws: ScenarioLoadError.self) { try OperationLibrary.load(files, schema: TinySchema.schema, origin: .folder("Operations")).get() }
    }
}

/// A diagnostic on a very long line (a one-line inline document of a megabyte) shows a window
/// around its column, so a hundred of them cost what a hundred on short lines do (issue 40: a
/// recording's long documents made loading it take seconds).
struct DiagnosticExcerptTests {
    @Test func aLongLineIsShownAsAWindowWithTheCaretInPlace() {
        let line = String(repeating: "a", count: 500_000) + "X" + String(repeating: "b", count: 500_000)
        let diagnostic = Diagnostic(file: "f", line: 1, column: 500_001, message: "here", lineText: line)
        let lines = diagnostic.excerpt.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines[0].unicodeScalars.count == 2 * Diagnostic.excerptReach + 2, "a window and two ellipses")
        let caret = lines[1].unicodeScalars.count - 1
        #expect(Array(lines[0].unicodeScalars)[caret] == "X", "the caret stands under the column")
        let short = Diagnostic(file: "f", line: 1, column: 3, message: "m", lineText: "ab\tX")
        #expect(short.excerpt == "ab\tX\n  ^", "a short line is shown whole")
    }
}
