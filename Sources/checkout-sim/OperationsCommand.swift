import CheckoutSimulator

/// `checkout-sim operations --manifest`: the bundled operations as Apollo's persisted-query manifest.
enum OperationsCommand: Command {
    static let description = CommandDescription(
        name: "operations", synopsis: "operations --manifest", summary: "Print the bundled operations as a persisted-query manifest",
        usage: ["operations --manifest"],
        discussion: """
            Prints the bundled operations (Scenarios/Operations/) in Apollo's persisted-query manifest
            format: each operation's body is its definition, then each fragment it uses, joined by a
            newline; its id is the body's SHA-256 (docs/apollo.md#manifests). serve --persisted-queries
            reads the file back.
            """,
        options: [.flag("manifest", "The manifest format (the only one)")])

    static func run(_ arguments: Arguments) throws(Arguments.Failure) -> ExitCode {
        guard arguments.positionals.isEmpty, arguments.has("manifest") else { throw .init(message: "usage: checkout-sim operations --manifest") }
        switch CommandLineTool.simulator(arguments) {
        case .success(let simulator):
            Output.out(PersistedQueryManifest.bundled(simulator: simulator))
            return .success
        case .failure(let code):
            return code
        }
    }
}
