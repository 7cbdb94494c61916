#if os(Linux)
import CheckoutSimControl
import Foundation
import Testing
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The README's "Parallel UI tests" code, compiled and run here by XCTest (docs/control-client.md).
// Each region between `README ▸` lines is in the README verbatim (`theReadmeShowsThisCode`
// checks). Linux has no XCUITest: the test case's class adds the CI script's part (a server
// started for the class), and a small stand-in plays the app (a real HTTP client of that server,
// with two buttons and a message line).

// README ▸ app
/// The GraphQL endpoint: the one a UI test passes as `-graphQLURL URL`, else production.
func graphQLEndpoint(_ arguments: [String] = ProcessInfo.processInfo.arguments) -> URL {
    if let flag = arguments.firstIndex(of: "-graphQLURL"), flag + 1 < arguments.count,
       let url = URL(string: arguments[flag + 1]) {
        return url
    }
    return URL(string: "https://shop.example.com/graphql")!
}
// README ▸ end

// In the README the class is an `XCTestCase`: here its subclass adds the CI script's server.
final class CheckoutUITests: TestCaseWithServer {
// README ▸ test
    /// The server the CI script started; a test plan may point elsewhere.
    static let shop = ShopControl(baseURL: URL(string: ProcessInfo.processInfo.environment["CHECKOUT_SIM_URL"] ?? "http://127.0.0.1:4000")!)

    func testADeclinedCardShowsTheBanksReason() async throws {
        let sandbox = Self.shop.sandbox(forTest: name)      // this test's own shop
        try await sandbox.levers([.declineNextPayments(declineCode: "insufficient_funds")])

        let app = XCUIApplication()
        app.launchArguments += ["-graphQLURL", sandbox.graphQLURL.absoluteString]
        app.launch()
        app.buttons["Add to cart"].tap()
        app.buttons["Pay"].tap()
        XCTAssertTrue(app.staticTexts["The card was declined (insufficient_funds)."].waitForExistence(timeout: 5))

        try await sandbox.verify("Checkout", count: 1)      // throws, listing the near misses
        try await sandbox.drop()
    }
// README ▸ end
}

/// The app's part: a shop screen with "Add to cart" and "Pay", showing the last answer's message.
final class XCUIApplication: @unchecked Sendable {
    var launchArguments: [String] = []
    private var endpoint: URL?
    private var message = ""

    func launch() { endpoint = graphQLEndpoint(launchArguments) }

    struct Element {
        let action: () -> Void
        let shown: () -> Bool
        func tap() { action() }
        func waitForExistence(timeout: Double) -> Bool { shown() }
    }

    struct Query {
        let element: (String) -> Element
        subscript(_ label: String) -> Element { element(label) }
    }

    var buttons: Query {
        Query { label in
            Element(action: {
                switch label {
                case "Add to cart": self.send(#"mutation AddToCart { addToCart(productId: "pixel-8") { errors { message } } }"#)
                case "Pay": self.send(#"mutation Checkout { checkout(input: {card: {number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123"}}) { order { id } errors { message } } }"#)
                default: Issue.record("the app has no button \(label)")
                }
            }, shown: { true })
        }
    }

    var staticTexts: Query {
        Query { label in Element(action: {}, shown: { self.message == label }) }
    }

    /// Posts `query` and shows the first payload error's message, else "Done".
    private func send(_ query: String) {
        guard let endpoint else {
            Issue.record("the app was not launched")
            return
        }
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: ["query": query])
        let done = DispatchSemaphore(value: 0)
        let shown = Locked("")
        URLSession.shared.dataTask(with: request) { data, _, _ in
            let text = String(decoding: data ?? Data(), as: UTF8.self)
            let found = text.range(of: #""message":""#).map { start in
                String(text[start.upperBound...].prefix { $0 != "\"" })
            }
            shown.set(found ?? "Done")
            done.signal()
        }.resume()
        done.wait()
        message = shown.value
    }
}

/// A value shared with a URL loading callback.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}

struct ReadmeUITestExample {
    @Test func theReadmeShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        var regions: [String] = []
        var current: [Substring]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// README ▸ end") {
                regions.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else if line.hasPrefix("// README ▸ ") {
                current = []
            } else if current != nil {
                current?.append(line)
            }
        }
        #expect(regions.count == 2)
        #expect(readme.contains(regions[0]), "README.md lacks:\n\(regions[0])")
        let test = "final class CheckoutUITests: XCTestCase {\n" + regions[1] + "\n}"
        #expect(readme.contains(test), "README.md lacks:\n\(test)")
    }
}
#endif
