import Foundation
import Testing
import CheckoutSimulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The README's Swift examples, compiled and checked here so they cannot rot.
struct ReadmeExampleTests {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func librarySnippet() async throws {
        struct Product: Decodable { let id: String; let name: String }   // your app's own types

        let sim = try Simulator(fixtures: .bundled, seed: 42, now: "2026-03-01T10:00:00Z")
        let query = "query ($first: Int, $after: String) { products(first: $first, after: $after) { nodes { id name } } }"
        let response = sim.execute(GraphQLRequest(query: query, variables: ["first": 4, "after": nil]), session: "alice")
        let products = try response.decode([Product].self, at: "products.nodes")
        #expect(products.map(\.name) == ["iPhone 15 128 GB", "iPhone 15 256 GB", "iPhone 15 Pro 256 GB", "iPhone SE 64 GB"])
        #expect(response.json(pretty: true).hasPrefix("{\n  \"data\": {\n    \"products\": {\n"))

        struct Page: Encodable { let first: Int }  // or variables from any Encodable
        let again = await sim.response(to: try GraphQLRequest(query: query, encoding: Page(first: 4)), session: "alice")
        #expect(again.json(pretty: false) == response.json(pretty: false))

        // The README runs from the package root; tests share one working directory, so the path is absolute.
        let report = try ScenarioRun.run(paths: [Self.packageRoot.path + "/Scenarios"])   // what `checkout-sim run` does
        #expect(report.passed, "\(report.text())")
        #expect(report.scenarios.count > 10)
    }

    @Test func serverSnippet() async throws {
        let server = try await SimulatorServer.start(try Simulator(), port: 0)
        let endpoint = server.url                  // http://127.0.0.1:PORT/graphql
        #expect(endpoint.absoluteString == "http://127.0.0.1:\(server.port)/graphql")
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"query":"{ brands { id } }"}"#.utf8)
        let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"data":{"brands":[{"id":"#))
        await server.stop()
    }

    /// The README's scenario example, run as a user would save it: a file beside nothing else.
    @Test func readmeScenarioPasses() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "scenario \"Two in the cart, then pay\""))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let text = String(readme[start.lowerBound..<end.lowerBound]).replacingOccurrences(of: "  snapshot\n", with: "")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-scenario-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("readme.scenario")
        try Data(text.utf8).write(to: file)
        let report = try ScenarioRun.run(paths: [file.path])
        #expect(report.scenarios.count == 1)
        #expect(report.passed, "\(report.text())")
    }

    /// The README's infinite-scroll step and inline operation, run together under one header.
    @Test func readmeJourneyStepsPass() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var text = "scenario \"README steps\"\n"
        let examples = [
            ("step \"Scroll the whole catalog, four at a time\"", "```\n"), ("step \"Out of the tunnel on a flaky network", "```\n"),
            ("step \"Just the names\"", "````"), ("step \"A typo is named\"", "````"),
        ]
        for (first, fence) in examples {
            let start = try #require(readme.range(of: first))
            let end = try #require(readme.range(of: fence, range: start.upperBound..<readme.endIndex))
            text += String(readme[start.lowerBound..<end.lowerBound]) + "\n"
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-steps-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("steps.scenario")
        try Data(text.utf8).write(to: file)
        let report = try ScenarioRun.run(paths: [file.path])
        #expect(report.passed, "\(report.text())")
        #expect(report.text().contains("5 steps"))
    }
}
