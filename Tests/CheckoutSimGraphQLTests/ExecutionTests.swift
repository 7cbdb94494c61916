import Testing
@testable import CheckoutSimGraphQL

struct ExecutionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let query: String
        let variables: String
        let response: String
        var testDescription: String { name }

        init(_ name: String, _ query: String, variables: String = "{}", _ response: String) {
            self.name = name
            self.query = query
            self.variables = variables
            self.response = response
        }
    }

    static func run(_ testCase: Case) throws -> String {
        let variables = try JSONParser.parse(testCase.variables).objectValue ?? JSONObject()
        return TestSchema.run(testCase.query, variables: variables)
    }

    static let coercion: [Case] = [
        .init("Int accepts an integer", "query ($n: Int) { echo(number: $n) }", variables: #"{"n": 7}"#,
              #"{"data":{"echo":"{\"number\":7,\"required\":\"r\"}"}}"#),
        .init("Int rejects a fraction", "query ($n: Int) { echo(number: $n) }", variables: #"{"n": 1.5}"#,
              #"{"errors":[{"message":"Variable \"$n\" got invalid value 1.5; Int cannot represent non-integer value: 1.5","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("Int is 32-bit", "query ($n: Int) { echo(number: $n) }", variables: #"{"n": 2147483648}"#,
              #"{"errors":[{"message":"Variable \"$n\" got invalid value 2147483648; Int cannot represent non 32-bit signed integer value: 2147483648","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("Float accepts an Int", "query ($r: Float) { echo(ratio: $r) }", variables: #"{"r": 2}"#,
              #"{"data":{"echo":"{\"ratio\":2,\"required\":\"r\"}"}}"#),
        .init("ID accepts an Int", "query ($i: ID) { echo(id: $i) }", variables: #"{"i": 12}"#,
              #"{"data":{"echo":"{\"id\":\"12\",\"required\":\"r\"}"}}"#),
        .init("String rejects a number", "query ($t: String) { echo(text: $t) }", variables: #"{"t": 1}"#,
              #"{"errors":[{"message":"Variable \"$t\" got invalid value 1; String cannot represent a non string value: 1","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("Boolean rejects a string", "query ($f: Boolean) { echo(flag: $f) }", variables: #"{"f": "true"}"#,
              #"{"errors":[{"message":"Variable \"$f\" got invalid value \"true\"; Boolean cannot represent a non boolean value: \"true\"","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("enum by name", "query ($g: Genre) { echo(genre: $g) }", variables: #"{"g": "SCIFI"}"#,
              #"{"data":{"echo":"{\"genre\":\"SCIFI\",\"required\":\"r\"}"}}"#),
        .init("unknown enum value", "query ($g: Genre) { echo(genre: $g) }", variables: #"{"g": "SCIFY"}"#,
              #"{"errors":[{"message":"Variable \"$g\" got invalid value \"SCIFY\"; Value \"SCIFY\" does not exist in \"Genre\" enum. Did you mean the enum value \"SCIFI\"?","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("single value becomes a list", "query ($l: [Int!]) { echo(list: $l) }", variables: #"{"l": 3}"#,
              #"{"data":{"echo":"{\"list\":[3],\"required\":\"r\"}"}}"#),
        .init("an explicit null list stays null, not [null]", "query ($l: [Int!]) { echo(list: $l) }", variables: #"{"l": null}"#,
              #"{"data":{"echo":"{\"list\":null,\"required\":\"r\"}"}}"#),
        .init("null inside a non-null list", "query ($l: [Int!]) { echo(list: $l) }", variables: #"{"l": [1, null]}"#,
              #"{"errors":[{"message":"Variable \"$l\" got invalid value null at \"l[1]\"; Expected non-nullable type \"Int!\" not to be null.","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("input object defaults", "query ($s: SearchInput) { echo(input: $s) }", variables: #"{"s": {"term": "x"}}"#,
              #"{"data":{"echo":"{\"input\":{\"term\":\"x\",\"limit\":5},\"required\":\"r\"}"}}"#),
        .init("input object unknown key", "query ($s: SearchInput) { echo(input: $s) }", variables: #"{"s": {"term": "x", "limt": 1}}"#,
              #"{"errors":[{"message":"Variable \"$s\" got invalid value { term: \"x\", limt: 1 }; Field \"limt\" is not defined by type \"SearchInput\". Did you mean \"limit\"?","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("input object missing field", "query ($s: SearchInput) { echo(input: $s) }", variables: #"{"s": {}}"#,
              #"{"errors":[{"message":"Variable \"$s\" got invalid value {}; Field \"term\" of required type \"String!\" was not provided.","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("nested error path", "query ($s: SearchInput) { echo(input: $s) }", variables: #"{"s": {"term": 5}}"#,
              #"{"errors":[{"message":"Variable \"$s\" got invalid value 5 at \"s.term\"; String cannot represent a non string value: 5","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("required variable missing", "query ($id: ID!) { book(id: $id) { id } }",
              #"{"errors":[{"message":"Variable \"$id\" of required type \"ID!\" was not provided.","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("required variable null", "query ($id: ID!) { book(id: $id) { id } }", variables: #"{"id": null}"#,
              #"{"errors":[{"message":"Variable \"$id\" of non-null type \"ID!\" must not be null.","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#),
        .init("default used when absent", "query ($n: Int = 1) { books(first: $n) { id } }",
              #"{"data":{"books":[{"id":"1"}]}}"#),
        .init("explicit null is not absent", "query ($t: String = \"d\") { echo(text: $t) }", variables: #"{"t": null}"#,
              #"{"data":{"echo":"{\"text\":null,\"required\":\"r\"}"}}"#),
        .init("absent variable leaves the argument out", "query ($t: String) { echo(text: $t) }",
              #"{"data":{"echo":"{\"required\":\"r\"}"}}"#),
    ]

    @Test(arguments: coercion)
    func coercesVariables(_ testCase: Case) throws {
        #expect(try Self.run(testCase) == testCase.response)
    }

    static let execution: [Case] = [
        .init("aliases and __typename", "{ first: book(id: 1) { __typename t: title } second: book(id: \"3\") { title } }",
              #"{"data":{"first":{"__typename":"Book","t":"Dune"},"second":{"title":"Solaris"}}}"#),
        .init("fragments merge into one object", "{ book(id: 1) { ...A ... on Book { pages } title } } fragment A on Book { title id }",
              #"{"data":{"book":{"title":"Dune","id":"1","pages":412}}}"#),
        .init("a fragment's fields come where it is spread, however deep",
              "{ book(id: 1) { id ... on Book { ...A pages } title } } fragment A on Book { genre ...B } fragment B on Book { title id }",
              #"{"data":{"book":{"id":"1","genre":"SCIFI","title":"Dune","pages":412}}}"#),
        .init("a key written twice merges its sub-selections", "{ book(id: 1) { id } book(id: 1) { title id }}",
              #"{"data":{"book":{"id":"1","title":"Dune"}}}"#),
        .init("skip and include", "query ($yes: Boolean!) { book(id: 1) { id @skip(if: $yes) title @include(if: $yes) pages @include(if: false) } }",
              variables: #"{"yes": true}"#, #"{"data":{"book":{"title":"Dune"}}}"#),
        .init("list arguments and enums", "{ books(genre: SCIFI) { id genre related(first: 1) { id } } }",
              #"{"data":{"books":[{"id":"1","genre":"SCIFI","related":[{"id":"2"}]},{"id":"3","genre":"SCIFI","related":[{"id":"1"}]}]}}"#),
        .init("field error on a nullable field", "{ failing book(id: 1) { id } }",
              #"{"data":{"failing":null,"book":{"id":"1"}},"errors":[{"message":"Boom.","locations":[{"line":1,"column":3}],"path":["failing"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
        .init("non-null error bubbles to data", "{ book(id: 1) { id } failingNonNull }",
              #"{"data":null,"errors":[{"message":"Boom!","locations":[{"line":1,"column":22}],"path":["failingNonNull"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
        .init("null for non-null", "{ nullNonNull }",
              #"{"data":null,"errors":[{"message":"Cannot return null for non-nullable field Query.nullNonNull.","locations":[{"line":1,"column":3}],"path":["nullNonNull"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
        .init("bubbling stops at a nullable parent", "{ nested { ok bad } book(id: 2) { id } }",
              #"{"data":{"nested":null,"book":{"id":"2"}},"errors":[{"message":"Nested failure.","locations":[{"line":1,"column":15}],"path":["nested","bad"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
        .init("bubbling through a non-null parent", "{ nestedNonNull { ok bad } }",
              #"{"data":null,"errors":[{"message":"Nested failure.","locations":[{"line":1,"column":22}],"path":["nestedNonNull","bad"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
        .init("null inside a nullable list", "{ book(id: 1) { ids } }", #"{"data":{"book":{"ids":["a",null]}}}"#),
        .init("null inside a non-null list item nulls the list", "{ book(id: 1) { strictIds } }",
              #"{"data":{"book":{"strictIds":null}},"errors":[{"message":"Cannot return null for non-nullable field Book.strictIds.","locations":[{"line":1,"column":17}],"path":["book","strictIds",1],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
        .init("Int beyond 32 bits is a field error", "{ bigNumber }",
              #"{"data":{"bigNumber":null},"errors":[{"message":"Int cannot represent non 32-bit signed integer value: 3000000000","locations":[{"line":1,"column":3}],"path":["bigNumber"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#),
        .init("missing book is null", "{ book(id: 9) { id } }", #"{"data":{"book":null}}"#),
        .init("syntax errors have no data", "{ book(id: 1) { id }",
              #"{"errors":[{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":1,"column":21}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}"#),
        .init("validation errors have no data", "{ nope }",
              #"{"errors":[{"message":"Cannot query field \"nope\" on type \"Query\".","locations":[{"line":1,"column":3}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#),
        .init("several operations need a name", "query A { __typename } query B { __typename }",
              #"{"errors":[{"message":"Must provide operation name if query contains multiple operations.","extensions":{"code":"OPERATION_RESOLUTION_FAILURE"}}]}"#),
    ]

    @Test(arguments: execution)
    func executes(_ testCase: Case) throws {
        #expect(try Self.run(testCase) == testCase.response)
    }

    @Test func selectsTheNamedOperation() {
        let document = "query A { book(id: 1) { id } } query B { book(id: 2) { id } }"
        #expect(TestSchema.run(document, operation: "B") == #"{"data":{"book":{"id":"2"}}}"#)
        #expect(TestSchema.run(document, operation: "C")
            == #"{"errors":[{"message":"Unknown operation named \"C\".","extensions":{"code":"OPERATION_RESOLUTION_FAILURE"}}]}"#)
    }

    @Test func runsMutationFieldsSeriallyInDocumentOrder() {
        let log = TestSchema.Log()
        let response = TestSchema.run(#"mutation { a: append(entry: "one") b: append(entry: "two") c: append(entry: "three") }"#, context: log)
        #expect(response == #"{"data":{"a":["one"],"b":["one","two"],"c":["one","two","three"]}}"#)
    }

    @Test func prettyOutputIsTwoSpaceIndentedWithTrailingNewline() {
        let response = GraphQLEngine.run(GraphQLRequest(query: "{ book(id: 1) { id pages } }"), schema: TestSchema.schema, context: nil)
        #expect(response.serialized(pretty: true) == "{\n  \"data\": {\n    \"book\": {\n      \"id\": \"1\",\n      \"pages\": 412\n    }\n  }\n}\n")
    }

    /// Through a `DocumentCache` the second run of a document takes its fields from the cached
    /// plan; every case must answer the same both times, errors and paths included.
    @Test func cachedPlansAnswerLikeFreshExecution() throws {
        var cache = DocumentCache()
        for testCase in Self.coercion + Self.execution {
            let variables = try JSONParser.parse(testCase.variables).objectValue ?? JSONObject()
            for run in 1...2 {
                let response = cache.run(
                    GraphQLRequest(query: testCase.query, variables: variables), schema: TestSchema.schema, context: nil)
                #expect(response.serialized(pretty: false) == testCase.response, "\(testCase.name), run \(run)")
            }
        }
    }

    /// The cache finds a text by its bytes: the same text hits however it was made, texts that
    /// differ anywhere (same length, one byte, or canonically equivalent Unicode) do not.
    @Test func cachedDocumentsAreFoundByTheirBytes() throws {
        var cache = DocumentCache()
        let texts = [
            "{ book(id: 1) { id } }", "{ book(id: 2) { id } }", "{ book(id: 1) { id }}", "",
            "{ book(id: 1) { id title } } # caf\u{E9}", "{ book(id: 1) { id title } } # cafe\u{301}",
            String(repeating: "{ book(id: 1) { id } }", count: 40),
        ]
        for (index, text) in texts.enumerated() {
            #expect(cache.lookup(text) == nil, "not cached before: \(index)")
            cache.insert(GraphQLEngine.prepare(text, schema: TestSchema.schema, limits: RequestLimits()), for: text)
            // The same text built afresh from its bytes.
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(cache.lookup(copy) != nil, "found again: \(index)")
        }
        #expect(cache.count == texts.count, "canonically equivalent texts are separate entries")
    }

    /// A plan is shared by requests with different variables: arguments and `@include` that read
    /// variables must follow each request, in whichever order they come.
    @Test func cachedPlansReadEachRequestsVariables() throws {
        var cache = DocumentCache()
        let query = "query ($n: Int, $g: Genre, $show: Boolean!) { books(first: $n, genre: $g) { id related(first: $n) { id } title @include(if: $show) } }"
        let runs: [(variables: String, response: String)] = [
            (#"{"n": 1, "g": "SCIFI", "show": true}"#, #"{"data":{"books":[{"id":"1","related":[{"id":"2"}],"title":"Dune"}]}}"#),
            (#"{"n": 2, "show": false}"#, #"{"data":{"books":[{"id":"1","related":[{"id":"2"},{"id":"3"}]},{"id":"2","related":[{"id":"1"},{"id":"3"}]}]}}"#),
            (#"{"n": 1, "g": "SCIFI", "show": true}"#, #"{"data":{"books":[{"id":"1","related":[{"id":"2"}],"title":"Dune"}]}}"#),
        ]
        for (variables, expected) in runs {
            let request = GraphQLRequest(query: query, variables: try JSONParser.parse(variables).objectValue ?? JSONObject())
            #expect(cache.run(request, schema: TestSchema.schema, context: nil).serialized(pretty: false) == expected)
        }
        // A condition inside a fragment, and on an inline fragment, reads each request's variables too.
        let fragments = "query ($show: Boolean!) { books(first: 1) { ...F ... @skip(if: $show) { id } } } fragment F on Book { title @include(if: $show) }"
        for (show, expected) in [(true, #"{"data":{"books":[{"title":"Dune"}]}}"#), (false, #"{"data":{"books":[{"id":"1"}]}}"#), (true, #"{"data":{"books":[{"title":"Dune"}]}}"#)] {
            let request = GraphQLRequest(query: fragments, variables: JSONObject([("show", .bool(show))]))
            #expect(cache.run(request, schema: TestSchema.schema, context: nil).serialized(pretty: false) == expected)
        }
        let literal = "query ($n: Int) { books(first: $n) { id related(first: 1) { id } } }"
        for count in [1, 2] {
            let request = GraphQLRequest(query: literal, variables: JSONObject([("n", .int(count))]))
            let response = cache.run(request, schema: TestSchema.schema, context: nil).serialized(pretty: false)
            #expect(response == TestSchema.run(literal, variables: request.variables))
        }
    }

    /// `utf8:` resolvers hand over bytes instead of a string: no call is null, the first call
    /// wins, and bytes written before a throw are taken back.
    @Test func utf8ResolversWriteTheirBytesOnce() throws {
        typealias F = SchemaBuilder.FieldSpec
        @Sendable func send(_ text: String, to write: (UnsafeBufferPointer<UInt8>) -> Void) {
            var text = text
            text.withUTF8(write)
        }
        var builder = SchemaBuilder()
        builder.object("Query", "Reads.", [
            F("quoted", "String", "Needs escaping.", utf8: { _, write in send("say \"hi\"", to: write) }),
            F("twice", "ID!", "Calls the writer twice.", utf8: { _, write in
                send("first", to: write)
                send("second", to: write)
            }),
            F("absent", "String", "Never calls the writer.", utf8: { _, _ in }),
            F("broken", "String", "Writes, then throws.", utf8: { _, write in
                send("partial", to: write)
                throw FieldError("Broke after writing.")
            }),
        ])
        let schema = try builder.build(query: "Query")
        let response = GraphQLEngine.run(GraphQLRequest(query: "{ quoted twice absent broken }"), schema: schema, context: nil)
        #expect(response.serialized(pretty: false) == #"{"data":{"quoted":"say \"hi\"","twice":"first","absent":null,"broken":null},"errors":[{"message":"Broke after writing.","locations":[{"line":1,"column":23}],"path":["broken"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
    }

    /// A row reader runs once per object, and every field of the object sees what it read.
    @Test func rowReadersRunOncePerObject() throws {
        typealias F = SchemaBuilder.FieldSpec
        final class Row { let number: Int; init(_ number: Int) { self.number = number } }
        var builder = SchemaBuilder()
        builder.object("Query", "Reads.", [
            F("items", "[Item!]!", "Three items.") { _ in .list([.integer(1), .integer(2), .integer(3)]) },
        ])
        builder.object("Item", "An item.", row: { call in
            (call.context as? TestSchema.Log)?.entries.append("row \(call.integer)")
            return ObjectRow(Row(call.integer * 10), leaves: nil)
        }, [
            F("a", "Int!", "From the row.", int: { call in (call.row?.takeUnretainedValue() as? Row)?.number }),
            F("b", "Int!", "From the row, plus one.", int: { call in (call.row?.takeUnretainedValue() as? Row).map { $0.number + 1 } }),
        ])
        let schema = try builder.build(query: "Query")
        let log = TestSchema.Log()
        let response = GraphQLEngine.run(GraphQLRequest(query: "{ items { a b } }"), schema: schema, context: log)
        #expect(response.serialized(pretty: false) == #"{"data":{"items":[{"a":10,"b":11},{"a":20,"b":21},{"a":30,"b":31}]}}"#)
        #expect(log.entries == ["row 1", "row 2", "row 3"])
    }

    /// Objects resolved as `.integer` take a shorter path than `.object`; null bubbling and error
    /// paths must be the same on it, in lists and out of them.
    @Test func indexedObjectsBubbleNullsLikeOtherObjects() throws {
        typealias F = SchemaBuilder.FieldSpec
        var builder = SchemaBuilder()
        builder.object("Query", "Reads.", [
            F("rows", "[Row]", "Rows 1 and 2.") { _ in .list([.integer(1), .integer(2)]) },
            F("strictRows", "[Row!]", "Rows 1 and 2, none null.") { _ in .list([.integer(1), .integer(2)]) },
            F("row", "Row", "Row 2.") { _ in .integer(2) },
            F("strictRow", "Row!", "Row 2, not null.") { _ in .integer(2) },
        ])
        builder.object("Row", "A row whose value fails for row 2.", [
            F("value", "Int!", "The row number, except for row 2.", int: { call in call.integer == 2 ? nil : call.integer }),
        ])
        let schema = try builder.build(query: "Query")
        func run(_ query: String) -> String {
            GraphQLEngine.run(GraphQLRequest(query: query), schema: schema, context: nil).serialized(pretty: false)
        }
        func error(_ column: Int, _ path: String) -> String {
            #"{"message":"Cannot return null for non-nullable field Row.value.","locations":[{"line":1,"column":\#(column)}],"path":\#(path),"extensions":{"code":"INTERNAL_SERVER_ERROR"}}"#
        }
        #expect(run("{ rows { value } }") == #"{"data":{"rows":[{"value":1},null]},"errors":["# + error(10, #"["rows",1,"value"]"#) + "]}")
        #expect(run("{ strictRows { value } }") == #"{"data":{"strictRows":null},"errors":["# + error(16, #"["strictRows",1,"value"]"#) + "]}")
        #expect(run("{ row { value } }") == #"{"data":{"row":null},"errors":["# + error(9, #"["row","value"]"#) + "]}")
        #expect(run("{ strictRow { value } }") == #"{"data":null,"errors":["# + error(15, #"["strictRow","value"]"#) + "]}")
    }

    /// `.withContext` changes the context for its subtree only: resolvers below it see the new
    /// one, their siblings after it the request's again.
    @Test func withContextScopesASubtree() throws {
        typealias F = SchemaBuilder.FieldSpec
        final class Label { let text: String; init(_ text: String) { self.text = text } }
        var builder = SchemaBuilder()
        builder.object("Query", "Reads.", [
            F("scoped", "Box", "A box under another context.") { _ in .withContext(Label("snapshot"), .object(())) },
            F("scopedList", "[Box!]!", "Boxes under another context.") { _ in .withContext(Label("list"), .list([.integer(1), .integer(2)])) },
            F("scopedNull", "Box", "Null under another context.") { _ in .withContext(Label("none"), .null) },
            F("plain", "Box", "A box under the request's context.") { _ in .object(()) },
        ])
        builder.object("Box", "Says which context it sees.", [
            F("context", "String", "The context's label.", string: { call in (call.context as? Label)?.text }),
        ])
        let schema = try builder.build(query: "Query")
        let response = GraphQLEngine.run(
            GraphQLRequest(query: "{ scoped { context } scopedList { context } scopedNull { context } plain { context } }"),
            schema: schema, context: Label("request"))
        #expect(response.serialized(pretty: false)
            == #"{"data":{"scoped":{"context":"snapshot"},"scopedList":[{"context":"list"},{"context":"list"}],"scopedNull":null,"plain":{"context":"request"}}}"#)
    }
}
