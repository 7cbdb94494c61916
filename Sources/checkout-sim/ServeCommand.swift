import CheckoutSimScenarios
import CheckoutSimulator
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `checkout-sim serve`: the HTTP server of SPEC §7.2, or `--stdio` lines until end of input.
enum ServeCommand {
    static func run(_ words: [String]) throws(Arguments.Failure) -> ExitCode {
        let arguments = try Arguments(
            words, valued: CommandLineTool.commonValued.union(["port", "host", "cors", "preload"]),
            flags: CommandLineTool.commonFlags.union(["stdio", "quiet"]))
        guard arguments.positionals.isEmpty else { throw .init(message: "serve takes no arguments") }
        let simulator: Simulator
        switch CommandLineTool.simulator(arguments) {
        case .success(let built): simulator = built
        case .failure(let code): return code
        }
        if arguments.has("stdio") {
            for option in ["port", "host", "cors", "preload"] where arguments.has(option) {
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
        if let path = arguments.value("preload") {
            if let code = preload(path, into: simulator) { return code }
        }
        var configuration = SimulatorServer.Configuration()
        if let origin = arguments.value("cors") { configuration.corsOrigin = origin }
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
        waitForSignal()
        server.stopAndWait()
        return .success
    }

    /// Blocks until SIGINT or SIGTERM arrives.
    private static func waitForSignal() {
        let done = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { done.signal() }
            source.resume()
            sources.append(source)
        }
        done.wait()
        for source in sources { source.cancel() }
    }

    /// Runs a scenario file's steps against the live state before serving; an exit code when it fails.
    private static func preload(_ path: String, into simulator: Simulator) -> ExitCode? {
        let loaded = ScenarioLoader.scenarioFiles([path]).flatMap {
            ScenarioLoader.load($0, schema: simulator.schema, bundledOperations: BundledOperations.files)
        }
        switch loaded {
        case .failure(let error):
            Output.error(error.description)
            return .invalidInput
        case .success(let scenarios):
            let report = simulator.runLive(scenarios)
            guard report.passed else {
                let printer = TerminalReport(color: false)
                Output.error("error: --preload \(path) failed:\n" + report.files.map(printer.file).joined())
                return ExitCode(rawValue: report.exitCode) ?? .runtime
            }
            return nil
        }
    }

    /// Answers standard input's lines until it ends.
    ///
    /// Input is read in 64 KiB chunks and split on newline bytes; the responses to every line of
    /// a chunk are written in one `write` before the next read, so an interactive client gets
    /// each answer before the server waits again, and a piped batch costs one write per chunk.
    private static func stdio(_ simulator: Simulator, session: String) -> ExitCode {
        let server = StdioProtocol(simulator: simulator, defaultSession: session)
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1_024)
        var output: [UInt8] = []
        // A line past this is refused once and skipped to its newline, so input without
        // newlines cannot grow memory without bound (a document is at most 1 MiB, SPEC §4).
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
