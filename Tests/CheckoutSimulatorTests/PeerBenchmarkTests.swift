import CheckoutSimTooling
import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL

/// The in-process peer of docs/benchmarks.md (`Benchmarks/peers/`): graphql-js must answer the very query,
/// variables and data `bench` times, with the same bytes, or the side-by-side ratio means nothing.
@Suite struct PeerBenchmarkTests {
    static let peers = Processes.packageRoot.appendingPathComponent("Benchmarks/peers")

    /// Node with graphql-js 16 (Debian's node-graphql), or nil, having said loudly that the peer tests are skipped.
    static let node: URL? = {
        let modules = ProcessInfo.processInfo.environment["NODE_PATH"] ?? "/usr/share/nodejs"
        for path in ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"] where FileManager.default.isExecutableFile(atPath: path) {
            let check = try? Processes.run(URL(fileURLWithPath: path), ["-e", "process.exit(require('graphql').version.startsWith('16.') ? 0 : 1)"],
                                           environment: ["NODE_PATH": modules])
            if check?.status == 0 { return URL(fileURLWithPath: path) }
        }
        FileHandle.standardError.write(Data(
            "SKIPPING graphql-js peer benchmark checks: node with graphql-js 16 not found (apt-get install nodejs node-graphql; .ci/run installs them)\n".utf8))
        return nil
    }()

    /// The shell scripts read the listing query from a file; it must be the one `bench` times.
    @Test func theListingFileIsTheBenchmarkQuery() throws {
        let text = try String(contentsOf: Self.peers.appendingPathComponent("listing.graphql"), encoding: .utf8)
        #expect(text == BenchmarkSuite.productsQuery + "\n")
    }

    @Test(.enabled(if: node != nil), .timeLimit(.minutes(1)))
    func graphqlJSAnswersThePeerQueriesWithOurBytes() throws {
        let simulator = try Simulator()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-sim-peer-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = folder.appendingPathComponent("schema.graphql")
        try simulator.sdl.write(to: schemaFile, atomically: true, encoding: .utf8)

        // The listing, and Q1 (edges with cursors, totalCount, the per-session fields).
        for file in ["listing.graphql", "q1.graphql"] {
            let query = try String(contentsOf: Self.peers.appendingPathComponent(file), encoding: .utf8)
            for variables in [#"{"first":20}"#, #"{"first":3}"#] {
                let peer = try Processes.run(try #require(Self.node), [
                    Self.peers.appendingPathComponent("graphql-js-bench.js").path, schemaFile.path,
                    Processes.packageRoot.appendingPathComponent("MockResponses").path,
                    Self.peers.appendingPathComponent(file).path, variables, "print",
                ], environment: ["NODE_PATH": ProcessInfo.processInfo.environment["NODE_PATH"] ?? "/usr/share/nodejs"])
                #expect(peer.status == 0, "\(peer.stderr)")
                let request = GraphQLRequest(query: query, variables: try #require(JSONParser.parse(variables).objectValue))
                let ours = String(decoding: simulator.execute(request).compactBytes(), as: UTF8.self)
                #expect(peer.stdout == ours + "\n", "\(file) \(variables)")
            }
        }
        // The Storefront listing, over the bundled Storefront SDL.
        for variables in [#"{"first":20}"#, #"{"first":3}"#] {
            let peer = try Processes.run(try #require(Self.node), [
                Self.peers.appendingPathComponent("graphql-js-bench.js").path,
                Processes.packageRoot.appendingPathComponent("Storefront/storefront-2026-04.graphql").path,
                Processes.packageRoot.appendingPathComponent("MockResponses").path,
                Self.peers.appendingPathComponent("storefront-listing.graphql").path, variables, "print",
            ], environment: ["NODE_PATH": ProcessInfo.processInfo.environment["NODE_PATH"] ?? "/usr/share/nodejs", "PEER": "storefront"])
            #expect(peer.status == 0, "\(peer.stderr)")
            let request = GraphQLRequest(query: BenchmarkSuite.storefrontProductsQuery, variables: try #require(JSONParser.parse(variables).objectValue))
            let ours = String(decoding: simulator.execute(request, dialect: .storefront).compactBytes(), as: UTF8.self)
            #expect(peer.stdout == ours + "\n", "storefront-listing \(variables)")
        }
    }

    @Test func theStorefrontListingFileIsTheBenchmarkQuery() throws {
        let text = try String(contentsOf: Self.peers.appendingPathComponent("storefront-listing.graphql"), encoding: .utf8)
        #expect(text == BenchmarkSuite.storefrontProductsQuery + "\n")
    }
}
