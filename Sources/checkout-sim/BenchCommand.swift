import CheckoutSimGraphQL
import CheckoutSimulator

/// `checkout-sim bench`: the benchmark table (or `--json` lines).
enum BenchCommand {
    static func run(_ words: [String]) throws(Arguments.Failure) -> ExitCode {
        let arguments = try Arguments(
            words, valued: CommandLineTool.commonValued.union(["iterations", "query", "variables", "case", "catalog"]),
            flags: CommandLineTool.commonFlags.union(["json"]))
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
        var printedHeader = false
        func show(_ result: BenchmarkResult) {
            if asJSON { return Output.line(result.json.serialized()) }
            if !printedHeader {
                Output.line(pad("case", 26) + pad("median µs", 12, right: true) + pad("p99 µs", 12, right: true) + pad("iterations", 12, right: true))
                printedHeader = true
            }
            Output.line(pad(result.name, 26) + pad(format(result.medianMicroseconds), 12, right: true)
                + pad(format(result.p99Microseconds), 12, right: true) + pad(String(result.iterations), 12, right: true))
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
                show(BenchmarkSuite.custom(GraphQLRequest(query: text, variables: variables), simulator: simulator, iterations: iterations))
            } else {
                _ = try BenchmarkSuite.run(iterations: iterations, catalog: catalog, only: arguments.value("case"), progress: show)
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

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
