import CheckoutSimulator

/// `checkout-sim serve --stdio`: reads request lines until end of input.
enum ServeCommand {
    static func run(_ words: [String]) throws(Arguments.Failure) -> ExitCode {
        let arguments = try Arguments(words, valued: CommandLineTool.commonValued, flags: CommandLineTool.commonFlags.union(["stdio"]))
        guard arguments.has("stdio") else { throw .init(message: "serve needs --stdio (the only transport)") }
        guard arguments.positionals.isEmpty else { throw .init(message: "serve takes no arguments") }
        let simulator: Simulator
        switch CommandLineTool.simulator(arguments) {
        case .success(let built): simulator = built
        case .failure(let code): return code
        }
        let server = StdioProtocol(simulator: simulator, defaultSession: arguments.value("session") ?? "default")
        while let line = readLine(strippingNewline: true) {
            if let response = server.respond(to: line) { Output.line(response) }
        }
        return .success
    }
}
