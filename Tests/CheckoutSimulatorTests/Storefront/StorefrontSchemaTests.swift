import Foundation
import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator
import CheckoutSimStorefront

/// The Storefront dialect serves Shopify's schema whole (docs/storefront.md): its introspection,
/// type by type, is the pinned reference's (`storefront-2026-04.facts.json`: Shopify's published
/// introspection for 2026-04 without descriptions and deprecation reasons, written by
/// `Scripts/storefront-schema.py --facts`).
struct StorefrontSchemaTests {
    static let introspection = """
        query IntrospectionQuery {
          __schema {
            queryType { name kind } mutationType { name kind } subscriptionType { name kind }
            types { ...FullType }
            directives { name isRepeatable locations args(includeDeprecated: true) { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name isOneOf
          fields(includeDeprecated: true) { name args(includeDeprecated: true) { ...InputValue } type { ...TypeRef } isDeprecated }
          inputFields(includeDeprecated: true) { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name isDeprecated }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name type { ...TypeRef } defaultValue isDeprecated }
        fragment TypeRef on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } }
        }
        """

    /// Each line of `version`'s reference facts, by the name it describes.
    static func referenceFacts(_ version: Simulator.StorefrontVersion = .newest) throws -> [String: JSON] {
        try facts(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("storefront-\(version.rawValue).facts.json"))
    }

    /// Each line of a facts file (`Scripts/storefront-schema.py --facts`), by the name it describes.
    static func facts(at url: URL) throws -> [String: JSON] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var facts: [String: JSON] = [:]
        for (index, line) in text.split(separator: "\n").enumerated() {
            let value = try JSONParser.parse(String(line))
            let name = index == 0 ? "(roots)" : (value["locations"] != nil ? "@" : "") + (value["name"]?.stringValue ?? "")
            facts[name] = value
        }
        return facts
    }

    /// The value with object keys sorted and every `ofType: null` below a named type kept as the
    /// reference writes it: one text to compare.
    static func canonical(_ value: JSON) -> String {
        switch value {
        case .object(let object):
            let members = object.members.sorted { $0.0 < $1.0 }
            return "{" + members.map { JSON.string($0.0).serialized() + ":" + canonical($0.1) }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        default: return value.serialized()
        }
    }

    @Test func servedIntrospectionIsShopifysTypeByType() throws {
        let simulator = try Simulator()
        let response = simulator.execute(GraphQLRequest(query: Self.introspection), dialect: .storefront)
        #expect(response.errors.isEmpty, "\(response.errors)")
        let reference = try Self.referenceFacts()
        #expect(reference.count == 433)
        let differences = Self.differences(try #require(response.json["data"]?["__schema"]), reference)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(5).joined(separator: "\n"))")
    }

    /// Shopify's published introspection, read by the introspection loader, builds a schema
    /// whose own introspection is Shopify's again, type by type.
    @Test func shopifysIntrospectionBuildsTheSameSchema() throws {
        let reference = try Self.referenceFacts()
        let roots = try #require(reference["(roots)"])
        let names = reference.keys.sorted()
        let published = JSON.object(JSONObject([("__schema", .object(JSONObject([
            ("queryType", roots["queryType"] ?? .null), ("mutationType", roots["mutationType"] ?? .null), ("subscriptionType", .null),
            ("types", .array(names.filter { $0 != "(roots)" && !$0.hasPrefix("@") }.compactMap { reference[$0] })),
            ("directives", .array(names.filter { $0.hasPrefix("@") }.compactMap { reference[$0] })),
        ])))]))
        let schema = try SchemaDefinitionLoader.build(try SchemaDefinitionLoader.parse(introspection: published), contextType: nil) { _ in nil }
        let response = GraphQLEngine.execute(GraphQLEngine.prepare(Self.introspection, schema: schema), schema: schema, context: nil)
        #expect(response.errors.isEmpty, "\(response.errors)")
        let differences = Self.differences(try #require(response.json["data"]?["__schema"]), reference)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(5).joined(separator: "\n"))")
    }

    /// Every entry that differs between a served `__schema` and the reference facts.
    static func differences(_ schema: JSON, _ reference: [String: JSON]) -> [String] {
        var served: [String: JSON] = ["(roots)": .object(JSONObject([
            ("queryType", schema["queryType"] ?? .null), ("mutationType", schema["mutationType"] ?? .null),
            ("subscriptionType", schema["subscriptionType"] ?? .null),
        ]))]
        for directive in schema["directives"]?.arrayValue ?? [] { served["@" + (directive["name"]?.stringValue ?? "")] = directive }
        for type in schema["types"]?.arrayValue ?? [] { served[type["name"]?.stringValue ?? ""] = type }
        var differences: [String] = []
        for name in reference.keys.sorted() {
            guard let ours = served[name] else {
                differences.append("\(name): missing")
                continue
            }
            if canonical(ours) != canonical(reference[name]!) { differences.append("\(name): differs\n  ours: \(canonical(ours))\n  theirs: \(canonical(reference[name]!))") }
        }
        for name in served.keys.sorted() where reference[name] == nil {
            differences.append("\(name): not in the reference")
        }
        return differences
    }

    /// Shopify's schema declares `@defer`, and the dialect answers it (docs/apollo.md#defer): the
    /// library answers whole, as a client that takes only JSON gets it; `@stream` stays refused.
    @Test func deferIsDeclaredAndAnswered() throws {
        let simulator = try Simulator()
        let declared = simulator.execute(GraphQLRequest(query: #"{ __schema { directives { name } } }"#), dialect: .storefront).json
        #expect((declared["data"]?["__schema"]?["directives"]?.arrayValue ?? []).contains { $0["name"] == "defer" })
        let deferred = simulator.execute(GraphQLRequest(query: "{ shop { name ... @defer { primaryDomain { host } } } }"), dialect: .storefront)
        let plain = simulator.execute(GraphQLRequest(query: "{ shop { name primaryDomain { host } } }"), dialect: .storefront)
        #expect(deferred.errors.isEmpty && deferred.compactBytes() == plain.compactBytes())
        let streamed = simulator.execute(GraphQLRequest(query: "{ shop { name ... @stream { description } } }"), dialect: .storefront)
        #expect(streamed.errors.map(\.message) == [
            "The @stream directive is not supported: this server sends every field in one response. Remove @stream from the operation.",
        ])
    }

    /// A modeled field bound under a name the schema lacks would be dead code answering nothing.
    @Test func everyModeledFieldIsAFieldOfTheSchema() throws {
        let simulator = try Simulator()
        let response = simulator.execute(GraphQLRequest(query: "{ __schema { types { name fields(includeDeprecated: true) { name } } } }"), dialect: .storefront)
        var known = Set<String>()
        for type in response.json["data"]?["__schema"]?["types"]?.arrayValue ?? [] {
            for field in type["fields"]?.arrayValue ?? [] { known.insert("\(type["name"]?.stringValue ?? "").\(field["name"]?.stringValue ?? "")") }
        }
        let modeled = StorefrontSchema.modeledFields()
        #expect(modeled.count > 300)
        #expect(modeled.filter { !known.contains($0) } == [])
    }
}

