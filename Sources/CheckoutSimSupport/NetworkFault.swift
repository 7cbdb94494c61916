/// One injected network fault: what it does, which operation it is aimed at, how many requests
/// it takes (docs/control.md#faults).
public struct NetworkFault: Sendable, Equatable {
    /// What a fault does to a request it meets.
    public enum Kind: Sendable, Equatable {
        /// The response waits this long before it is sent.
        case latency(Duration)
        /// The response's body is written at this many bytes per second.
        case slow(bytesPerSecond: Int)
        /// HTTP `status` with an `INTERNAL_SERVER_ERROR` body; the operation does not run.
        case fail(status: Int)
        /// The request is read, then the connection is closed without a response; the operation does not run.
        case drop
        /// The operation runs; its status and headers are sent, then half its body, then the connection closes.
        case truncate
        /// HTTP 200 with a body that is not JSON; the operation does not run.
        case garbage
        /// HTTP 200 with `{"errors":[{"message":…,"extensions":{"code":…}}]}`; the operation does not run.
        case error(message: String, code: String)

        /// Whether both are the same kind of fault, whatever their settings.
        package func sameKind(as other: Kind) -> Bool {
            switch (self, other) {
            case (.latency, .latency), (.slow, .slow), (.fail, .fail), (.drop, .drop), (.truncate, .truncate), (.garbage, .garbage),
                 (.error, .error):
                true
            default:
                false
            }
        }

        /// Whether the fault decides the answer (the others, latency and slow, shape its delivery).
        package var decidesAnswer: Bool {
            switch self {
            case .latency, .slow: false
            case .fail, .drop, .truncate, .garbage, .error: true
            }
        }
    }

    /// What the fault does.
    public var kind: Kind
    /// The operation name it is aimed at; nil aims at every request.
    public var operation: String?
    /// How many more requests it takes; nil lasts until the faults are changed.
    public var count: Int?

    /// A fault of `kind`, aimed at `operation` (nil: every request), for `count` requests (nil: until changed).
    public init(_ kind: Kind, operation: String? = nil, count: Int? = nil) {
        self.kind = kind
        self.operation = operation
        self.count = count
    }

    /// The fault as a scenario's `network` line says it, without its count or aim:
    /// `fail 503`, `drop`, `truncate`, `garbage`, `slow 2000B/s`, `error CODE "message"`.
    public var summary: String {
        switch kind {
        case .latency(let duration): "latency \(duration.clampedNanoseconds / 1_000_000)ms"
        case .slow(let rate): "slow \(rate)B/s"
        case .fail(let status): "fail \(status)"
        case .drop: "drop"
        case .truncate: "truncate"
        case .garbage: "garbage"
        case .error(let message, let code): "error \(code) \(Self.quotedText(message))"
        }
    }

    /// `text` as a JSON string: in double quotes, `"` and `\\` escaped, every control character
    /// (line ends, tabs, NEL, the line and paragraph separators) written as an escape, so the
    /// text stays on its line whatever it holds.
    package static func quotedText(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` as one word of a scenario line: as it is when it is plain (printable ASCII, no space,
    /// quote or backslash, not starting with `#`), else quoted by `quotedText`.
    package static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.first != UInt8(ascii: "#")
            && text.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return plain ? text : quotedText(text)
    }

    /// Whether `text` can name an operation a fault is aimed at: a GraphQL name of at most 128 characters.
    package static func isOperationName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= 128, !(0x30...0x39).contains(first) else { return false }
        return bytes.allSatisfy { (0x41...0x5A).contains($0 & 0xDF) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// Whether `text` can be an injected error's code: 1–64 of `A–Z`, `0–9` and `_`.
    package static func isErrorCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count) && bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    func aims(at operations: [String]) -> Bool {
        operation.map(operations.contains) ?? true
    }
}
