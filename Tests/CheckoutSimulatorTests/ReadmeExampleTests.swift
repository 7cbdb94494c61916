import Foundation
import Testing
import CheckoutSimulator

/// The README's Swift example, compiled and checked here so it cannot rot.
struct ReadmeExampleTests {
    @Test func librarySnippet() throws {
        let sim = try Simulator(fixtures: .bundled, seed: 42, now: "2026-03-01T10:00:00Z")
        var variables = JSONObject()
        variables["first"] = 4
        let response = sim.execute(
            GraphQLRequest(query: "query ($first: Int) { products(first: $first) { nodes { name } } }", variables: variables),
            session: "alice")
        let names = response.json["data"]?["products"]?["nodes"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["iPhone 15 128 GB", "iPhone 15 256 GB", "iPhone 15 Pro 256 GB", "iPhone SE 64 GB"])
        #expect(response.serialized(pretty: true).hasPrefix("{\n  \"data\": {\n    \"products\": {\n"))
    }
}

/// The README's scenario example, parsed and run, so the documentation stays true.
struct ReadmeScenarioTests {
    @Test func readmeScenarioPasses() throws {
        let readme = try String(contentsOf: Processes.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "scenario \"Two in the cart, then pay\""))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let text = String(readme[start.lowerBound..<end.lowerBound]).replacingOccurrences(of: "  snapshot\n", with: "")
        let fixtures = try Fixtures.bundled()
        let schema = try Simulator(loaded: fixtures).schema
        let library = try OperationLibrary.load(BundledOperations.files, schema: schema).get()
        let scenario = try ScenarioParser.parse(file: "README.md", text: text, library: library, schema: schema).get()
        let report = ScenarioRunner.simulator(fixtures: fixtures).run([scenario])
        #expect(report.files.first?.steps.count == 5)
        #expect(report.passed, "\(report.files.first?.steps.compactMap { $0.failure?.message } ?? [])")
    }
}
