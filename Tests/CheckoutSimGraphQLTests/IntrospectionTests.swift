import Testing
@testable import CheckoutSimGraphQL

struct IntrospectionTests {
    @Test func describesATypeWithWrappers() {
        let response = TestSchema.run(#"{ __type(name: "Book") { kind name fields { name type { kind name ofType { kind name ofType { kind name } } } } } }"#)
        #expect(response.contains(#"{"name":"related","type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"Book"}}}}"#))
        #expect(response.hasPrefix(#"{"data":{"__type":{"kind":"OBJECT","name":"Book","fields":[{"name":"id","type":{"kind":"NON_NULL""#))
    }

    @Test func listsRootTypesAndDirectives() {
        let response = TestSchema.run("{ __schema { queryType { name } mutationType { name } subscriptionType { name } directives { name locations args { name defaultValue } } } }")
        #expect(response.hasPrefix(#"{"data":{"__schema":{"queryType":{"name":"Query"},"mutationType":{"name":"Mutation"},"subscriptionType":null,"directives":[{"name":"include","locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","defaultValue":null}]}"#))
        #expect(response.contains(#"{"name":"deprecated","locations":["FIELD_DEFINITION","ARGUMENT_DEFINITION","INPUT_FIELD_DEFINITION","ENUM_VALUE"],"args":[{"name":"reason","defaultValue":"\"No longer supported\""}]}"#))
    }

    @Test func reportsDefaultsEnumValuesAndInputFields() {
        let enumResponse = TestSchema.run(#"{ __type(name: "Genre") { kind enumValues { name description isDeprecated } fields { name } } }"#)
        #expect(enumResponse == #"{"data":{"__type":{"kind":"ENUM","enumValues":[{"name":"SCIFI","description":"Science fiction.","isDeprecated":false},{"name":"CLASSIC","description":"Classics.","isDeprecated":false}],"fields":null}}}"#)
        let inputResponse = TestSchema.run(#"{ __type(name: "SearchInput") { kind inputFields { name defaultValue type { name kind } } } }"#)
        #expect(inputResponse.contains(#"{"name":"limit","defaultValue":"5","type":{"name":"Int","kind":"SCALAR"}}"#))
    }

    @Test func unknownTypeIsNull() {
        #expect(TestSchema.run(#"{ __type(name: "Nope") { name } }"#) == #"{"data":{"__type":null}}"#)
    }

    @Test func everyElementHasADescription() {
        for type in TestSchema.schema.types {
            #expect(!type.description.isEmpty, "\(type.name)")
            for field in type.fields {
                #expect(!field.description.isEmpty, "\(type.name).\(field.name)")
                for argument in field.arguments { #expect(!argument.description.isEmpty) }
            }
            for value in type.enumValues { #expect(!value.description.isEmpty) }
        }
    }
}

/// The schema builder reports every problem at once instead of building a broken schema.
struct SchemaBuilderTests {
    typealias F = SchemaBuilder.FieldSpec

    @Test func rejectsReservedDuplicateAndUndescribedFields() {
        var builder = SchemaBuilder()
        builder.object("Query", "Reads.", [
            F("__secret", "String", "A reserved name.") { _ in .null },
            F("twice", "String", "Once.") { _ in .null },
            F("twice", "String", "Twice.") { _ in .null },
            F("bare", "String", "") { _ in .null },
            F("lost", "Nowhere", "An unknown type.") { _ in .null },
        ])
        let expected = """
            Query.__secret: names starting with "__" are reserved for introspection
            Query.twice is defined twice
            Query.bare has no description
            Query.lost: unknown or malformed type "Nowhere"
            """
        #expect {
            try builder.build(query: "Query")
        } throws: { error in
            (error as? SchemaError)?.message == expected
        }
    }
}
