import Foundation
import Testing

/// Issue #10 defect 7: files the CLI reads that are not UTF-8 or hold very long lines are
/// reported where they go wrong, briefly. Each case runs the built `checkout-sim`.
struct CommandLineInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Files to write into a fresh folder, by relative path.
        let files: [String: [UInt8]]
        /// Arguments; `@` stands for the folder.
        let arguments: [String]
        let status: Int32
        /// Lines stderr must contain, in this order.
        let stderrLines: [String]
        var testDescription: String { name }
    }

    static let bad: [UInt8] = Array("{ brands".utf8) + [0xFF] + Array(" { id } }".utf8)
    static let header = "scenario \"UTF-8\"\n\nstep \"brands\"\n"
    static let longLine = "{\"first\": \"" + String(repeating: "a", count: 400_000) + "\" x}"

    static let cases: [Case] = [
        Case(name: "query --file not UTF-8", files: ["q.graphql": bad], arguments: ["query", "--file", "@/q.graphql"], status: 1,
             stderrLines: ["error: --file: @/q.graphql is not UTF-8 text: the bytes at offset 8 do not decode"]),
        Case(name: "--variables-file not UTF-8", files: ["v.json": [0x7B, 0xC3, 0x28, 0x7D]],
             arguments: ["query", "--variables-file", "@/v.json", "{ brands { id } }"], status: 1,
             stderrLines: ["error: --variables-file: @/v.json is not UTF-8 text: the bytes at offset 1 do not decode"]),
        Case(name: "scenario not UTF-8", files: ["s.scenario": Array((header + "  send \"\"\"x").utf8) + [0xFF] + Array("\"\"\"\n".utf8)],
             arguments: ["run", "@/s.scenario"], status: 2,
             stderrLines: ["@/s.scenario:4:12: expected UTF-8 text, found a byte that does not decode (0xff)", "    send \"\"\"x\u{FFFD}\"\"\"", "             ^"]),
        Case(name: "operation file not UTF-8",
             files: ["s.scenario": Array((header + "  send Brands\n").utf8), "Operations/Brands.graphql": Array("query Brands ".utf8) + bad],
             arguments: ["run", "@/s.scenario"], status: 2,
             stderrLines: ["@/Operations/Brands.graphql:1:22: expected UTF-8 text, found a byte that does not decode (0xff)"]),
        Case(name: "a 400 KB line is cut around the caret", files: ["v.json": Array(longLine.utf8)],
             arguments: ["query", "--variables-file", "@/v.json", "query ($first: Int) { products(first: $first) { totalCount } }"], status: 1,
             stderrLines: ["error: @/v.json:1:400014: expected \",\" or \"}\", found \"x\"",
                           "…" + String(repeating: "a", count: 96) + "\" x}", String(repeating: " ", count: 99) + "^"]),
        Case(name: "customer-account without a customer", files: [:], arguments: ["query", "--dialect", "customer-account", "{ customer { id } }"], status: 1,
             stderrLines: ["error: --dialect customer-account needs --customer EMAIL: the customer the request runs for"]),
        Case(name: "a customer without customer-account", files: [:], arguments: ["query", "--customer", "grace", "{ brands { id } }"], status: 1,
             stderrLines: ["error: --customer goes with --dialect customer-account"]),
        Case(name: "a customer nobody is", files: [:], arguments: ["query", "--dialect", "customer-account", "--customer", "nobody", "{ customer { id } }"], status: 1,
             stderrLines: ["error: --customer: no enabled customer has the email \"nobody\""]),
        Case(name: "a dialect that is none", files: [:], arguments: ["query", "--dialect", "admin", "{ shop { name } }"], status: 1,
             stderrLines: ["error: --dialect: expected native, storefront or customer-account, found \"admin\""]),
    ]

    @Test(.enabled(if: Processes.checkoutSim != nil), arguments: cases)
    func reportsWhereInputGoesWrong(_ testCase: Case) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("checkout-sim-input-\(ProcessInfo.processInfo.processIdentifier)-\(testCase.name.hashValue)")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, bytes) in testCase.files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let arguments = testCase.arguments.map { $0.replacingOccurrences(of: "@", with: folder.path) }
        let result = try Processes.run(try #require(Processes.checkoutSim), arguments)
        #expect(result.status == testCase.status, "\(result.stderr)")
        let expected = testCase.stderrLines.map { $0.replacingOccurrences(of: "@", with: folder.path) }
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(expected[0]) }) else {
            Issue.record("stderr lacks \(expected[0]):\n\(result.stderr.prefix(2000))")
            return
        }
        #expect(Array(lines[start...].prefix(expected.count).dropFirst()) == Array(expected.dropFirst()))
        #expect(result.stderr.utf8.count < 2000, "no long echo")
    }
}
