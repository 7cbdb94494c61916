import CheckoutSimTooling
import CheckoutSimGraphQL
import Foundation
import CheckoutSimulator

/// `checkout-sim bench`: the benchmark table (or `--json` lines).
enum BenchCommand: Command {
    static let description = CommandDescription(
        name: "bench", synopsis: "bench", summary: "Measure the engine (build with -c release)",
        usage: [
            "bench [--iterations N] [--json] [--case TEXT] [--catalog N] [--no-cache]",
            "bench --query FILE [--variables JSON] [--storefront] [--iterations N] [--no-cache]",
            "bench --http [--url URL] [--storefront] [--connections 1,64] [--duration S] [--catalog N] [--json]",
        ],
        discussion: """
            Measures parse and validate, requests, journeys, fixture loads and a generated catalog
            in process, and prints the median and p99 of each case (microseconds) and peak memory.
            Run it from a release build (swift run -c release checkout-sim bench).
            Requests reuse parsed documents as every transport does; --no-cache adds the uncached
            columns, the figures to compare with an implementation that parses every request.
            """,
        options: [
            .valued("iterations", "N", "Timed runs per case (default 1000; slow cases use fewer)"),
            .flag("json", "One JSON object per case instead of the table"),
            .valued("case", "TEXT", "Only the cases whose names contain TEXT"),
            .valued("catalog", "N", "Products in the generated catalog (default 100000; for --http, the sandbox memory row's)"),
            .flag("no-cache", "Also time each request case parsing and validating every iteration (uncached columns)"),
            .valued("query", "FILE", "Measure one request from FILE against the bundled shop"),
            .valued("variables", "JSON", "The variables for --query"),
            .flag("http", """
                The server over loopback keep-alive connections: the listing query
                cached (same document) and cold (each document new), req/s, p50
                and p99; 16 connections into one sandbox and into 16; 256 idle
                connections' memory and 50 stalled ones' CPU; the memory of a
                sandbox over the bundled catalog and the generated one (--catalog)
                """),
            .valued("url", "URL", "Load another GraphQL endpoint the same way (a peer, or `serve`)"),
            .flag("storefront", """
                With --http or --url: the Storefront listing (on /api/2026-04/graphql.json)
                instead, and only its rows; with --query: a Storefront request
                """),
            .valued("connections", "L", "Connection counts for --http (default 1,64)"),
            .valued("duration", "S", "Seconds measured per run, 0.1 to 600 (default 3, after 0.5 s of warm-up, or S when shorter)"),
        ])

    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        if arguments.has("http") || arguments.has("url") {
            return try http(arguments)
        }
        var iterations = 1_000
        if let text = arguments.value("iterations") {
            guard let value = Int(text), value > 0 else { throw .init(message: "--iterations: expected a positive integer, found \"\(text)\"") }
            iterations = value
        }
        var catalog = 100_000
        if let text = arguments.value("catalog") {
            guard let value = Int(text), (20...1_000_000).contains(value) else {
                throw .init(message: "--catalog: expected a number of products from 20 to 1000000, found \"\(text)\"")
            }
            catalog = value
        }
        let asJSON = arguments.has("json")
        let uncached = arguments.has("no-cache")
        var printedHeader = false
        func show(_ result: BenchmarkResult) {
            if asJSON { return Output.line(result.json.serialized()) }
            if !printedHeader {
                let coldHeader = uncached ? pad("uncached µs", 13, right: true) + pad("uncached p99", 13, right: true) : ""
                Output.line(pad("case", 26) + pad("median µs", 12, right: true) + pad("p99 µs", 12, right: true) + coldHeader
                    + pad("iterations", 12, right: true))
                printedHeader = true
            }
            var cold = ""
            if uncached {
                cold = result.uncached.map { pad(format($0.medianMicroseconds), 13, right: true) + pad(format($0.p99Microseconds), 13, right: true) }
                    ?? pad("-", 13, right: true) + pad("-", 13, right: true)
            }
            Output.line(pad(result.name, 26) + pad(format(result.medianMicroseconds), 12, right: true)
                + pad(format(result.p99Microseconds), 12, right: true) + cold + pad(String(result.iterations), 12, right: true))
        }
        do {
            if let file = arguments.value("query") {
                let text = try CommandLineTool.readFile(file, option: "--query")
                let variables = try arguments.value("variables").map { text throws(Arguments.Failure) in
                    try QueryCommand.parseVariables(text, origin: "--variables")
                } ?? JSONObject()
                let simulator: Simulator
                switch CommandLineTool.simulator(arguments) {
                case .success(let built): simulator = built
                case .failure(let code): return code
                }
                show(BenchmarkSuite.custom(
                    GraphQLRequest(query: text, variables: variables), simulator: simulator, storefront: arguments.has("storefront"),
                    iterations: iterations, uncached: uncached))
            } else {
                _ = try BenchmarkSuite.run(
                    iterations: iterations, catalog: catalog, only: arguments.value("case"), uncached: uncached, progress: show)
            }
        } catch let failure as Arguments.Failure {
            throw failure
        } catch {
            Output.error("error: \(error)")
            return .runtime
        }
        let rss = peakResidentMegabytes() ?? 0
        if asJSON {
            Output.line(JSON.object(JSONObject([("case", .string("peak-rss-mb")), ("value", .double(rss))])).serialized())
        } else {
            Output.line(pad("peak-rss-mb", 26) + pad(format(rss), 12, right: true))
        }
        return .success
    }

    /// `bench --http [--url URL] [--connections 1,64] [--duration S]`.
    private static func http(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        var connections = [1, 64]
        if let text = arguments.value("connections") {
            let parsed = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parsed.isEmpty, parsed.allSatisfy({ $0.map { (1...512).contains($0) } ?? false }) else {
                throw .init(message: "--connections: expected numbers from 1 to 512 separated by commas, found \"\(text)\"")
            }
            connections = parsed.compactMap { $0 }
        }
        var milliseconds = 3_000
        if let text = arguments.value("duration") {
            // Read as decimal text, tenths of a second at most: no binary fraction decides a time.
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let whole = Int(parts[0]), tenths = parts.count == 2 && parts[1].count == 1 ? Int(parts[1]) : (parts.count == 1 ? 0 : nil)
            guard let whole, let tenths, (100...600_000).contains(whole * 1_000 + tenths * 100) else {
                throw .init(message: "--duration: expected seconds from 0.1 to 600 (tenths at most), found \"\(text)\"")
            }
            milliseconds = whole * 1_000 + tenths * 100
        }
        var url: URL?
        if let text = arguments.value("url") {
            guard let parsed = URL(string: text), parsed.scheme == "http", parsed.host != nil, parsed.port != nil else {
                throw .init(message: "--url: expected http://HOST:PORT/PATH, found \"\(text)\"")
            }
            url = parsed
        }
        var catalog = 100_000
        if let text = arguments.value("catalog") {
            guard let value = Int(text), (1...1_000_000).contains(value) else {
                throw .init(message: "--catalog: expected a number of products from 1 to 1000000, found \"\(text)\"")
            }
            catalog = value
        }
        let asJSON = arguments.has("json")
        if !asJSON {
            Output.line(pad("case", 30) + pad("req/s", 10, right: true) + pad("p50 µs", 10, right: true)
                + pad("p99 µs", 10, right: true) + pad("requests", 10, right: true) + pad("failures", 10, right: true))
        }
        do {
            _ = try HTTPBenchmark.run(
                url: url, connections: connections, duration: .milliseconds(milliseconds), catalog: catalog, storefront: arguments.has("storefront")
            ) { row in
                switch row {
                case .load(let result):
                    if asJSON {
                        Output.line(JSON.object(JSONObject([
                            ("case", .string(result.name)), ("connections", .int(result.connections)),
                            ("requestsPerSecond", .double((result.requestsPerSecond * 10).rounded() / 10)),
                            ("p50Microseconds", .double(result.p50Microseconds)), ("p99Microseconds", .double(result.p99Microseconds)),
                            ("requests", .int(result.requests)), ("failures", .int(result.failures)),
                        ])).serialized())
                    } else {
                        Output.line(pad(result.name, 30) + pad(String(Int(result.requestsPerSecond.rounded())), 10, right: true)
                            + pad(format(result.p50Microseconds), 10, right: true) + pad(format(result.p99Microseconds), 10, right: true)
                            + pad(String(result.requests), 10, right: true) + pad(String(result.failures), 10, right: true))
                    }
                case .figure(let name, let value, _):
                    if asJSON {
                        Output.line(JSON.object(JSONObject([("case", .string(name)), ("value", .double((value * 10).rounded() / 10))])).serialized())
                    } else {
                        Output.line(pad(name, 30) + pad(format(value), 10, right: true))
                    }
                }
            }
        } catch {
            Output.error("error: \(error)")
            return .runtime
        }
        return .success
    }

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
