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

    private static func stdio(_ simulator: Simulator, session: String) -> ExitCode {
        let server = StdioProtocol(simulator: simulator, defaultSession: session)
        while let line = readLine(strippingNewline: true) {
            if let response = server.respond(to: line) { Output.line(response) }
        }
        return .success
    }
}
