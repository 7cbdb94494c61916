import Foundation
import Testing
@testable import CheckoutSimGraphQL

/// Schemas built at run time from introspection JSON (docs/storefront.md#the-schema): what a
/// schema's introspection says builds the same schema, printed to the same SDL; bad JSON is
/// reported with its path, never a trap.
struct IntrospectionReaderTests {
    /// graphql-js's introspection query (`Tests/Reference/`), asking `isOneOf` too.
    static let query: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference/introspection-query.graphql")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: "  specifiedByURL\n", with: "  specifiedByURL\n  isOneOf\n")
    }()

    static func introspect(_ schema: Schema) -> JSON {
        GraphQLEngine.execute(GraphQLEngine.prepare(query, schema: schema), schema: schema, context: nil).json
    }

    static let sdl = AbstractTypesTests.sdl + """

        \"\"\"A directive of the schema's own.\"\"\"
        directive @cached(seconds: Int = 60) repeatable on FIELD | QUERY

        enum Sort {
          PRICE
          TITLE @deprecated(reason: "Sort by PRICE.")
        }

        input Filter @oneOf {
          brand: String
          price: Decimal
        }

        type Mutation {
          \"\"\"Adds things.\"\"\"
          add(filter: Filter, sort: Sort = TITLE, tags: [[String!]]! = [["a"]]): [Product!]
        }
        """

    @Test func aSchemasIntrospectionBuildsTheSameSchema() throws {
        #expect(Self.query.contains("isOneOf"))
        let schema = try SchemaDefinitionLoader.build(Self.sdl) { _ in nil }
        let json = Self.introspect(schema)
        #expect(json["errors"] == nil)
        let definitions = try SchemaDefinitionLoader.parse(introspection: json)
        let rebuilt = try SchemaDefinitionLoader.build(definitions, contextType: nil) { _ in nil }
        let printed = SDLPrinter.print(schema)
        #expect(printed.contains("input Filter @oneOf"))
        #expect(printed.contains("directive @cached(seconds: Int = 60) repeatable on FIELD | QUERY"))
        #expect(SDLPrinter.print(rebuilt) == printed)
        // The bare `__schema` object reads the same.
        let bare = try #require(json["data"]?["__schema"])
        let again = try SchemaDefinitionLoader.build(try SchemaDefinitionLoader.parse(introspection: bare), contextType: nil) { _ in nil }
        #expect(SDLPrinter.print(again) == printed)
    }

    @Test(arguments: [
        (#"[1, 2]"#, "expected an introspection result"),
        (#"{"__schema": {"types": []}}"#, "__schema.queryType: expected the query type's name"),
        (#"{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "THING", "name": "Query"}], "directives": []}}"#,
         "__schema.types[0].kind: expected SCALAR, OBJECT, INTERFACE, UNION, ENUM or INPUT_OBJECT"),
        (#"{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a b", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}], "interfaces": []}], "directives": []}}"#,
         "__schema.types[0].fields[0].name: expected a GraphQL name"),
        (#"{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "NON_NULL", "ofType": {"kind": "NON_NULL", "ofType": {"kind": "SCALAR", "name": "Int"}}}}], "interfaces": []}], "directives": []}}"#,
         "__schema.types[0].fields[0].type: a non-null type inside a non-null type"),
        (#"{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "LIST"}}], "interfaces": []}], "directives": []}}"#,
         "__schema.types[0].fields[0].type: expected a type reference"),
        (#"{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "OBJECT", "name": "Missing"}}], "interfaces": []}], "directives": [{"name": "d", "locations": ["NOWHERE"], "args": []}]}}"#,
         "__schema.directives[0].locations[0]: expected a directive location"),
    ])
    func badIntrospectionIsReportedWithItsPath(_ text: String, _ expected: String) throws {
        let json = try JSONParser.parse(text)
        do {
            _ = try SchemaDefinitionLoader.build(try SchemaDefinitionLoader.parse(introspection: json), contextType: nil) { _ in nil }
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    /// A type reference nested past the bound is refused, not walked.
    @Test func deepTypeReferencesAreBounded() throws {
        var reference = #"{"kind": "SCALAR", "name": "Int"}"#
        for _ in 0..<40 { reference = #"{"kind": "LIST", "ofType": \#(reference)}"# }
        let text = #"{"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": \#(reference)}], "interfaces": []}], "directives": []}}"#
        #expect(throws: SchemaError.self) { try SchemaDefinitionLoader.parse(introspection: try JSONParser.parse(text)) }
    }
}
