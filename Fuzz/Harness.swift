// libFuzzer entry point over what users and peers send the simulator. Built by Fuzz/run (not by
// `swift build`): the package's modules are compiled with -sanitize=fuzzer,address and linked here.
//
// FUZZ_TARGET picks what an input is:
//   request   a GraphQL document, then the same bytes as a `serve --stdio` line (lexer, parser,
//             validation, execution, JSON, variables coercion)
//   scenario  a scenario file, parsed against the bundled operations and, when it parses, run
//   fixtures  "=== NAME\n" then the text of fixture file NAME, which replaces the bundled one
//   http      bytes a client sends the server, fed to the HTTP request parser in pieces whose
//             sizes the first byte picks: requests out, or the status that refuses them
//   search    a Storefront search query (docs/storefront.md#search-syntax): read and matched
//             against the bundled catalog, then sent as `products(query:)` in the Storefront dialect
//   cost      a nested Storefront document built from the bytes (`CostDocument`): connections in
//             connections with page sizes, searches and filters; refused for its cost, or
//             answered within 2 s under the sanitizer, which slows it about tenfold
//             (docs/limits.md#the-cost-rule's bound is 250 ms in a release build)
//   sdl       schema text (SDL, or introspection JSON when it starts with `{`), built by the
//             loader (docs/storefront.md#the-schema), printed and built again: the printed schema,
//             and the schema's own introspection, must read back to the same text
import CheckoutSimulator
import Foundation
import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimStorefront
import CheckoutSimSupport

enum FuzzTarget: String {
    case request, scenario, fixtures, http, search, sdl, cost

    static let current = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "request") ?? .request
}

final class Shared: @unchecked Sendable {
    static let shared = Shared()
    let fixtures = try! Fixtures.load(.bundled)
    lazy var simulator = try! Simulator(loaded: fixtures)
    lazy var stdio = StdioLines(simulator: simulator)
    let network = Locked(NetworkConditions())
    lazy var library = try! OperationLibrary.load(BundledOperations.files, schema: simulator.schema).get()
    var runs = 0
    /// graphql-js's introspection query, with `isOneOf`.
    static let introspectionQuery = """
        { __schema { description queryType { name } mutationType { name } subscriptionType { name }
            types { ...T } directives { name description isRepeatable locations args(includeDeprecated: true) { ...V } } } }
        fragment T on __Type { kind name description specifiedByURL isOneOf
          fields(includeDeprecated: true) { name description args(includeDeprecated: true) { ...V } type { ...R } isDeprecated deprecationReason }
          inputFields(includeDeprecated: true) { ...V } interfaces { ...R }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason } possibleTypes { ...R } }
        fragment V on __InputValue { name description type { ...R } defaultValue isDeprecated deprecationReason }
        fragment R on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name
          ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
        """
    /// The journal's last entry whose recording the http target has checked.
    var checkedSeq = 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    let shared = Shared.shared
    shared.runs += 1
    switch FuzzTarget.current {
    case .request:
        // Mutations change the shop; a reset now and then keeps every run as cheap as the first.
        if shared.runs % 200 == 0 { shared.simulator.reset() }
        let response = shared.simulator.execute(GraphQLRequest(query: text))
        _ = response.serialized(pretty: false)
        _ = response.serialized(pretty: true)
        _ = shared.stdio.respond(to: text)
    case .scenario:
        switch ScenarioParser.parse(file: "fuzz.scenario", text: text, library: shared.library, schema: shared.simulator.schema) {
        case .success(let scenario):
            _ = ScenarioRunner.simulator(fixtures: shared.fixtures).run([scenario])
        case .failure(let error):
            _ = error.description
        }
    case .http:
        // Pieces of 1…16 bytes, as a slow client's reads arrive; each call sees every byte so far.
        let piece = Int(bytes.first ?? 0) % 16 + 1
        var parser = HTTPRequestParser(limits: HTTPRequestParser.Limits())
        var buffer: [UInt8] = []
        var cursor = 0
        var offset = 1
        reading: while offset <= bytes.count {
            buffer += bytes[min(offset, bytes.count)..<min(offset + piece, bytes.count)]
            offset += piece
            while true {
                switch parser.next(buffer, cursor: &cursor) {
                case .request(let request):
                    precondition(request.body.count <= 1 << 20, "a body past the limit was accepted")
                    // Every request the parser accepts goes through the one GraphQL-over-HTTP
                    // handler, as the server's /graphql route hands it on.
                    let answer = GraphQLHTTP.respond(
                        to: GraphQLHTTP.Request(
                            method: request.method == "HEAD" ? "GET" : request.method, query: request.query,
                            accept: request.header("accept"), contentType: request.header("content-type"),
                            session: request.header("x-checkout-session"), body: request.body),
                        simulator: shared.simulator)
                    precondition([200, 400, 405, 415, 422, 429].contains(answer.status), "unexpected status \(answer.status)")
                    // The Customer Account API's endpoint takes the same requests, for the customer
                    // the `Authorization` field names: 401 without a live token (docs/customers.md#customer-accounts).
                    var account = GraphQLHTTP.Request(
                        method: request.method == "HEAD" ? "GET" : request.method, query: request.query,
                        accept: request.header("accept"), contentType: request.header("content-type"),
                        session: request.header("x-checkout-session"), body: request.body)
                    account.dialect = .customerAccount
                    account.accountToken = request.header("authorization")
                    let accountAnswer = GraphQLHTTP.respond(to: account, simulator: shared.simulator)
                    precondition([200, 400, 401, 405, 415, 422, 429].contains(accountAnswer.status), "unexpected status \(accountAnswer.status)")
                    // The journal's readers take the same query strings and bodies from clients.
                    if let parameters = FormQuery.decode(request.query), case .success(let filter) = Simulator.RequestFilter.parse(parameters) {
                        _ = shared.simulator.requestCount(matching: filter)
                    }
                    if case .success(let pattern) = Simulator.RequestPattern.parse(request.body) {
                        _ = shared.simulator.verify(pattern).json.serialized()
                    }
                    // So do the network and levers control actions; faults set are taken by the
                    // next request (aimed ones look its operations up), then cleared.
                    for name in ["network", "levers"] {
                        if case .success(let action) = ControlAction.parse(name: name, body: request.body) {
                            let answer = shared.simulator.perform(action, network: shared.network).answer
                            precondition([200, 400].contains(answer.status), "unexpected control status \(answer.status)")
                        }
                    }
                    _ = GraphQLHTTP.Exchange(
                        GraphQLHTTP.Request(method: request.method, query: request.query, body: request.body),
                        simulator: shared.simulator, network: shared.network)
                    shared.network.withLock { $0 = NetworkConditions() }
                    // Every request answered records into a file that parses (docs/journal.md,
                    // "Recording"): every 20 runs, the entries since the last check, each once.
                    if shared.runs % 20 == 0 {
                        let recorded = shared.simulator.recordedScenario(name: "fuzz", matching: Simulator.RequestFilter(since: shared.checkedSeq))
                        shared.checkedSeq = shared.simulator.requests().last?.seq ?? 0
                        if case .failure(let error) = shared.simulator.parseScenario(recorded, file: "recorded.scenario") {
                            try? recorded.write(toFile: "Fuzz/crashes/unparsed-recording.scenario", atomically: true, encoding: .utf8)
                            preconditionFailure("a recording does not parse: \(error.description)\n\(recorded)")
                        }
                    }
                    if shared.runs % 200 == 0 {
                        shared.simulator.reset()
                        shared.checkedSeq = 0
                    }
                    continue
                case .failure(let failure):
                    precondition([400, 413, 417, 431, 501, 505].contains(failure.status), "unexpected status \(failure.status)")
                    break reading
                case .needMore:
                    continue reading
                }
            }
        }
    case .search:
        if shared.runs % 200 == 0 { shared.simulator.reset() }
        // The kept words and the phrase search, against the string functions they stand for.
        let words = WordList(bytes: Array(text.utf8))
        precondition((0..<words.count).map { Array(words[$0]) } == SearchQuery.words(of: text).map { Array($0.utf8) }, "words differ: \(text)")
        let response = shared.simulator.execute(
            GraphQLRequest(query: "query($q: String) { products(first: 5, query: $q) { nodes { handle } } }", variables: ["q": .string(text)]),
            dialect: .storefront)
        precondition(response.errors.isEmpty, "a search query was an error: \(response.errors)")
    case .cost:
        if shared.runs % 200 == 0 { shared.simulator.reset() }
        var document = CostDocument(bytes)
        let query = document.root()
        let start = ContinuousClock.now
        let response = shared.simulator.execute(GraphQLRequest(query: query), session: "default", dialect: .storefront)
        let elapsed = ContinuousClock.now - start
        _ = response.serialized(pretty: false)
        if !response.errors.contains(where: { $0.code == GraphQLError.Code.queryTooComplex }) {
            // The sanitizer slows the engine about tenfold: 2 s here is the 250 ms bound with room.
            precondition(elapsed < .seconds(2), "an admitted request ran \(elapsed): \(query)")
        }
    case .sdl:
        // Text starting with `{` is introspection JSON; anything else SDL.
        let built: Schema?
        if text.hasPrefix("{") {
            built = (try? JSONParser.parse(text)).flatMap { json in
                try? SchemaDefinitionLoader.build(SchemaDefinitionLoader.parse(introspection: json), contextType: nil) { _ in nil }
            }
        } else {
            built = try? SchemaDefinitionLoader.build(text, resolver: { _ in nil })
        }
        if let schema = built {
            let printed = SDLPrinter.print(schema)
            guard let again = try? SchemaDefinitionLoader.build(printed, resolver: { _ in nil }) else {
                preconditionFailure("a printed schema does not read back:\n\(printed)")
            }
            precondition(SDLPrinter.print(again) == printed, "a printed schema reads back differently:\n\(printed)")
            // Its introspection reads back to the same schema too.
            let introspection = GraphQLEngine.execute(GraphQLEngine.prepare(Shared.introspectionQuery, schema: schema), schema: schema, context: nil).json
            guard let definitions = try? SchemaDefinitionLoader.parse(introspection: introspection),
                  let fromIntrospection = try? SchemaDefinitionLoader.build(definitions, contextType: nil, resolver: { _ in nil })
            else { preconditionFailure("a schema's introspection does not read back:\n\(printed)") }
            precondition(SDLPrinter.print(fromIntrospection) == printed, "a schema's introspection reads back differently:\n\(printed)")
        }
    case .fixtures:
        guard let newline = text.firstIndex(of: "\n"), text.hasPrefix("=== ") else { return 0 }
        let name = String(text[text.index(text.startIndex, offsetBy: 4)..<newline])
        let replaced = String(text[text.index(after: newline)...])
        var files = FixtureSource.bundled.files.filter { $0.path != name }
        files.append((name, replaced))
        do {
            _ = try Fixtures.load(FixtureSource(files: files, origin: "fuzz"))
        } catch {
            _ = error.description
        }
    }
    return 0
}

/// A Storefront document from fuzz bytes: each byte picks the next field, a page size or whether
/// a scan searches or filters, down to six levels of products, collections and their lists.
struct CostDocument {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Int? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return Int(bytes[at])
    }

    /// A page size: 0…250.
    mutating func size() -> Int { (next() ?? 1) % 251 }

    mutating func root() -> String {
        var fields: [String] = []
        while fields.count < 8, let pick = next() {
            switch pick % 5 {
            case 0: fields.append("a\(fields.count): products(first: \(size())\(search())) { nodes { \(product(depth: 1)) } }")
            case 1: fields.append("a\(fields.count): collections(first: \(size())) { nodes { \(collection(depth: 1)) } }")
            case 2: fields.append("a\(fields.count): search(first: \(size()), query: \"e\") { nodes { ... on Product { \(product(depth: 1)) } } }")
            case 3: fields.append("a\(fields.count): predictiveSearch(query: \"e a\") { products { \(product(depth: 1)) } }")
            default: fields.append("a\(fields.count): collection(handle: \"apple\") { \(collection(depth: 1)) }")
            }
        }
        return "{ " + (fields.isEmpty ? "shop { name }" : fields.joined(separator: " ")) + " }"
    }

    /// No query, a word every product has, or alternatives of prefixes no word starts with (the
    /// slowest search a word).
    mutating func search() -> String {
        switch (next() ?? 0) % 3 {
        case 0: ""
        case 1: ", query: \"e\""
        default: ", query: \"zq1* OR zq2* OR zq3* OR zq4* OR zq5* OR zq6* OR zq7* OR zq8*\""
        }
    }

    mutating func product(depth: Int) -> String {
        var fields = ["id"]
        while depth < 6, fields.count < 4, let pick = next() {
            switch pick % 4 {
            case 0: fields.append("v\(fields.count): variants(first: \(size())) { nodes { id price { amount } } }")
            case 1: fields.append("c\(fields.count): collections(first: \(size())) { nodes { \(collection(depth: depth + 1)) } }")
            case 2: fields.append("i\(fields.count): images(first: \(size())) { nodes { url } }")
            default: return fields.joined(separator: " ")
            }
        }
        return fields.joined(separator: " ")
    }

    mutating func collection(depth: Int) -> String {
        var fields = ["id"]
        while depth < 6, fields.count < 4, let pick = next() {
            switch pick % 4 {
            case 0: fields.append("p\(fields.count): products(first: \(size())) { nodes { \(product(depth: depth + 1)) } }")
            case 1: fields.append("f\(fields.count): products(first: \(size()), filters: [{price: {min: 99999}}]) { nodes { \(product(depth: depth + 1)) } }")
            case 2: fields.append("g\(fields.count): products(first: 1) { filters { label } }")
            default: return fields.joined(separator: " ")
            }
        }
        return fields.joined(separator: " ")
    }
}
