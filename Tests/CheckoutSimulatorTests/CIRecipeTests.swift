import Foundation
import Testing

/// The README's CI recipe (`Scripts/ui-tests-ci.sh`): the README shows the script as it is, and the
/// script runs — build skipped for the built binary, a curl request standing in for `xcodebuild`.
struct CIRecipeTests {
    static var script: URL { Processes.packageRoot.appendingPathComponent("Scripts/ui-tests-ci.sh") }

    @Test func theReadmeShowsTheScript() throws {
        let readme = try String(contentsOf: Processes.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```bash\n#!/usr/bin/env bash\n"))
        let block = readme[start.upperBound...].prefix { _ in true }
        let shown = String(block[..<(try #require(block.range(of: "\n```\n"))).lowerBound])
        let script = try String(contentsOf: Self.script, encoding: .utf8)
        // The script's header comment explains it; the rest is the README's block, line for line.
        let body = script.components(separatedBy: "\n").drop { $0.hasPrefix("#") && !$0.hasPrefix("# Usage") }.joined(separator: "\n")
        #expect(body == shown + "\n")
    }

    @Test(.enabled(if: Processes.checkoutSim != nil && FileManager.default.fileExists(atPath: "/usr/bin/curl")))
    func theRecipeRunsTestsAgainstTheServerAndWritesItsReports() throws {
        let binary = try #require(Processes.checkoutSim)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ci-recipe-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for copied in ["Scenarios", "MockResponses"] {
            try FileManager.default.copyItem(at: Processes.packageRoot.appendingPathComponent(copied), to: folder.appendingPathComponent(copied))
        }
        // Below Linux's ephemeral ports (32768–60999) and macOS's (49152–): a port in that range
        // could be held by another test's client socket (the 5,000-connection test holds many).
        let port = 20_000 + Int(ProcessInfo.processInfo.processIdentifier % 12_000)
        // The stand-in for the UI tests: one request to the server the script started, found by CHECKOUT_SIM_URL.
        let uiTests = #"curl -sf "$CHECKOUT_SIM_URL/graphql" -H 'Content-Type: application/json' -d '{"query":"query Brands { brands { id } }"}'"#
        let result = try Processes.run(
            URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "bash", "-c", uiTests], in: folder,
            environment: ["CHECKOUT_SIM": binary.path, "CHECKOUT_SIM_PORT": String(port)], timeout: 120)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(#"{"data":{"brands":[{"id":"apple"}"#), "the tests reached the server")
        let junit = try String(contentsOf: folder.appendingPathComponent("build/scenarios.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite"))
        let recording = try String(contentsOf: folder.appendingPathComponent("build/ui-tests.scenario"), encoding: .utf8)
        #expect(recording.contains("step \"Brands\""), "the server wrote its recording when stopped: \(recording)")
    }
}

/// The README's "Add it to your app" names the package's real products and platforms.
struct ReadmeSetupTests {
    @Test func theProductsAndPlatformsAreThePackages() throws {
        let readme = try String(contentsOf: Processes.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: Processes.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for product in ["CheckoutSimulator", "CheckoutSimControl", "checkout-sim"] {
            #expect(manifest.contains(#".library(name: "\#(product)""#) || manifest.contains(#".executable(name: "\#(product)""#), "\(product)")
            #expect(readme.contains("| `\(product)`"), "\(product) is in the README's table")
        }
        for (platform, version) in [("macOS", "13"), ("iOS", "16"), ("tvOS", "16"), ("watchOS", "9"), ("visionOS", "1")] {
            #expect(manifest.contains(".\(platform)(.v\(version))"), "\(platform) \(version) in Package.swift")
            #expect(readme.contains("\(platform) \(version)"), "\(platform) \(version) in the README")
        }
    }
}
