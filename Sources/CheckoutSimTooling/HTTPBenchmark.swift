import CheckoutSimSupport
import CheckoutSimulator
import CheckoutSimGraphQL
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench --http` (docs/benchmarks.md): the listing query through the server of docs/http.md over loopback
/// keep-alive connections, and what idle and stalled connections cost.
package enum HTTPBenchmark {
    /// One row of the table: a load run, or a single figure (`value`) such as memory.
    package enum Row: Sendable {
        case load(HTTPLoad.Result)
        case figure(name: String, value: Double, unit: String)
    }

    /// Measures the in-process server (when `url` is nil) or the GraphQL endpoint at `url`.
    ///
    /// Each connection count runs twice: `cached` sends the same document every time (the
    /// server's document cache answers the parse), `cold` makes every document distinct with a
    /// trailing comment, so each request is parsed and validated as graphql-js does every time.
    /// With `storefront`, the listing is the Storefront one (docs/benchmarks.md), posted to
    /// `/api/2026-04/graphql.json` on the in-process server, and only its rows are measured.
    package static func run(
        url: URL?, connections: [Int], duration: Duration, catalog: Int = 100_000, storefront: Bool = false, progress: (Row) -> Void
    ) throws -> [Row] {
        var rows: [Row] = []
        func emit(_ row: Row) { rows.append(row); progress(row) }
        var server: SimulatorServer?
        let host: String, port: Int, path: String
        if let url {
            guard let urlHost = url.host, let urlPort = url.port else {
                throw BenchmarkError(message: "--url: expected http://HOST:PORT/PATH, found \"\(url.absoluteString)\"")
            }
            (host, port, path) = (urlHost, urlPort, url.path.isEmpty ? "/" : url.path)
        } else {
            let started = try SimulatorServer(simulator: try Simulator(), host: "127.0.0.1", port: 0, configuration: .init())
            server = started
            (host, port, path) = ("127.0.0.1", started.port, storefront ? "/api/2026-04/graphql.json" : "/graphql")
        }
        defer { server?.stopAndWait(writingFor: .seconds(60)) }
        let label = (url == nil ? "http" : "url") + (storefront ? "-storefront" : "")
        for count in connections {
            for cold in [false, true] {
                let name = "\(label)-listing-\(cold ? "cold" : "cached")-\(count)c"
                let body = storefront ? (cold ? storefrontColdBody : storefrontCachedBody) : (cold ? coldBody : cachedBody)
                emit(.load(HTTPLoad.run(name: name, host: host, port: port, paths: [path], connections: count,
                                        warmUp: min(.milliseconds(500), duration), duration: duration, body: body)))
            }
        }
        if let server, !storefront {
            sandboxes(server, duration: duration, emit: emit)
            idleAndStalled(server, emit: emit)
            try sandboxMemory(fixtures: .bundled, label: "bundled", productId: "pixel-8", emit: emit)
            let size = catalog % 1_000 == 0 ? "\(catalog / 1_000)k" : "\(catalog)"
            try sandboxMemory(fixtures: BenchmarkCatalog.source(products: catalog), label: size, productId: "p0", emit: emit)
        }
        return rows
    }

    /// The listing over 16 connections into one sandbox, then each into its own of 16 (docs/http.md#sandboxes):
    /// sandboxes share the catalog and each has its own lock, so 16 cost no throughput.
    private static func sandboxes(_ server: SimulatorServer, duration: Duration, emit: (Row) -> Void) {
        let one = ["/sandbox/bench-0/graphql"]
        let sixteen = (0..<16).map { "/sandbox/bench-\($0)/graphql" }
        for (label, paths) in [("1-sandbox", one), ("16-sandboxes", sixteen)] {
            emit(.load(HTTPLoad.run(name: "http-listing-cached-16c-\(label)", host: "127.0.0.1", port: server.port, paths: paths, connections: 16,
                                    warmUp: min(.milliseconds(500), duration), duration: duration, body: cachedBody)))
        }
    }

    /// What a sandbox costs in memory over `fixtures`: the resident growth of making 64 of them
    /// (each answering the listing), per sandbox; then after each has set `productId`'s stock.
    private static func sandboxMemory(fixtures: FixtureSource, label: String, productId: String, emit: (Row) -> Void) throws {
        let server = try SimulatorServer(simulator: try Simulator(fixtures: fixtures), host: "127.0.0.1", port: 0, configuration: .init())
        defer { server.stopAndWait(writingFor: .seconds(10)) }
        let warm = HTTPLoad.run(name: "warm", host: "127.0.0.1", port: server.port, paths: ["/graphql"], connections: 1,
                                warmUp: .zero, duration: .milliseconds(200), body: cachedBody)
        guard warm.failures == 0, let before = processStatusMegabytes("VmRSS") else { return }
        let sandboxes = (0..<64).map { "/sandbox/memory-\($0)" }
        let paths = sandboxes.map { $0 + "/graphql" }
        _ = HTTPLoad.run(name: "make", host: "127.0.0.1", port: server.port, paths: paths, connections: 64,
                         warmUp: .zero, duration: .milliseconds(300), body: cachedBody)
        guard let after = processStatusMegabytes("VmRSS") else { return }
        emit(.figure(name: "sandbox-\(label)-rss-mb-each", value: (after - before) / 64, unit: "MB"))
        // A sandbox copies the stock table (copy on write) at its first stock change.
        let lever = Array(#"{"stock": {"\#(productId)": 1}}"#.utf8)
        _ = HTTPLoad.run(name: "sell", host: "127.0.0.1", port: server.port, paths: sandboxes.map { $0 + "/__sim/levers" },
                         connections: 64, warmUp: .zero, duration: .milliseconds(300), body: { _, _ in lever })
        if let sold = processStatusMegabytes("VmRSS") {
            emit(.figure(name: "sandbox-\(label)-rss-mb-each-after-a-stock-change", value: (sold - before) / 64, unit: "MB"))
        }
    }

    /// `{"query": …, "variables": {"first": 20}}`, with `# c-n` appended to the query when `tag` is given.
    static func listingBody(tag: String?, query listing: String = BenchmarkSuite.productsQuery) -> [UInt8] {
        let query = listing + (tag.map { "\n# \($0)" } ?? "")
        let body = JSON.object(JSONObject([("query", .string(query)), ("variables", .object(JSONObject([("first", .int(20))])))]))
        return Array(body.serialized().utf8)
    }

    private static let cached = listingBody(tag: nil)
    private static let cachedBody: @Sendable (Int, Int) -> [UInt8] = { _, _ in cached }
    private static let coldBody: @Sendable (Int, Int) -> [UInt8] = { connection, number in listingBody(tag: "\(connection)-\(number)") }
    private static let storefrontCached = listingBody(tag: nil, query: BenchmarkSuite.storefrontProductsQuery)
    private static let storefrontCachedBody: @Sendable (Int, Int) -> [UInt8] = { _, _ in storefrontCached }
    private static let storefrontColdBody: @Sendable (Int, Int) -> [UInt8] = { connection, number in
        listingBody(tag: "\(connection)-\(number)", query: BenchmarkSuite.storefrontProductsQuery)
    }

    /// 256 idle keep-alive connections' memory, and the CPU 50 clients stalled mid-header cost.
    private static func idleAndStalled(_ server: SimulatorServer, emit: (Row) -> Void) {
        let before = processStatusMegabytes("VmRSS")
        var idle: [Int32] = []
        for _ in 0..<256 {
            guard let descriptor = try? POSIXSocket.connected(host: "127.0.0.1", port: server.port) else { break }
            let request = Array("GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)
            _ = POSIXSocket.sendSome(descriptor, request, from: 0)
            var response = [UInt8](repeating: 0, count: 512)
            _ = POSIXSocket.receive(descriptor, into: &response)
            idle.append(descriptor)
        }
        Thread.sleep(forTimeInterval: 0.3)
        if let before, let after = processStatusMegabytes("VmRSS") {
            emit(.figure(name: "http-idle-\(idle.count)-rss-mb", value: after - before, unit: "MB"))
        }
        idle.forEach(POSIXSocket.closeDescriptor)
        Thread.sleep(forTimeInterval: 0.3)

        var stalled: [Int32] = []
        for _ in 0..<50 {
            guard let descriptor = try? POSIXSocket.connected(host: "127.0.0.1", port: server.port) else { break }
            _ = POSIXSocket.sendSome(descriptor, Array("GET /healthz HTTP/1.1\r\nHo".utf8), from: 0)
            stalled.append(descriptor)
        }
        Thread.sleep(forTimeInterval: 0.2)
        let cpuBefore = cpuMilliseconds()
        Thread.sleep(forTimeInterval: 1)
        emit(.figure(name: "http-stalled-\(stalled.count)-cpu-ms/s", value: cpuMilliseconds() - cpuBefore, unit: "ms"))
        stalled.forEach(POSIXSocket.closeDescriptor)
    }

    /// User and system CPU time this process has used.
    static func cpuMilliseconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) * 1_000 + Double(usage.ru_utime.tv_usec) / 1_000
        let system = Double(usage.ru_stime.tv_sec) * 1_000 + Double(usage.ru_stime.tv_usec) / 1_000
        return user + system
    }
}

/// A benchmark that could not run.
package struct BenchmarkError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
