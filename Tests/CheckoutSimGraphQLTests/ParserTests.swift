import Testing
@testable import CheckoutSimGraphQL

struct ParserTests {
    @Test func parsesEveryExecutableForm() throws {
        let document = try Parser.parse("""
            query Books($genre: Genre = SCIFI, $ids: [ID!]! @dir) @op {
              alias: books(genre: $genre, first: 2) @include(if: true) { ...BookFields ... on Book { id } ... @skip(if: false) { title } }
              echo(list: [1, 2], input: {term: "x", tags: ["a"]}, ratio: 1.5, flag: false, text: null, genre: CLASSIC, text2: \"\"\"b\"\"\")
            }
            mutation { append(entry: "x") }
            fragment BookFields on Book { title }
            { __typename }
            """)
        #expect(document.operations.count == 3)
        #expect(document.fragments.map(\.name.value) == ["BookFields"])
        let query = document.operations[0]
        #expect(query.kind == .query)
        #expect(query.name?.value == "Books")
        let variables = Array(document[query.variables])
        #expect(variables.map(\.name.value) == ["genre", "ids"])
        #expect(variables[1].type.description == "[ID!]!")
        #expect(document[document.operations[1].variables].isEmpty && document[document.operations[2].variables].isEmpty)
        guard case .enumValue("SCIFI", _)? = variables[0].defaultValue else {
            Issue.record("default value")
            return
        }
        guard case .field(let id) = document[query.selectionSet].first else {
            Issue.record("first selection")
            return
        }
        let books = document[id]
        #expect(books.alias?.value == "alias")
        #expect(books.responseKey == "alias")
        #expect(document[books.arguments].map(\.name.value) == ["genre", "first"])
        #expect(books.selectionSet?.count == 3)
        #expect(document.operations[1].kind == .mutation)
        #expect(document.operations[2].name == nil)
        #expect(document.location(books.offset) == SourceLocation(line: 2, column: 3))
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let source: String
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { message }
    }

    static let errors: [ErrorCase] = [
        .init(source: "", message: "Syntax Error: Unexpected <EOF>.", line: 1, column: 1),
        .init(source: "{", message: "Syntax Error: Expected Name, found <EOF>.", line: 1, column: 2),
        .init(source: "{ a(b) }", message: "Syntax Error: Expected \":\", found \")\".", line: 1, column: 6),
        .init(source: "{ a(b: ) }", message: "Syntax Error: Unexpected \")\".", line: 1, column: 8),
        .init(source: "query { a } }", message: "Syntax Error: Unexpected \"}\".", line: 1, column: 13),
        .init(source: "fragment on on T { a }", message: "Syntax Error: Unexpected Name \"on\".", line: 1, column: 10),
        .init(source: "fragment F T { a }", message: "Syntax Error: Expected \"on\", found Name \"T\".", line: 1, column: 12),
        .init(source: "query ($a: Int = $b) { a }", message: "Syntax Error: Unexpected variable \"$b\" in constant value.", line: 1, column: 18),
        .init(source: "{ ...on }", message: "Syntax Error: Expected Name, found \"}\".", line: 1, column: 9),
        .init(source: "\"doc\" query { a }", message: "Syntax Error: Unexpected String \"doc\"; only executable definitions (operations and fragments) are accepted.", line: 1, column: 1),
        .init(source: "query { a(x: [1, 2) }", message: "Syntax Error: Unexpected \")\".", line: 1, column: 19),
        .init(source: "{ a }\n{ b(c: {d: 1 e: }) }", message: "Syntax Error: Unexpected \"}\".", line: 2, column: 17),
    ]

    /// Every node reads back its own selections, arguments and directives from the document's
    /// shared arrays, however deeply sets nest and whatever is parsed between a node's parts.
    @Test func nodesReadBackTheirOwnRunsFromTheSharedArrays() throws {
        let document = try Parser.parse("""
            query Q @a(x: 1) @b {
              one(p: 1, q: 2) @c(y: 3) @d { two { three(r: 4) } ... on T @e(z: 5) { four } ...F @f }
              five @g(w: [6])
            }
            fragment F on T @h { six(s: 7) { seven } }
            """)
        func describe(_ set: SelectionSet) -> String {
            document[set].map { selection in
                switch selection {
                case .field(let id):
                    let field = document[id]
                    let arguments = document[field.arguments].map { "\($0.name.value):\(ValuePrinter.print($0.value))" }
                    let directives = document[field.directives].map { directive in
                        "@\(directive.name.value)(\(document[directive.arguments].map(\.name.value).joined(separator: ",")))"
                    }
                    let nested = field.selectionSet.map { " { \(describe($0)) }" } ?? ""
                    return field.name.value + "(\(arguments.joined(separator: ",")))" + directives.joined() + nested
                case .inlineFragment(let id):
                    let inline = document[id]
                    let directives = document[inline.directives].map { "@\($0.name.value)" }.joined()
                    return "... on \(inline.typeCondition?.value ?? "")\(directives) { \(describe(inline.selectionSet)) }"
                case .fragmentSpread(let id):
                    let spread = document[id]
                    return "...\(spread.name.value)" + document[spread.directives].map { "@\($0.name.value)" }.joined()
                }
            }.joined(separator: " ")
        }
        let operation = try #require(document.operations.first)
        #expect(document[operation.directives].map(\.name.value) == ["a", "b"])
        #expect(describe(operation.selectionSet)
            == "one(p:1,q:2)@c(y)@d() { two() { three(r:4) } ... on T@e { four() } ...F@f } five()@g(w)")
        let fragment = try #require(document.fragments.first)
        #expect(document[fragment.directives].map(\.name.value) == ["h"])
        #expect(describe(fragment.selectionSet) == "six(s:7) { seven() }")
        #expect(document.fields.count == 7)
        #expect(document.selections.count == 9)
    }

    @Test(arguments: errors)
    func reportsSyntaxError(_ testCase: ErrorCase) {
        do {
            _ = try Parser.parse(testCase.source)
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.message == testCase.message)
            #expect(error.locations == [SourceLocation(line: testCase.line, column: testCase.column)])
        }
    }

    struct LimitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let messagePrefix: String
        var testDescription: String { name }
    }

    static let limits: [LimitCase] = [
        .init(name: "200,000 nested lists", source: "{ a(x: " + String(repeating: "[", count: 200_000) + ") }",
              messagePrefix: "Syntax Error: Document nesting exceeds the limit of 25 levels."),
        .init(name: "200,000 nested selections", source: String(repeating: "{a", count: 200_000),
              messagePrefix: "Syntax Error: Document nesting exceeds the limit of 25 levels."),
        .init(name: "200,000 nested objects", source: "{ a(x: " + String(repeating: "{a:", count: 200_000) + ") }",
              messagePrefix: "Syntax Error: Document nesting exceeds the limit of 25 levels."),
        .init(name: "2 MiB document", source: "{ a }" + String(repeating: " ", count: 2 << 20),
              messagePrefix: "Syntax Error: Document is 2097157 bytes, more than the limit of 1048576."),
        .init(name: "50,000 aliases", source: "{ " + (0..<50_000).map { "a\($0): __typename" }.joined(separator: " ") + " }",
              messagePrefix: "Syntax Error: Document contains more than 15000 tokens. Parsing aborted."),
        .init(name: "20,000 tokens", source: "{ " + String(repeating: "a ", count: 20_000) + "}",
              messagePrefix: "Syntax Error: Document contains more than 15000 tokens. Parsing aborted."),
    ]

    @Test(arguments: limits)
    func enforcesLimit(_ testCase: LimitCase) {
        do {
            _ = try Parser.parse(testCase.source)
            Issue.record("expected the limit to trip")
        } catch {
            #expect(error.message == testCase.messagePrefix)
            #expect(error.code == .parseFailed)
        }
    }

    @Test func acceptsNestingAtTheLimit() throws {
        let source = String(repeating: "{a", count: 25) + String(repeating: "}", count: 25)
        let document = try Parser.parse(source)
        #expect(document.operations.count == 1)
    }

    @Test func blockStringValueDropsCommonIndentAndBlankEdges() {
        #expect(Lexer.blockStringValue("\n  hello\n    world\n  \n") == "hello\n  world")
        #expect(Lexer.blockStringValue("  first\n  second") == "  first\nsecond")
        #expect(Lexer.blockStringValue("a\r\n  b\r  c") == "a\nb\nc")
    }
}
