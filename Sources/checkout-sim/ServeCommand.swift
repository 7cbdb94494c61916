import CheckoutSimScenarios
import CheckoutSimulator
import CheckoutSimSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `checkout-sim serve`: the HTTP server of docs/http.md, or `--stdio` lines until end of input.
enum ServeCommand: Command {
    static let description = CommandDescription(
        name: "serve", synopsis: "serve", summary: "Serve the shop over HTTP (playground at /), or --stdio lines",
        usage: [
            "serve [--port N] [--host ADDR] [--cors ORIGIN] [--preload FILE] [--record FILE] [--operations DIR] [--max-sandboxes N] [--persisted-queries FILE [--only-persisted]] [--storefront-token T] [--quiet]",
            "serve --stdio",
        ],
        discussion: """
            Serves the shop over HTTP/1.1 until SIGINT or SIGTERM (requests in flight are finished):
              POST/GET /graphql   GraphQL over HTTP; a JSON array is a batch
              GET /               the playground
              GET /schema.graphql the schema as SDL; GET /healthz
              POST /api/VERSION/graphql.json  Shopify's Storefront API over the same shop
                                  (GET /api/VERSION/schema.graphql its SDL; docs/storefront.md)
              POST /__sim/reset, /__sim/advance {"by":"2h"}, /__sim/network, /__sim/levers, /__sim/scenario
              GET /__sim/requests, /__sim/requests/count, /__sim/requests.scenario; POST /__sim/verify
              /sandbox/NAME/…     every route above on an isolated shop made on first use;
                                  GET /__sim/sandboxes lists them, DELETE /sandbox/NAME drops one
            The session is the X-Checkout-Session header, a ?session= parameter or the body's "session".
            One line per request goes to standard error unless --quiet.

            With --stdio, reads one JSON request per line from standard input:
              {"query": "...", "variables": {...}, "operationName": "...", "session": "alice"}
            and writes one compact JSON response per line, flushed. State carries over between lines.
            Control lines: {"reset": true} restores the initial state; {"advance": "2h"} moves the
            virtual clock (units s, m, h, d); {"levers": {...}} pulls levers; {"scenario": "..."} runs steps.
            A malformed line gets a BAD_REQUEST error and the loop goes on.
            """,
        options: [
            .valued("port", "N", "TCP port (default 4000; 0 picks a free one, printed on start)"),
            .valued("host", "ADDR", "Address to listen on (default 127.0.0.1; 0.0.0.0 has no authentication)"),
            .valued("cors", "ORIGIN", "Access-Control-Allow-Origin (default *)"),
            .valued("preload", "FILE", "Run a .scenario file's steps before serving"),
            .valued("record", "FILE", "On stop, write the request journal as a .scenario that replays it"),
            .valued("operations", "DIR", "The app's own .graphql operations: recordings send them by name"),
            .valued("max-sandboxes", "N", "The most sandboxes (/sandbox/NAME/…) besides default (default 64)"),
            .valued("max-connections", "N", "The most open connections (default 256; more raises ulimit -n as far as allowed)"),
            .valued("persisted-queries", "FILE", "An Apollo persisted-query manifest: its ids are known hashes"),
            .flag("only-persisted", "Run only the manifest's operations (safelisting)"),
            .valued("storefront-token", "T", "The Storefront access token /api/…/graphql.json requires (default: any)"),
            .flag("quiet", "No request log"),
            .flag("stdio", "JSON lines over standard input and output instead of HTTP"),
        ])

    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .init(message: "serve takes no arguments") }
        let simulator: Simulator
        switch CommandLineTool.simulator(arguments) {
        case .success(let built): simulator = built
        case .failure(let code): return code
        }
        if arguments.has("only-persisted"), !arguments.has("persisted-queries") {
            throw .init(message: "--only-persisted needs --persisted-queries FILE: the operations it lets run")
        }
        if let path = arguments.value("persisted-queries") {
            let text = try CommandLineTool.readFile(path, option: "--persisted-queries")
            if case .failure(let problems) = simulator.usePersistedQueries(text, file: path, onlyPersisted: arguments.has("only-persisted")) {
                Output.error(problems.description)
                return .invalidInput
            }
        }
        if arguments.has("stdio") {
            for option in ["port", "host", "cors", "preload", "record", "operations", "max-sandboxes", "max-connections", "only-persisted", "storefront-token"] where arguments.has(option) {
                throw .init(message: "--\(option) is for the HTTP server; --stdio reads standard input")
            }
            return stdio(simulator, session: arguments.value("session") ?? "default")
        }
        var port = 4_000
        if let text = arguments.value("port") {
            guard let value = Int(text), (0...65_535).contains(value) else {
                throw .init(message: "--port: expected a port number 0–65535, found \"\(text)\"")
            }
            port = value
        }
        if let folder = arguments.value("operations") {
            switch ScenarioLoader.operations(in: folder, schema: simulator.schema) {
            case .failure(let error):
                Output.error(error.description)
                return .invalidInput
            case .success(let library):
                simulator.recordingOperations.withLock { $0 = library.documents }
            }
        }
        var configuration = SimulatorServer.Configuration()
        if let text = arguments.value("max-sandboxes") {
            guard let value = Int(text), (0...10_000).contains(value) else {
                throw .init(message: "--max-sandboxes: expected a number 0–10000, found \"\(text)\"")
            }
            configuration.maxSandboxes = value
        }
        if let text = arguments.value("max-connections") {
            guard let value = Int(text), (1...100_000).contains(value) else {
                throw .init(message: "--max-connections: expected a number 1–100000, found \"\(text)\"")
            }
            // Each connection is a descriptor; the rest is room for the listener, files and pipes.
            let needed = value + 64
            let allowed = DescriptorLimit.raise(to: needed)
            guard allowed >= needed else {
                throw .init(message: "--max-connections \(value) needs \(needed) open descriptors; this process may open \(allowed) (raise the hard limit, ulimit -Hn)")
            }
            configuration.maxConnections = value
        }
        if let path = arguments.value("preload") {
            switch preload(path, into: simulator) {
            case .failure(let code): return code
            // Each sandbox starts as the root shop did: with the preload's steps run on it.
            case .success(let scenarios): configuration.prepareSandbox = { _ = $0.runLive(scenarios) }
            }
        }
        if let origin = arguments.value("cors") { configuration.corsOrigin = origin }
        if let token = arguments.value("storefront-token") {
            guard !token.isEmpty, token.utf8.count <= 256 else { throw .init(message: "--storefront-token: expected 1–256 characters") }
            configuration.storefrontToken = token
        }
        if !arguments.has("quiet") {
            configuration.log = { Output.error($0.description) }
        }
        let server: SimulatorServer
        do {
            server = try SimulatorServer(simulator: simulator, host: arguments.value("host") ?? "127.0.0.1", port: port, configuration: configuration)
        } catch {
            Output.error("error: \(error.message)")
            return .runtime
        }
        Output.line("checkout-sim listening on \(server.url.absoluteString)")
        ShutdownSignal.wait()
        // Responses already computed get up to 5 s to be written; then the process exits
        // whatever its clients do (within 6 s of the signal; docs/http.md#the-server-under-pressure).
        server.stopAndWait(writingFor: .seconds(5))
        if let path = arguments.value("record") {
            let name = String(path.split(separator: "/").last?.split(separator: ".").first ?? "recorded")
            do {
                try Output.writeFile(simulator.recordedScenario(name: name), to: path)
            } catch {
                Output.error("error: --record: \(error.message)")
                return .runtime
            }
        }
        return .success
    }

    /// Runs a scenario file's steps against the live state before serving: the scenarios, or an
    /// exit code when they do not load or pass.
    private static func preload(_ path: String, into simulator: Simulator) -> Result<[Scenario], ExitCode> {
        let loaded = ScenarioLoader.scenarioFiles([path]).flatMap {
            ScenarioLoader.load($0, schema: simulator.schema, bundledOperations: BundledOperations.files, dialects: Simulator.scenarioDialects)
        }
        switch loaded {
        case .failure(let error):
            Output.error(error.description)
            return .failure(.invalidInput)
        case .success(let scenarios):
            let report = simulator.runLive(scenarios)
            guard report.passed else {
                let printer = TerminalReport(color: false)
                Output.error("error: --preload \(path) failed:\n" + report.files.map(printer.file).joined())
                return .failure(ExitCode(rawValue: report.exitCode) ?? .runtime)
            }
            return .success(scenarios)
        }
    }

    /// Answers standard input's lines until it ends.
    ///
    /// Input is read in 64 KiB chunks and split on newline bytes; the responses to every line of
    /// a chunk are written in one `write` before the next read, so an interactive client gets
    /// each answer before the server waits again, and a piped batch costs one write per chunk.
    private static func stdio(_ simulator: Simulator, session: String) -> ExitCode {
        let server = StdioLines(simulator: simulator, defaultSession: session)
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1_024)
        var output: [UInt8] = []
        // A line past this is refused once and skipped to its newline, so input without
        // newlines cannot grow memory without bound (a document is at most 1 MiB, docs/limits.md).
        let maxLine = 16 << 20
        var discarding = false
        func answer(_ line: ArraySlice<UInt8>) {
            guard let response = line.withUnsafeBufferPointer({ server.respond(toLine: $0) }) else { return }
            output += response
            output.append(0x0A)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            // Bytes already in `pending` hold no newline: only the new ones are searched, so a
            // long line costs linear time, not a rescan per chunk.
            var searchFrom = pending.count
            pending += chunk[0..<count]
            var start = 0
            while let newline = pending[searchFrom...].firstIndex(of: 0x0A) {
                if discarding {
                    discarding = false
                } else {
                    answer(pending[start..<newline])
                }
                start = newline + 1
                searchFrom = start
            }
            pending.removeFirst(start)
            if pending.count > maxLine || (discarding && !pending.isEmpty) {
                if !discarding {
                    output += server.lineTooLong(maxBytes: maxLine)
                    output.append(0x0A)
                    discarding = true
                }
                pending.removeAll(keepingCapacity: false)
            }
            Output.bytes(output)
            output.removeAll(keepingCapacity: true)
        }
        if !pending.isEmpty, !discarding { answer(pending[...]) }
        Output.bytes(output)
        return .success
    }
}
