import CheckoutSimSupport
import ChildProcesses
import Foundation
import Testing

/// Headless Chromium driven over the DevTools protocol on a pipe, so a test can type and press
/// keys in a page: `--remote-debugging-pipe` reads commands on descriptor 3 and writes replies
/// on descriptor 4, each message a JSON object ended by a NUL byte.
///
/// One browser serves every test of the process (`page()` opens a tab of it): starting Chromium
/// costs most of a second of CPU, and the whole test suite has 60 s on two cores. It exits when
/// the test process does and its pipe closes.
final class DevToolsBrowser: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The browser's command pipe; its replies are read on a thread of their own.
    private let commands: FileHandle
    private let lock = NSLock()
    /// Replies not yet taken, by command id (events, which have none, are dropped).
    private var received: [Int: [String: Any]] = [:]
    private var nextID = 1

    private static let shared = Locked<Result<DevToolsBrowser, Failure>?>(nil)

    /// A new tab of the process's browser (started on first use), attached and showing `about:blank`.
    static func page(_ binary: URL) async throws -> DevToolsPage {
        try await offTheSharedThreads { try blockingPage(binary) }
    }

    /// Runs `body` on a thread of its own and waits for it without blocking: the browser's
    /// replies are waited for by polling, and an async test that blocked would hold one of the
    /// few threads every test shares (two, on a two-core machine), stalling the whole suite.
    static func offTheSharedThreads<T>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let box: Unchecked<T> = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { Unchecked(value: try body()) }) }
        }
        return box.value
    }

    /// A value carried across threads that the test alone uses (DevTools' JSON is `[String: Any]`).
    struct Unchecked<T>: @unchecked Sendable {
        let value: T
    }

    private static func blockingPage(_ binary: URL) throws -> DevToolsPage {
        let browser = try shared.withLock { started -> Result<DevToolsBrowser, Failure> in
            if let started { return started }
            let result = Result<DevToolsBrowser, Error> { try DevToolsBrowser(binary) }
                .mapError { Failure(description: "Chromium did not start: \($0)") }
            started = result
            return result
        }.get()
        let target = try browser.send("Target.createTarget", ["url": "about:blank"], session: nil)
        let attached = try browser.send("Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true], session: nil)
        guard let session = attached["sessionId"] as? String, let id = target["targetId"] as? String else {
            throw Failure(description: "Target.attachToTarget gave no session")
        }
        return DevToolsPage(browser: browser, session: session, target: id)
    }

    /// Starts Chromium (`binary`) with an empty profile.
    private init(_ binary: URL) throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-sim-devtools-\(getpid())")
        try? FileManager.default.removeItem(at: profile)
        // bash puts our pipes on descriptors 3 and 4, where Chromium looks for them.
        let process = try ChildProcess(URL(fileURLWithPath: "/bin/bash"), [
            "-c", "exec \"$0\" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=\"$1\" "
                + "--remote-debugging-pipe about:blank 3<&0 4>&1 0</dev/null 1>/dev/null 2>/dev/null", binary.path, profile.path,
        ], standardInput: .pipe, standardOutput: .pipe)
        guard let commands = process.input, let reader = process.output else { throw Failure(description: "no pipes to Chromium") }
        self.commands = commands
        Thread { [self] in
            var pending: [UInt8] = []
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                pending += chunk
                while let end = pending.firstIndex(of: 0) {
                    if let message = try? JSONSerialization.jsonObject(with: Data(pending[..<end])) as? [String: Any],
                       let id = message["id"] as? Int {
                        lock.lock(); received[id] = message; lock.unlock()
                    }
                    pending.removeFirst(end + 1)
                }
            }
        }.start()
    }

    /// Sends a command to the browser (`session` nil) or to a tab, and returns its result.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any], session: String?) throws -> [String: Any] {
        var message: [String: Any] = ["method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        // One writer at a time: a message longer than the pipe's atomic size could interleave.
        lock.lock()
        let id = nextID
        nextID += 1
        message["id"] = id
        let written = Result { try commands.write(contentsOf: try JSONSerialization.data(withJSONObject: message) + Data([0])) }
        lock.unlock()
        // The throwing write: a browser that has gone is a failed test, not a trap.
        try written.get()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while clock.now < deadline {
            lock.lock()
            let reply = received.removeValue(forKey: id)
            lock.unlock()
            if let reply {
                if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            usleep(5_000)
        }
        throw Failure(description: "\(method): no reply within 20 s")
    }
}

/// One tab of the shared browser: what a test drives.
final class DevToolsPage: @unchecked Sendable {
    private let browser: DevToolsBrowser
    private let session: String
    private let target: String

    fileprivate init(browser: DevToolsBrowser, session: String, target: String) {
        self.browser = browser
        self.session = session
        self.target = target
    }

    /// Sends a command to this tab and returns its result, waited for off the shared threads.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
        let (browser, session, arguments) = (browser, session, DevToolsBrowser.Unchecked(value: parameters))
        return try await DevToolsBrowser.offTheSharedThreads {
            DevToolsBrowser.Unchecked(value: try browser.send(method, arguments.value, session: session))
        }.value
    }

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) async throws -> Any? {
        let result = try await send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Polls `expression` until it is true; false after `seconds`.
    func waitUntil(_ expression: String, seconds: Double = 20) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(seconds * 1_000))
        while clock.now < deadline {
            do {
                if try await evaluate(expression) as? Bool == true { return true }
            } catch let failure as DevToolsBrowser.Failure where failure.description.contains("navigated or closed") {
                // The page is being replaced (a navigation the test waits for): ask the next one.
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Types `text` at the focus, as a keyboard would insert it.
    func type(_ text: String) async throws {
        try await send("Input.insertText", ["text": text])
    }

    /// Presses Ctrl-Enter.
    func pressControlEnter() async throws {
        for kind in ["rawKeyDown", "keyUp"] {
            try await send("Input.dispatchKeyEvent", ["type": kind, "modifiers": 2, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13])
        }
    }

    /// Loads `url` in the attached page.
    func navigate(_ url: String) async throws {
        try await send("Page.navigate", ["url": url])
    }

    /// Runs `source` in every document the page loads from now on, before the page's own scripts.
    func runOnEveryDocument(_ source: String) async throws {
        try await send("Page.enable")
        try await send("Page.addScriptToEvaluateOnNewDocument", ["source": source])
    }

    /// Presses and releases a key (`Tab`, `Enter`, `Escape`, `Space`), with Shift when asked; a
    /// key that types a character sends it, so Enter in a field submits its form as a person's would.
    func press(_ key: String, shift: Bool = false) async throws {
        let codes = ["Tab": 9, "Enter": 13, "Escape": 27, "Space": 32]
        let text = ["Enter": "\r", "Space": " "][key]
        var down: [String: Any] = [
            "type": text == nil ? "rawKeyDown" : "keyDown", "key": key == "Space" ? " " : key, "code": key,
            "windowsVirtualKeyCode": codes[key] ?? 0, "modifiers": shift ? 8 : 0,
        ]
        if let text { down["text"] = text }
        try await send("Input.dispatchKeyEvent", down)
        try await send("Input.dispatchKeyEvent", ["type": "keyUp", "key": down["key"] ?? key, "code": key, "windowsVirtualKeyCode": codes[key] ?? 0])
    }

    /// Makes the page `width` × `height` CSS pixels; `mobile` as a phone lays it out.
    /// Scrollbars are hidden, as on a phone: a whole-page screenshot lays the page out again
    /// without the viewport's scrollbar and would otherwise cut its right edge off. A phone's
    /// screen is drawn at 2× only when screenshots are kept for the docs: the layout is the same
    /// in CSS pixels, and four times the pixels cost the suite's CPU for nothing a test reads.
    func setViewport(width: Int, height: Int, mobile: Bool) async throws {
        let scale = mobile && ProcessInfo.processInfo.environment["CHECKOUT_SIM_SCREENSHOTS"] != nil ? 2 : 1
        try await send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile])
        try await send("Emulation.setScrollbarsHidden", ["hidden": true])
    }

    /// A PNG of the page as laid out now: all of it, or what the viewport shows (where an
    /// overlay covers the screen).
    func screenshot(wholePage: Bool = true) async throws -> Data {
        let shot = try await send("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": wholePage])
        guard let text = shot["data"] as? String, let data = Data(base64Encoded: text) else {
            throw DevToolsBrowser.Failure(description: "Page.captureScreenshot gave no image")
        }
        return data
    }

    /// Closes the tab, without waiting (it runs from a `defer`).
    func close() {
        let (browser, target) = (browser, target)
        Thread.detachNewThread { _ = try? browser.send("Target.closeTarget", ["targetId": target], session: nil) }
    }
}
