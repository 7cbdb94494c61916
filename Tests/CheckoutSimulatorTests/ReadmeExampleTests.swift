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
