import Testing
@testable import CheckoutSimGraphQL

/// `@defer` in the engine (docs/apollo.md#defer): the answer is the plain one, and
/// `IncrementalDelivery` cuts it by the fields only deferred fragments bring, errors going with
/// the part whose fields hold them.
struct DeferExecutionTests {
    static func schema() throws -> Schema {
        typealias F = SchemaBuilder.FieldSpec
        var builder = SchemaBuilder()
        builder.declaresDefer = true
        builder.object("Query", "Reads.", [
            F("items", "[Item!]!", "Two items.") { _ in .list([.integer(1), .integer(2)]) },
            F("name", "String", "A name.") { _ in .string("shop") },
        ])
        builder.object("Item", "An item.", [
            F("id", "Int!", "Its number.", int: { $0.integer }),
            F("price", "Int", "Fails for the second item.", int: { call in
                if call.integer == 2 { throw FieldError("No price for item 2.") }
                return call.integer * 100
            }),
        ])
        return try builder.build(query: "Query")
    }

    @Test func anErrorInADeferredFieldGoesWithItsPart() throws {
        let schema = try Self.schema()
        let query = #"{ name items { id ... @defer(label: "prices") { price } } }"#
        let response = GraphQLEngine.run(GraphQLRequest(query: query), schema: schema, context: nil)
        // The answer itself is the plain one.
        #expect(response.serialized(pretty: false) == #"{"data":{"name":"shop","items":[{"id":1,"price":100},{"id":2,"price":null}]},"errors":[{"message":"No price for item 2.","locations":[{"line":1,"column":49}],"path":["items",1,"price"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
        let payloads = try #require(IncrementalDelivery.payloads(of: response)).map { $0.serialized() }
        #expect(payloads == [
            #"{"data":{"name":"shop","items":[{"id":1},{"id":2}]},"hasNext":true}"#,
            #"{"incremental":[{"data":{"price":100},"path":["items",0],"label":"prices"}],"hasNext":true}"#,
            #"{"incremental":[{"data":{"price":null},"path":["items",1],"label":"prices","errors":[{"message":"No price for item 2.","locations":[{"line":1,"column":49}],"path":["items",1,"price"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}],"hasNext":false}"#,
        ])
    }

    /// Without `@defer` the executor notes nothing, and a schema that does not declare it refuses it.
    @Test func nothingIsNotedWithoutDefer() throws {
        let schema = try Self.schema()
        #expect(GraphQLEngine.run(GraphQLRequest(query: "{ items { id price } }"), schema: schema, context: nil).deferredObjects.isEmpty)
        var plain = SchemaBuilder()
        plain.object("Query", "Reads.", [SchemaBuilder.FieldSpec("name", "String", "A name.") { _ in .string("shop") }])
        let refused = GraphQLEngine.run(GraphQLRequest(query: "{ ... @defer { name } }"), schema: try plain.build(query: "Query"), context: nil)
        #expect(refused.errors.map(\.message) == [
            "The @defer directive is not supported: this server sends every field in one response. Remove @defer from the operation.",
        ])
    }
}
