import CheckoutSimSupport
import CheckoutSimCommerce
import ChildProcesses
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `checkout-sim serve` as a user starts it: a real process, a real port, real signals.
@Suite struct ServeCommandTests {
    /// A `checkout-sim serve` child, its printed URL, and its standard error once it has exited.
    final class Served: @unchecked Sendable {
        let process: ChildProcess
        private(set) var url: URL?

        init(_ arguments: [String], in folder: URL? = nil) throws {
            let binary = try #require(Processes.checkoutSim)
            process = try ChildProcess(binary, ["serve", "--port", "0"] + arguments, in: folder,
                                       standardOutput: .pipe, standardError: .pipe)
            // The first line names the port; read it on another thread so a silent child fails the test.
            let firstLine = Locked("")
            let ready = DispatchSemaphore(value: 0)
            DispatchQueue.global().async { [process] in
                let line = process.readFirstLine()
                firstLine.withLock { $0 = line }
                ready.signal()
            }
            guard ready.wait(timeout: .now() + 20) == .success else {
                process.terminate()
                Issue.record("serve printed nothing within 20 s")
                return
            }
            let line = firstLine.withLock { $0 }
            #expect(line.hasPrefix("checkout-sim listening on http://127.0.0.1:"), "\(line)")
            url = URL(string: line.replacingOccurrences(of: "checkout-sim listening on ", with: "")
                .trimmingCharacters(in: .whitespacesAndNewlines))
        }

        /// Sends SIGTERM and waits (at most 20 s) for the exit; the status and everything on stderr.
        func terminate() -> (status: Int32, stderr: String) {
            process.terminate()
            guard let ended = process.waitUntilExit(seconds: 20) else {
                process.signal(SIGKILL)
                process.waitUntilExit()
                return (-1, "did not exit on SIGTERM")
            }
            let stderr = process.errors?.readDataToEndOfFile() ?? Data()
            return (ended.status, String(decoding: stderr, as: UTF8.self))
        }
    }

    /// A new empty folder for one test's files.
    static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func write(_ text: String, to name: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static let query = "{ products(first: 3) { nodes { id name price { formatted } } } }"

    static func get(_ url: URL) async throws -> String {
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
        return String(decoding: data, as: UTF8.self)
    }

    static func post(_ url: URL, _ body: String, headers: [String: String] = [:]) async throws -> (Int, String) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral)
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func answersWhatQueryPrintsLogsAndStopsOnSIGTERM() async throws {
        let expected = try Processes.run(try #require(Processes.checkoutSim), ["query", "--compact", Self.query])
        let served = try Served([])
        let url = try #require(served.url)
        #expect(url.path == "/graphql")
        let body = try JSONSerialization.data(withJSONObject: ["query": Self.query])
        let (status, answer) = try await Self.post(url, String(decoding: body, as: UTF8.self), headers: ["X-Checkout-Session": "alice"])
        let stopped = served.terminate()
        #expect(status == 200)
        #expect(answer + "\n" == expected.stdout, "the server's bytes are the CLI's bytes")
        #expect(stopped.status == 0)
        let log = stopped.stderr.split(separator: "\n").map(String.init)
        #expect(log.count == 1, "\(stopped.stderr)")
        #expect(log.first?.hasPrefix("POST /graphql 200 \(answer.utf8.count)B ") == true, "\(stopped.stderr)")
        #expect(log.first?.hasSuffix(" session=alice op=-") == true, "\(stopped.stderr)")
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func preloadSetsTheShopUpAndQuietLogsNothing() async throws {
        let folder = try Self.folder("serve-preload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.write("""
            scenario "A cart ready for the demo"
            step "Add a laptop"
              send AddToCart {"productId": "dell-xps-13"}
              expect $.data.addToCart.cart.totalQuantity == 1
            """, to: "demo.scenario", in: folder)
        let served = try Served(["--preload", file.path, "--quiet"])
        let url = try #require(served.url)
        let (_, answer) = try await Self.post(url, #"{"query": "{ cart { totalQuantity } }"}"#)
        let stopped = served.terminate()
        #expect(answer == #"{"data":{"cart":{"totalQuantity":1}}}"#)
        #expect(stopped.status == 0)
        #expect(stopped.stderr.isEmpty, "\(stopped.stderr)")
    }

    /// `serve --record FILE` writes the journal as a scenario when it stops, and the file replays.
    @Test(.enabled(if: Processes.checkoutSim != nil))
    func recordWritesTheJournalAsAScenarioOnStop() async throws {
        let folder = try Self.folder("serve-record")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("journeys/checkout.scenario")
        let served = try Served(["--record", file.path, "--quiet"])
        let url = try #require(served.url)
        let add = #"mutation AddToCart($productId: ID!) { addToCart(productId: $productId) { cart { totalQuantity } } }"#
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["query": add, "variables": ["productId": "pixel-8"]]), as: UTF8.self)
        #expect(try await Self.post(url, body, headers: ["X-Checkout-Session": "alice"]).0 == 200)
        #expect(served.terminate().status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("scenario \"checkout\"\nseed 42\nnow 2026-03-01T10:00:00Z\n\nstep \"AddToCart pixel-8\"\n  session alice\n"), "\(text)")
        let binary = try #require(Processes.checkoutSim)
        #expect(try Processes.run(binary, ["run", file.path, "--update"]).status == 0)
        #expect(try Processes.run(binary, ["run", file.path]).status == 0)
    }

    /// With `--operations DIR`, a recording sends the app's own operations by name, and replays
    /// from a folder whose `Operations/` holds them; a folder that does not validate stops `serve`.
    @Test(.enabled(if: Processes.checkoutSim != nil))
    func recordingsSendTheAppsOwnOperationsByName() async throws {
        let folder = try Self.folder("serve-operations")
        defer { try? FileManager.default.removeItem(at: folder) }
        let operations = folder.appendingPathComponent("Operations")
        try FileManager.default.createDirectory(at: operations, withIntermediateDirectories: true)
        let text = "query HomeBrands {\n  brands { id name }\n}\n"
        _ = try Self.write(text, to: "Home.graphql", in: operations)
        let file = folder.appendingPathComponent("home.scenario")
        let served = try Served(["--operations", operations.path, "--record", file.path, "--quiet"])
        let url = try #require(served.url)
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["query": text, "operationName": "HomeBrands"]), as: UTF8.self)
        #expect(try await Self.post(url, body).0 == 200)
        #expect(served.terminate().status == 0)
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded.contains("  send HomeBrands {}\n"), "\(recorded)")
        let binary = try #require(Processes.checkoutSim)
        #expect(try Processes.run(binary, ["run", file.path, "--update"]).status == 0)
        #expect(try Processes.run(binary, ["run", file.path]).status == 0)

        _ = try Self.write("query Broken { nope }\n", to: "Broken.graphql", in: operations)
        let refused = try Processes.run(binary, ["serve", "--port", "0", "--operations", operations.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Broken.graphql"), "\(refused.stderr)")
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func aFailingPreloadStopsBeforeServing() throws {
        let folder = try Self.folder("serve-bad-preload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = try Self.write("""
            scenario "Wrong"
            step "Expects an empty cart to hold one"
              send Cart
              expect $.data.cart.totalQuantity == 1
            """, to: "failing.scenario", in: folder)
        let binary = try #require(Processes.checkoutSim)
        let result = try Processes.run(binary, ["serve", "--port", "0", "--preload", failing.path], timeout: 20)
        #expect(result.status == 4)
        #expect(result.stdout.isEmpty, "nothing listens")
        #expect(result.stderr.hasPrefix("error: --preload \(failing.path) failed:"), "\(result.stderr)")
        let broken = try Self.write("scenario \"Broken\"\nstep \"x\"\n  sned Cart\n", to: "broken.scenario", in: folder)
        let parse = try Processes.run(binary, ["serve", "--port", "0", "--preload", broken.path], timeout: 20)
        #expect(parse.status == 2)
        #expect(parse.stderr.contains("broken.scenario:3:3"), "\(parse.stderr)")
    }

    /// `--max-connections` takes 1–100000; anything else is a usage error naming the option.
    @Test(.enabled(if: Processes.checkoutSim != nil), arguments: ["0", "100001", "many", "-5"])
    func aBadConnectionLimitIsAUsageError(_ value: String) throws {
        let result = try Processes.run(try #require(Processes.checkoutSim), ["serve", "--port", "0", "--max-connections", value], timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--max-connections: expected a number 1–100000, found \"\(value)\""), "\(result.stderr)")
    }

    @Test(.enabled(if: Processes.checkoutSim != nil))
    func aTakenPortIsARuntimeError() async throws {
        let served = try Served(["--quiet"])
        let port = try #require(served.url?.port)
        let second = try Processes.run(try #require(Processes.checkoutSim), ["serve", "--port", "\(port)"], timeout: 20)
        _ = served.terminate()
        #expect(second.status == 3)
        #expect(second.stderr.hasPrefix("error: cannot listen on 127.0.0.1:\(port)"), "\(second.stderr)")
    }
}
