import Testing
@testable import CheckoutSimGraphQL

/// Interfaces, unions and custom scalars, on a schema built from SDL at run time: execution
/// (`.typed`, type conditions, `__typename`), validation with graphql-js's words (checked against
/// graphql-core when it is installed), introspection and printing.
struct AbstractTypesTests {
    static let sdl = """
        interface Node {
          id: ID!
        }

        interface Media {
          alt: String
          kind: String!
        }

        type Image implements Node & Media {
          id: ID!
          alt: String
          kind: String!
          url: String!
        }

        type Video implements Node & Media {
          id: ID!
          alt: String
          kind: String!
          sources: [String!]!
        }

        type Product implements Node {
          id: ID!
          title: String!
          media: [Media!]!
        }

        union SearchResult = Product | Image

        scalar Decimal

        type Query {
          node(id: ID!): Node
          search: [SearchResult!]!
          price(amount: Decimal): Decimal
          wrong: SearchResult
          untyped: Node
        }
        """

    /// Objects are `[String: String]` dictionaries with a `type` key; every field reads its key.
    static let schema: Schema = {
        let objects: [String: [String: String]] = [
            "p1": ["type": "Product", "id": "p1", "title": "Phone"],
            "i1": ["type": "Image", "id": "i1", "alt": "Front", "kind": "IMAGE", "url": "https://shop.test/front.png"],
            "v1": ["type": "Video", "id": "v1", "kind": "VIDEO"],
        ]
        do {
            return try SchemaDefinitionLoader.build(sdl) { site in
                @Sendable func typed(_ id: String, _ schema: Schema) -> Resolved {
                    guard let object = objects[id], let type = schema.typeIndex[object["type"]!] else { return .null }
                    return .typed(type: type, .object(object))
                }
                switch (site.typeName, site.fieldName) {
                case ("Query", "node"):
                    return .general { call in typed(call.argumentValues["id"]?.stringValue ?? "", call.executedSchema) }
                case ("Query", "search"):
                    return .general { call in .list(["p1", "i1"].map { typed($0, call.executedSchema) }) }
                case ("Query", "price"):
                    return .general { call in call.argumentValues["amount"].map(Resolved.leaf) ?? .null }
                case ("Query", "wrong"):
                    return .general { call in typed("v1", call.executedSchema) }
                case ("Query", "untyped"):
                    return .general { _ in .object(objects["p1"]!) }
                case ("Product", "media"):
                    return .general { call in .list(["i1", "v1"].map { typed($0, call.executedSchema) }) }
                case ("Video", "sources"):
                    return .general { _ in .list([.string("a.mp4")]) }
                default:
                    let name = site.fieldName
                    return .text { call in (call.parentValue as? [String: String])?[name] }
                }
            }
        } catch {
            fatalError("\(error)")
        }
    }()

    static func run(_ query: String) -> String {
        GraphQLEngine.run(GraphQLRequest(query: query), schema: schema, context: nil).serialized(pretty: false)
    }

    @Test func typeConditionsSelectByTheRuntimeType() {
        let query = """
            { node(id: "p1") { __typename id ... on Product { title media { __typename alt ... on Image { url } ... on Video { sources } } } }
              search { __typename ... on Node { id } ...ImageURL }
              price(amount: "1.50") other: price(amount: {units: 3}) }
            fragment ImageURL on Image { url }
            """
        #expect(Self.run(query) == #"{"data":{"node":{"__typename":"Product","id":"p1","title":"Phone","media":[{"__typename":"Image","alt":"Front","url":"https://shop.test/front.png"},{"__typename":"Video","alt":null,"sources":["a.mp4"]}]},"search":[{"__typename":"Product","id":"p1"},{"__typename":"Image","id":"i1","url":"https://shop.test/front.png"}],"price":"1.50","other":{"units":3}}}"#)
    }

    @Test func aValueMustBeOfAPossibleType() {
        #expect(Self.run("{ wrong { __typename } }")
            == #"{"data":{"wrong":null},"errors":[{"message":"Runtime Object type \"Video\" is not a possible type for \"SearchResult\".","locations":[{"line":1,"column":3}],"path":["wrong"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
        #expect(Self.run("{ untyped { id } }").contains(#"Abstract type \"Node\" must resolve to an Object type at runtime for field \"untyped\""#))
    }

    /// Documents and the errors graphql-js reports for them, one `line:column message` per error.
    static let validation: [(query: String, errors: String)] = [
        (#"{ node(id: "1") { title } }"#, #"1:19 Cannot query field "title" on type "Node". Did you mean to use an inline fragment on "Product"?"#),
        ("{ search { id } }", #"1:12 Cannot query field "id" on type "SearchResult". Did you mean to use an inline fragment on "Node", "Image", or "Product"?"#),
        ("{ search { alt } }", #"1:12 Cannot query field "alt" on type "SearchResult". Did you mean to use an inline fragment on "Media" or "Image"?"#),
        (#"{ node(id: "1") { ... on Query { __typename } } }"#, #"1:19 Fragment cannot be spread here as objects of type "Node" can never be of type "Query"."#),
        ("fragment V on Video { sources } { search { ...V } }", #"1:44 Fragment "V" cannot be spread here as objects of type "SearchResult" can never be of type "Video"."#),
        (#"fragment F on SearchResult { __typename } { node(id: "1") { ...F } }"#, ""),
        ("{ search { ... on Media { alt } } }", ""),
        ("{ search }", #"1:3 Field "search" of type "[SearchResult!]!" must have a selection of subfields. Did you mean "search { ... }"?"#),
        (#"{ node(id: "1") { ... on Image { x: url } ... on Video { x: sources } } }"#, #"1:34 1:58 Fields "x" conflict because they return conflicting types "String!" and "[String!]!". Use different aliases on the fields to fetch both if this was intentional."#),
        (#"{ node(id: "1") { ... on Image { x: url } ... on Product { x: title } } }"#, ""),
        (#"{ node(id: "1") { ... on Node { x: id } ... on Product { x: title } } }"#, #"1:33 1:58 Fields "x" conflict because "id" and "title" are different fields. Use different aliases on the fields to fetch both if this was intentional."#),
        ("fragment M on Media { kind } { price }", #"1:1 Fragment "M" is never used."#),
        ("{ price(amount: [1, {a: true}]) }", ""),
        ("fragment S on Decimal { x } { price }", "1:15 Fragment \"S\" cannot condition on non composite type \"Decimal\".\n1:1 Fragment \"S\" is never used."),
    ]

    @Test(arguments: validation)
    func validationSpeaksAsGraphQLJS(_ entry: (query: String, errors: String)) {
        #expect(ReferenceParityTests.ours(entry.query, schema: Self.schema) == entry.errors)
    }

    @Test(.enabled(if: ReferenceParityTests.referenceAvailable))
    func validationMatchesGraphQLCore() throws {
        let expected = try ReferenceParityTests.reference(sdl: Self.sdl, queries: Self.validation.map(\.query))
        try #require(expected.count == Self.validation.count)
        for (index, entry) in Self.validation.enumerated() {
            #expect(expected[index] == entry.errors, "\(entry.query)")
        }
    }

    @Test func introspectionListsInterfacesAndPossibleTypes() {
        let query = """
            { node: __type(name: "Node") { kind possibleTypes { name } }
              image: __type(name: "Image") { kind interfaces { name } fields { name } }
              union: __type(name: "SearchResult") { kind possibleTypes { name } fields { name } }
              scalar: __type(name: "Decimal") { kind description } }
            """
        #expect(Self.run(query) == #"{"data":{"node":{"kind":"INTERFACE","possibleTypes":[{"name":"Image"},{"name":"Video"},{"name":"Product"}]},"image":{"kind":"OBJECT","interfaces":[{"name":"Node"},{"name":"Media"}],"fields":[{"name":"id"},{"name":"alt"},{"name":"kind"},{"name":"url"}]},"union":{"kind":"UNION","possibleTypes":[{"name":"Product"},{"name":"Image"}],"fields":null},"scalar":{"kind":"SCALAR","description":null}}}"#)
    }

    @Test func printedSDLReadsBackToTheSameSchema() throws {
        let printed = SDLPrinter.print(Self.schema)
        #expect(printed.contains("type Image implements Node & Media {"))
        #expect(printed.contains("union SearchResult = Product | Image"))
        #expect(printed.contains("scalar Decimal"))
        let again = try SchemaDefinitionLoader.build(printed) { _ in nil }
        #expect(SDLPrinter.print(again) == printed)
    }

    /// Bad schema text is reported with its place, every schema problem at once; nothing traps.
    @Test(arguments: [
        ("type Query { a: Missing }", "Query.a: unknown or malformed type \"Missing\""),
        ("type Query { a(x: Query): Int }\n", "Query.a.x: Query is not an input type"),
        ("input I { a: Int }\ntype Query { a: I }", "Query.a: I is not an output type"),
        ("type Query { a: Int }\nunion U = Query | I\ninput I { b: Int }", "U: I is not an object type"),
        ("type Query implements Query { a: Int }", "Query: Query is not an interface"),
        ("type Query { a: Int }\nextend type Query { b: Int }", "2:1: Syntax Error: Unexpected Name \"extend\": expected a type-system definition"),
        ("type Query { a: [[[[[[[[[[[[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]]]]]]]]]]] }", "nesting exceeds the limit"),
        ("type Query { a(x: Int = \"no\"): Int }", "Query.a.x: invalid default value \"no\""),
    ])
    func badSchemaTextIsReported(_ text: String, _ expected: String) {
        #expect(throws: SchemaError.self) { try SchemaDefinitionLoader.build(text) { _ in nil } }
        do {
            _ = try SchemaDefinitionLoader.build(text) { _ in nil }
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }
}
