import CheckoutSimGraphQL
import CheckoutSimulator

/// `checkout-sim query`: one request, one response.
enum QueryCommand: Command {
    static let description = CommandDescription(
        name: "query", synopsis: "query [DOC]", summary: "Run one GraphQL request and print the response",
        usage: ["query [DOC] [--file F] [--variables JSON | --variables-file F] [--operation NAME] [--dialect storefront [--api-version V] | --dialect customer-account --customer EMAIL]"],
        discussion: """
            Runs one GraphQL request against a fresh simulator and prints the response
            (pretty by default; --compact for one line). Exits 0 whenever a response was produced,
            even one that carries GraphQL errors.
            """,
        options: [
            .valued("file", "F", "Read the document from F instead of the command line"),
            .valued("variables", "JSON", "The variables, a JSON object"),
            .valued("variables-file", "F", "Read the variables from F"),
            .valued("operation", "NAME", "The operation to run when the document has several"),
            .valued("dialect", "NAME", "native (the default), storefront (Shopify's Storefront API over the same shop) or customer-account (its Customer Account API)"),
            .valued("api-version", "V", "With --dialect storefront: the API version whose schema answers (2025-01 … 2026-04, unstable; the newest by default)"),
            .valued("customer", "EMAIL", "With --dialect customer-account: the customer the request runs for, signed in as the sign-in page would"),
        ],
        epilogue: """
            EXAMPLE:
              checkout-sim query '{ products(first: 3) { nodes { id name price { formatted } } } }'
            """)

    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        var document: String
        if let file = arguments.value("file") {
            guard arguments.positionals.isEmpty else { throw .init(message: "give the document either inline or with --file, not both") }
            let text = try CommandLineTool.readFile(file, option: "--file")
            document = text
        } else {
            guard arguments.positionals.count == 1 else {
                throw .init(message: arguments.positionals.isEmpty ? "query needs a GraphQL document (or --file F)" : "query takes one document")
            }
            document = arguments.positionals[0]
        }
        if document.isEmpty { document = " " }
        var variablesText: String?
        var variablesOrigin = "--variables"
        if let file = arguments.value("variables-file") {
            guard arguments.value("variables") == nil else { throw .init(message: "use --variables or --variables-file, not both") }
            let text = try CommandLineTool.readFile(file, option: "--variables-file")
            variablesText = text
            variablesOrigin = file
        } else {
            variablesText = arguments.value("variables")
        }
        let variables = try variablesText.map { text throws(Arguments.Failure) in try parseVariables(text, origin: variablesOrigin) }
            ?? JSONObject()
        let simulator: Simulator
        switch CommandLineTool.simulator(arguments) {
        case .success(let built): simulator = built
        case .failure(let code): return code
        }
        if let name = arguments.value("operation"), let parsed = try? Parser.parse(document) {
            let names = parsed.operations.compactMap { $0.name?.value }
            if !names.contains(name) {
                let close = Suggestions.list(name, options: names).first
                throw .init(message: "--operation: the document has no operation named \"\(name)\""
                    + (close.map { " (did you mean \"\($0)\"?)" } ?? "")
                    + (names.isEmpty ? "; its operations have no names" : "; it has \(names.map { "\"\($0)\"" }.joined(separator: ", "))"))
            }
        }
        let request = GraphQLRequest(query: document, variables: variables, operationName: arguments.value("operation"))
        let dialectName = arguments.value("dialect") ?? "native"
        guard let dialect = Simulator.Dialect(rawValue: dialectName) else {
            throw .init(message: "--dialect: expected native, storefront or customer-account, found \"\(dialectName)\"")
        }
        let customer = arguments.value("customer")
        guard (dialect == .customerAccount) == (customer != nil) else {
            throw .init(message: customer == nil
                ? "--dialect customer-account needs --customer EMAIL: the customer the request runs for"
                : "--customer goes with --dialect customer-account")
        }
        var version = Simulator.StorefrontVersion.newest
        if let text = arguments.value("api-version") {
            guard dialect == .storefront else { throw .init(message: "--api-version goes with --dialect storefront") }
            guard let named = Simulator.StorefrontVersion(answering: Substring(text)) else {
                throw .init(message: "--api-version: expected a version like 2025-01 or unstable, found \"\(text)\"")
            }
            version = named
        }
        let session = arguments.value("session") ?? "default"
        let response: GraphQLResponse
        if let customer {
            guard let token = simulator.customerAccountToken(email: customer) else {
                throw .init(message: "--customer: no enabled customer has the email \"\(customer)\"")
            }
            response = simulator.execute(request, session: session, customerAccountToken: token)
        } else {
            response = simulator.execute(request, session: session, dialect: dialect, apiVersion: version)
        }
        let pretty = !arguments.has("compact")
        Output.out(pretty ? response.serialized(pretty: true) : response.serialized(pretty: false) + "\n")
        return .success
    }

    /// Variables JSON, which must be an object; errors point at the line and column.
    static func parseVariables(_ text: String, origin: String) throws(Arguments.Failure) -> JSONObject {
        do {
            let json = try JSONParser.parse(text, maxDepth: 25)
            if case .null = json { return JSONObject() }
            guard case .object(let object) = json else {
                throw Arguments.Failure(message: "\(origin): expected a JSON object of variables, found \(json.kindDescription)")
            }
            return object
        } catch let failure as Arguments.Failure {
            throw failure
        } catch let error as JSONParseError {
            let excerpt = SourceLocation(line: error.line, column: error.column).excerpt(in: Array(text.utf8))
            throw Arguments.Failure(message: "\(origin):\(error.line):\(error.column): \(error.message)\n\(excerpt)")
        } catch {
            throw Arguments.Failure(message: "\(origin): \(error)")
        }
    }
}

/// `checkout-sim schema`: the SDL.
enum SchemaCommand: Command {
    static let description = CommandDescription(
        name: "schema", synopsis: "schema", summary: "Print the schema as SDL", usage: ["schema"],
        discussion: "Prints the schema as SDL, as graphql-js's printSchema would.", options: [])

    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .init(message: "schema takes no arguments") }
        switch CommandLineTool.simulator(arguments) {
        case .success(let simulator):
            Output.out(simulator.sdl)
            return .success
        case .failure(let code):
            return code
        }
    }
}

/// `checkout-sim fixtures check [DIR]`.
enum FixturesCommand: Command {
    static let description = CommandDescription(
        name: "fixtures", synopsis: "fixtures check", summary: "Validate fixtures and list every problem",
        usage: ["fixtures check [DIR]"],
        discussion: """
            Validates the fixtures in DIR (or --fixtures DIR, or the bundled ones) and lists every
            problem as FILE: JSON-PATH: message. Exits 2 when there is any.
            """,
        options: [])

    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        guard arguments.positionals.first == "check", arguments.positionals.count <= 2 else {
            throw .init(message: "usage: checkout-sim fixtures check [DIR]")
        }
        let folder = arguments.positionals.count == 2 ? arguments.positionals[1] : arguments.value("fixtures")
        do {
            let source = try folder.map { path throws(FixtureError) in try FixtureSource.directory(path) } ?? .bundled
            let fixtures = try Fixtures.load(source)
            Output.line(
                "ok: \(source.origin): \(fixtures.catalog.products.count) products, \(fixtures.catalog.brands.count) brands, "
                    + "\(fixtures.offers.count) offers, \(fixtures.scratchCards.rewards.count) scratch rewards, "
                    + "\(fixtures.testCards.count) test cards")
            return .success
        } catch {
            Output.error(error.description)
            Output.error("\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") found")
            return .invalidInput
        }
    }
}
