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
    /// True when python3 has graphql-core 3.2.8 and hypothesis-graphql; otherwise says loudly
    /// that the differential test is skipped.
    static var generatorAvailable: Bool {
        let check = "import graphql, hypothesis_graphql, sys; sys.exit(graphql.__version__ != '3.2.8')"
        if let result = try? Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", check]), result.status == 0 { return true }
        FileHandle.standardError.write(Data(
            "SKIPPING the generated-document differential test: python3 with graphql-core 3.2.8 and hypothesis-graphql not found (pip install graphql-core==3.2.8 hypothesis-graphql==0.13.5; .ci/run installs them)\n".utf8))
        return false
    }

    @Test(.enabled(if: generatorAvailable), arguments: [Simulator.Dialect.native, .storefront])
    func generatedDocumentsValidateAndRunAsGraphQLCoreSays(_ dialect: Simulator.Dialect) throws {
        let simulator = try Simulator()
        let schema = dialect == .native ? simulator.schema : try StorefrontSchema.built().get()
        // Shopify's schema is twenty times the shop's: fewer documents keep the test's time.
        let count = dialect == .native ? 120 : 24
        let request = JSON.object(JSONObject([("sdl", .string(SDLPrinter.print(schema))), ("count", .int(count))]))
        let script = Processes.packageRoot.appendingPathComponent("Tests/Reference/generated_documents.py").path
        let generated = try Processes.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script], input: request.serialized(), timeout: 120)
        #expect(generated.status == 0, "\(generated.stderr)")
        let lines = generated.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= count * 3 / 4, "the generator made \(lines.count) documents")
        // The class of document the fuzzer found refused, pinned so that it is always generated.
        let pinned = dialect == .storefront ? [] : [
            #"{"query": "{ products(first: 2, filter: {brandIds: null}) { totalCount } }", "errors": []}"#,
            #"{"query": "{ products(first: null, filter: {search: null, brandIds: [\"apple\"]}) { totalCount } }", "errors": []}"#,
        ]
        for line in pinned + lines {
            let generated = try JSONParser.parse(line)
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
