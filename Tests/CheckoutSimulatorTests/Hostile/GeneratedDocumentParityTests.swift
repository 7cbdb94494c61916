import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimGraphQL
import CheckoutSimStorefront

/// A differential test against graphql-core over documents generated from the live schema, as an
/// external API fuzzer generates them (issue 40): an explicit `null` for a nullable list argument
/// or input field was once refused (`Expected value of type "ID!", found null.`) where graphql-js
/// accepts it. Every generated document must validate as graphql-core says, word for word, and
/// one that graphql-core accepts must run without a request error.
struct GeneratedDocumentParityTests {
    /// True when python3 has graphql-core 3.2.8 (and hypothesis-graphql, to make the documents
    /// again); otherwise says loudly that the differential test is skipped.
    static var generatorAvailable: Bool {
        let check = "import graphql, sys; sys.exit(graphql.__version__ != '3.2.8')"
        if let result = try? Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", check]), result.status == 0 { return true }
        FileHandle.standardError.write(Data(
            "SKIPPING the generated-document differential test: python3 with graphql-core 3.2.8 not found (pip install graphql-core==3.2.8 hypothesis-graphql==0.13.5; .ci/run installs them)\n".utf8))
        return false
    }

    /// The documents compared: generated once from the schema by hypothesis-graphql (some 60 ms
    /// a document for the shop's schema, 200 ms for Shopify's, twenty times larger, so they are
    /// kept, one JSON string a line), made again with `CHECKOUT_SIM_REGENERATE_DOCUMENTS=1`.
    /// graphql-core validates them afresh in every run.
    static func documents(_ dialect: Simulator.Dialect, sdl: String) throws -> [String] {
        let file = Processes.packageRoot.appendingPathComponent("Tests/Reference/generated-documents-\(dialect == .native ? "native" : "storefront").jsonl")
        if ProcessInfo.processInfo.environment["CHECKOUT_SIM_REGENERATE_DOCUMENTS"] == "1" {
            let count = dialect == .native ? 120 : 24
            let generated = try reference(JSONObject([("sdl", .string(sdl)), ("count", .int(count))]))
            #expect(generated.count >= count * 3 / 4, "the generator made \(generated.count) documents")
            let lines = try generated.map { JSON.string(try #require($0["query"]?.stringValue)).serialized() }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        }
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONParser.parse(String(line)).stringValue, "\(file.lastPathComponent): \(line.prefix(80))")
        }
    }

    /// What the reference script answers `request` with: a document and graphql-core's messages a line.
    static func reference(_ request: JSONObject) throws -> [JSON] {
        let script = Processes.packageRoot.appendingPathComponent("Tests/Reference/generated_documents.py").path
        let result = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script], input: JSON.object(request).serialized(), timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    }

    @Test(.enabled(if: generatorAvailable), arguments: [Simulator.Dialect.native, .storefront])
    func generatedDocumentsValidateAndRunAsGraphQLCoreSays(_ dialect: Simulator.Dialect) throws {
        let simulator = try Simulator()
        let schema = dialect == .native ? simulator.schema : try StorefrontSchema.built().get()
        let sdl = SDLPrinter.print(schema)
        let documents = try Self.documents(dialect, sdl: sdl)
        #expect(documents.count >= (dialect == .native ? 90 : 18), "the kept documents: \(documents.count)")
        // The class of document the fuzzer found refused, pinned so that it is always generated.
        let pinned = dialect == .storefront ? [] : [
            "{ products(first: 2, filter: {brandIds: null}) { totalCount } }",
            #"{ products(first: null, filter: {search: null, brandIds: ["apple"]}) { totalCount } }"#,
        ]
        let validated = try Self.reference(JSONObject([("sdl", .string(sdl)), ("documents", .array((pinned + documents).map(JSON.string)))]))
        #expect(validated.count == pinned.count + documents.count, "graphql-core answered \(validated.count) documents")
        #expect(validated.prefix(pinned.count).allSatisfy { $0["errors"]?.arrayValue?.isEmpty == true }, "graphql-core accepts the pinned documents")
        for generated in validated {
            let query = try #require(generated["query"]?.stringValue)
            let expected = (generated["errors"]?.arrayValue ?? []).compactMap(\.stringValue).map { $0.replacingOccurrences(of: "'", with: "\"") }
            let ours: [String]
            do {
                ours = Validator.validate(try Parser.parse(query), schema: schema).map(\.message)
            } catch {
                ours = [error.message]
            }
            #expect(ours == expected, "\(query)")
            guard expected.isEmpty else { continue }
            let response = simulator.execute(GraphQLRequest(query: query), dialect: dialect)
            let requestErrors = response.errors.filter { $0.path == nil }
            #expect(requestErrors.isEmpty, "\(query)\n\(requestErrors.map(\.message))")
        }
    }
}
