// libFuzzer entry point over what users and peers send the simulator. Built by Fuzz/run (not by
// `swift build`): the package's modules are compiled with -sanitize=fuzzer,address and linked here.
//
// FUZZ_TARGET picks what an input is:
//   request   a GraphQL document, then the same bytes as a `serve --stdio` line (lexer, parser,
//             validation, execution, JSON, variables coercion)
//   scenario  a scenario file, parsed against the bundled operations and, when it parses, run
//   fixtures  "=== NAME\n" then the text of fixture file NAME, which replaces the bundled one
import CheckoutSimulator
import Foundation
import CheckoutSimGraphQL
import CheckoutSimScenarios

enum FuzzTarget: String {
    case request, scenario, fixtures

    static let current = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "request") ?? .request
}

final class Shared: @unchecked Sendable {
    static let shared = Shared()
    let fixtures = try! Fixtures.load(.bundled)
    lazy var simulator = try! Simulator(loaded: fixtures)
    lazy var stdio = StdioProtocol(simulator: simulator)
    lazy var library = try! OperationLibrary.load(BundledOperations.files, schema: simulator.schema).get()
    var runs = 0
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
