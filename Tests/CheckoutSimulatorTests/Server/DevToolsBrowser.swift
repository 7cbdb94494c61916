import CheckoutSimSupport
import Foundation
import Testing

/// Headless Chromium driven over the DevTools protocol on a pipe, so a test can type and press
/// keys in a page: `--remote-debugging-pipe` reads commands on descriptor 3 and writes replies
/// on descriptor 4, each message a JSON object ended by a NUL byte.
final class DevToolsBrowser: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let commands = Pipe()
    private let replies = Pipe()
    private let profile: URL
    private let lock = NSLock()
    private var received: [[String: Any]] = []
    private var nextID = 1
    private var session: String?

    /// How many browsers this process has started.
    private static let started = Locked(0)

    /// Starts Chromium (`binary`) with an empty profile.
    init(_ binary: URL) throws {
        // A profile per browser: two Chromiums on one profile directory do not both start.
        let number = Self.started.withLock { count in
            count += 1
            return count
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-sim-devtools-\(getpid())-\(number)")
        // bash puts our pipes on descriptors 3 and 4, where Chromium looks for them.
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "exec \"$0\" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=\"$1\" "
            + "--remote-debugging-pipe about:blank 3<&0 4>&1 0</dev/null 1>/dev/null 2>/dev/null", binary.path, profile.path]
        process.standardInput = commands
        process.standardOutput = replies
        try process.run()
        let reader = replies.fileHandleForReading
        Thread { [self] in
            var pending: [UInt8] = []
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                pending += chunk
                while let end = pending.firstIndex(of: 0) {
                    if let message = try? JSONSerialization.jsonObject(with: Data(pending[..<end])) as? [String: Any] {
                        lock.lock(); received.append(message); lock.unlock()
                    }
                    pending.removeFirst(end + 1)
                }
            }
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command (to the attached page once `open` has run) and returns its result.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], toBrowser: Bool = false) throws -> [String: Any] {
        lock.lock()
        let id = nextID
        nextID += 1
        lock.unlock()
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if !toBrowser, let session { message["sessionId"] = session }
        // The throwing write: a browser that has gone is a failed test, not a trap.
        try commands.fileHandleForWriting.write(contentsOf: try JSONSerialization.data(withJSONObject: message) + Data([0]))
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while clock.now < deadline {
            lock.lock()
            let reply = received.firstIndex { ($0["id"] as? Int) == id }.map { received.remove(at: $0) }
            lock.unlock()
            if let reply {
                if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            usleep(5_000)
        }
        throw Failure(description: "\(method): no reply within 20 s")
    }

    /// Opens `url` in a new page and attaches to it.
    func open(_ url: String) throws {
        let target = try send("Target.createTarget", ["url": url], toBrowser: true)
        let attached = try send("Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true], toBrowser: true)
        session = attached["sessionId"] as? String
    }

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Polls `expression` until it is true; false after `seconds`.
    func waitUntil(_ expression: String, seconds: Double = 20) throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(seconds * 1_000))
        while clock.now < deadline {
            if try evaluate(expression) as? Bool == true { return true }
            usleep(50_000)
        }
        return false
    }

    /// Types `text` at the focus, as a keyboard would insert it.
    func type(_ text: String) throws {
        try send("Input.insertText", ["text": text])
    }

    /// Presses Ctrl-Enter.
    func pressControlEnter() throws {
        for kind in ["rawKeyDown", "keyUp"] {
            try send("Input.dispatchKeyEvent", ["type": kind, "modifiers": 2, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13])
        }
    }

    /// Loads `url` in the attached page.
    func navigate(_ url: String) throws {
        try send("Page.navigate", ["url": url])
    }

    /// Runs `source` in every document the page loads from now on, before the page's own scripts.
    func runOnEveryDocument(_ source: String) throws {
        try send("Page.enable")
        try send("Page.addScriptToEvaluateOnNewDocument", ["source": source])
    }

    /// Presses and releases a key (`Tab`, `Enter`, `Escape`, `Space`), with Shift when asked; a
    /// key that types a character sends it, so Enter in a field submits its form as a person's would.
    func press(_ key: String, shift: Bool = false) throws {
        let codes = ["Tab": 9, "Enter": 13, "Escape": 27, "Space": 32]
        let text = ["Enter": "\r", "Space": " "][key]
        var down: [String: Any] = [
            "type": text == nil ? "rawKeyDown" : "keyDown", "key": key == "Space" ? " " : key, "code": key,
            "windowsVirtualKeyCode": codes[key] ?? 0, "modifiers": shift ? 8 : 0,
        ]
        if let text { down["text"] = text }
        try send("Input.dispatchKeyEvent", down)
        try send("Input.dispatchKeyEvent", ["type": "keyUp", "key": down["key"] ?? key, "code": key, "windowsVirtualKeyCode": codes[key] ?? 0])
    }

    /// Makes the page `width` × `height` CSS pixels; `mobile` as a phone lays it out (a 2× screen).
    func setViewport(width: Int, height: Int, mobile: Bool) throws {
        try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": mobile ? 2 : 1, "mobile": mobile])
    }

    /// A PNG of the page as laid out now: all of it, or what the viewport shows (where an
    /// overlay covers the screen).
    func screenshot(wholePage: Bool = true) throws -> Data {
        let shot = try send("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": wholePage])
        guard let text = shot["data"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "Page.captureScreenshot gave no image")
        }
        return data
    }

    func close() {
        _ = try? send("Browser.close", toBrowser: true)
        process.waitUntilExit()
    }
}
