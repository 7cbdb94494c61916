import ChildProcesses
import Foundation
import Testing
@testable import CheckoutSimGraphQL

/// Validation parity with graphql-core, run when python3 with graphql-core is on the machine.
///
/// graphql-core words its messages like graphql-js but quotes names with `'`; quotes are
/// normalised before comparing.
struct ReferenceParityTests {
    /// python3 as found on PATH, through env.
    static func python(_ arguments: [String], standardInput: ChildProcess.Stream = .null, standardOutput: ChildProcess.Stream = .null,
                       standardError: ChildProcess.Stream = .inherit) throws -> ChildProcess {
        try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments,
                         standardInput: standardInput, standardOutput: standardOutput, standardError: standardError)
    }

    static var scriptPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference/graphql_core.py").path
    }

    /// True when python3 has graphql-core 3.2.8, the version the expected wording is pinned to
    /// (3.3 words messages differently); otherwise says loudly that the parity tests are skipped.
    static var referenceAvailable: Bool {
        let check = try? python(["-c", "import graphql, sys; sys.exit(graphql.__version__ != '3.2.8')"], standardError: .null)
        if check?.waitUntilExit() == .exited(0) { return true }
        FileHandle.standardError.write(Data(
            "SKIPPING graphql-core parity tests: python3 with graphql-core 3.2.8 not found (pip install graphql-core==3.2.8; .ci/run installs it)\n".utf8))
        return false
    }

    static func reference(sdl: String, queries: [String]) throws -> [String] {
        let process = try python([scriptPath], standardInput: .pipe, standardOutput: .pipe)
        guard let input = process.input, let output = process.output else { throw ChildProcess.LaunchFailure(description: "no pipes to python3") }
        let request = JSON.object(JSONObject([("sdl", .string(sdl)), ("queries", .array(queries.map { .string($0) }))]))
        try input.write(contentsOf: Data(request.serialized().utf8))
        try input.close()
        let data = output.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            guard let errors = try? JSONParser.parse(String(line)).arrayValue else { return "unreadable" }
            return errors.map { error in
                let locations = (error["locations"]?.arrayValue ?? []).map { "\($0[0]?.intValue ?? 0):\($0[1]?.intValue ?? 0)" }
                let message = (error["message"]?.stringValue ?? "").replacingOccurrences(of: "'", with: "\"")
                return (locations + [message]).joined(separator: " ")
            }.joined(separator: "\n")
        }
    }

    static func ours(_ query: String, schema: Schema) -> String {
        let errors: [GraphQLError]
        do {
            errors = Validator.validate(try Parser.parse(query), schema: schema)
        } catch {
            errors = [error]
        }
        return errors.map { error in
            (error.locations.map { "\($0.line):\($0.column)" } + [error.message]).joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// Where graphql-core itself differs from graphql-js, whose wording we follow: it prints
    /// directive locations in lower case, and our quote normalisation garbles a message about quotes.
    static let knownDifferences: Set<String> = ["query @skip(if: true) { __typename }", "'a'"]

    @Test(.enabled(if: referenceAvailable))
    func validationMatchesGraphQLCore() throws {
        let queries = ValidationTests.cases.map(\.query) + LexerTests.errors.map(\.source).filter { !$0.contains("\u{1}") }
            + ParserTests.errors.map(\.source).filter { !$0.hasPrefix("type ") && !$0.hasPrefix("\"doc\"") }
        let expected = try Self.reference(sdl: SDLPrinter.print(TestSchema.schema), queries: queries)
        try #require(expected.count == queries.count)
        for (index, query) in queries.enumerated() where !Self.knownDifferences.contains(query) {
            #expect(Self.ours(query, schema: TestSchema.schema) == expected[index], "\(query)")
        }
    }
}
