import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimSupport

/// Persisted-query manifests (docs/apollo.md#manifests): `operations --manifest` written, then
/// served with `--persisted-queries FILE --only-persisted`: every bundled operation by id alone
/// answers what its text answers elsewhere, and a document not in the list is refused.
struct ManifestTests {
    struct Entry: Decodable {
        let id: String
        let body: String
        let name: String
        let type: String
    }

    struct Manifest: Decodable {
        let format: String
        let version: Int
        let operations: [Entry]
    }

    static func body(_ fields: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func everyBundledOperationRunsByIdAloneAndNothingElseRuns() async throws {
        let binary = try #require(Processes.checkoutSim)
        let printed = try Processes.run(binary, ["operations", "--manifest"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(printed.stdout.utf8))
        #expect(manifest.format == "apollo-persisted-query-manifest" && manifest.version == 1)
        #expect(manifest.operations.count >= 30)
        for entry in manifest.operations {
            #expect(entry.id == SHA256.hex(entry.body), "\(entry.name): the id is the body's SHA-256")
        }
        #expect(manifest.operations.first { $0.name == "AddToCart" }?.type == "mutation")

        let folder = try ServeCommandTests.folder("manifest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try ServeCommandTests.write(printed.stdout, to: "manifest.json", in: folder)
        let safelisted = try ServeCommandTests.Served(["--persisted-queries", file.path, "--only-persisted", "--quiet"])
        let plain = try ServeCommandTests.Served(["--quiet"])
        let byId = try #require(safelisted.url)
        let byText = try #require(plain.url)
        for entry in manifest.operations {
            let hashOnly = try Self.body(["operationName": entry.name, "variables": [String: Any](),
                                          "extensions": ["persistedQuery": ["version": 1, "sha256Hash": entry.id]]])
            let text = try Self.body(["operationName": entry.name, "variables": [String: Any](), "query": entry.body])
            let (idStatus, idAnswer) = try await ServeCommandTests.post(byId, hashOnly)
            let (textStatus, textAnswer) = try await ServeCommandTests.post(byText, text)
            #expect(idStatus == textStatus && idAnswer == textAnswer, "\(entry.name): \(idAnswer.prefix(200)) vs \(textAnswer.prefix(200))")
        }
        let unlisted = try await ServeCommandTests.post(byId, #"{"query": "{ brands { id } }"}"#)
        #expect(unlisted.0 == 400)
        #expect(unlisted.1.contains("PERSISTED_QUERY_NOT_IN_LIST"), "\(unlisted.1)")
        let registering = try await ServeCommandTests.post(byId, try Self.body([
            "query": "{ brands { id } }", "extensions": ["persistedQuery": ["version": 1, "sha256Hash": SHA256.hex("{ brands { id } }")]],
        ]))
        #expect(registering.0 == 400 && registering.1.contains("PERSISTED_QUERY_NOT_IN_LIST"), "APQ cannot add to the list")
        let listedText = try Self.body(["query": manifest.operations[0].body])
        #expect(try await ServeCommandTests.post(byId, listedText).0 == 200, "a listed document may also come as text")
        // Issue 40: a posted scenario is held to the list as the app is — an inline document is refused, a listed operation runs.
        let scenarioURL = byId.deletingLastPathComponent().appendingPathComponent("__sim/scenario")
        let inline = "scenario \"Bypass\"\nstep \"Unlisted\"\n  send\n  ```\n  { brands { id } }\n  ```\n"
        let bypass = try await ServeCommandTests.post(scenarioURL, inline)
        #expect(bypass.0 == 400 && bypass.1.contains("PERSISTED_QUERY_NOT_IN_LIST") && bypass.1.contains("scenario:3:3"), "\(bypass.1)")
        let listed = try await ServeCommandTests.post(scenarioURL, "scenario \"Listed\"\nstep \"Brands\"\n  send Brands\n")
        #expect(listed.0 == 200, "\(listed.1.prefix(300))")
        #expect(safelisted.terminate().status == 0)
        #expect(plain.terminate().status == 0)
    }

    /// The README serves `Scenarios/persisted-queries.json`: it is what `operations --manifest` prints.
    @Test(.enabled(if: Processes.checkoutSim != nil))
    func theCommittedManifestIsCurrent() throws {
        let printed = try Processes.run(try #require(Processes.checkoutSim), ["operations", "--manifest"])
        let committed = try String(contentsOf: Processes.packageRoot.appendingPathComponent("Scenarios/persisted-queries.json"), encoding: .utf8)
        #expect(committed == printed.stdout, "run: swift run checkout-sim operations --manifest > Scenarios/persisted-queries.json")
    }

    struct BadManifest: CustomTestStringConvertible, Sendable {
        let text: String
        let error: String
        var testDescription: String { error }
    }

    @Test(.enabled(if: Processes.checkoutSim != nil), arguments: [
        BadManifest(text: "{\n  \"format\": 1,\n  \"operations\": [}\n", error: "manifest.json:3:18: "),
        BadManifest(text: #"{"format": "apollo", "version": 2, "operations": []}"#, error: #"manifest.json: $.format: expected "apollo-persisted-query-manifest""#),
        BadManifest(text: #"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"body": "{ brands { id } }"}]}"#,
                    error: "manifest.json: $.operations[0].id: expected a non-empty string"),
        BadManifest(text: #"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id": "a", "body": "{\n  brandz }"}]}"#,
                    error: #"manifest.json: $.operations[0].body: 2:3: Cannot query field "brandz" on type "Query"."#),
    ])
    func aBadManifestStopsTheServerWithLocatedErrors(_ bad: BadManifest) throws {
        // A folder per case: the cases run in parallel.
        let folder = try ServeCommandTests.folder("bad-manifest-\(SHA256.hex(bad.text).prefix(12))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try ServeCommandTests.write(bad.text, to: "manifest.json", in: folder)
        let result = try Processes.run(try #require(Processes.checkoutSim), ["serve", "--port", "0", "--persisted-queries", file.path],
                                       in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(bad.error), "\(result.stderr)")
    }
}
