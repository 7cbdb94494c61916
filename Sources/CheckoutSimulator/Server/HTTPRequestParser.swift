/// Reads HTTP/1.x requests out of a connection's bytes as they arrive (RFC 9112), strictly.
///
/// The parser keeps its place between calls, so bytes that trickle in one at a time are looked
/// at once each: a slow client costs nothing but its own connection's wait.
/// - Complexity: O(n) over the bytes of a request, however they are split into reads.
package struct HTTPRequestParser {
    /// The sizes the server accepts (docs/http.md: 16 KiB of head, 1 MiB of body).
    package struct Limits: Sendable {
        var headBytes = 16 * 1_024
        var bodyBytes = 1_024 * 1_024

        /// The server's limits: 16 KiB of head, 1 MiB of body.
        package init() {}
    }

    /// What a call found.
    package enum Step {
        /// More bytes are needed.
        case needMore
        /// A whole request; the cursor is past it.
        case request(HTTPRequest)
        /// The request cannot be served; answer with the status, then close.
        case failure(HTTPFailure)
    }

    private enum Phase {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers(seen: Int)
    }

    let limits: Limits
    private var phase = Phase.head
    /// Where the search for the end of the head resumes.
    private var scanned = 0
    private var request: HTTPRequest?

    package init(limits: Limits) {
        self.limits = limits
    }

    /// True once a head has been read and its body is still coming.
    var isReadingBody: Bool {
        if case .head = phase { return false }
        return true
    }

    /// The head of the request whose body is being read.
    var head: HTTPRequest? { request }

    /// Reads from `bytes` at `cursor`, moving the cursor past what it consumed.
    package mutating func next(_ bytes: [UInt8], cursor: inout Int) -> Step {
        while true {
            switch phase {
            case .head:
                // RFC 9112 §2.2: empty lines before a request line are skipped (some clients
                // send a CRLF after a body).
                while bytes.count - cursor >= 2, bytes[cursor] == 13, bytes[cursor + 1] == 10 { cursor += 2 }
                let end: Int
                switch scanHead(bytes, from: cursor) {
                case .end(let found): end = found
                case .bareLineFeed:
                    // RFC 9112 §2.2 lets a server accept a bare LF; this one refuses it at once
                    // rather than wait for a CRLF CRLF that never comes.
                    return .failure(malformed("A line ends with LF alone; HTTP lines end with CRLF."))
                case .incomplete:
                    if bytes.count - cursor > limits.headBytes {
                        return .failure(HTTPFailure(status: 431, message: "The request line and headers are larger than \(limits.headBytes) bytes."))
                    }
                    return .needMore
                }
                guard end - cursor <= limits.headBytes else {
                    return .failure(HTTPFailure(status: 431, message: "The request line and headers are larger than \(limits.headBytes) bytes."))
                }
                let parsed: HTTPRequest
                switch HTTPHeadParser.parse(bytes[cursor..<(end - 4)]) {
                case .success(let head): parsed = head
                case .failure(let failure): return .failure(failure)
                }
                cursor = end
                scanned = 0
                request = parsed
                switch bodyFraming(of: parsed) {
                case .failure(let failure): return .failure(failure)
                case .success(nil): phase = .chunkSize
                case .success(let length?):
                    if length == 0 { return finish() }
                    phase = .fixedBody(remaining: length)
                }
            case .fixedBody(let remaining):
                let available = min(remaining, bytes.count - cursor)
                guard available > 0 else { return .needMore }
                request?.body.append(contentsOf: bytes[cursor..<(cursor + available)])
                cursor += available
                if remaining == available { return finish() }
                phase = .fixedBody(remaining: remaining - available)
            case .chunkSize:
                let lineEnd: Int
                switch self.lineEnd(bytes, from: cursor) {
                case .at(let found): lineEnd = found
                case .bareLineFeed: return .failure(malformed("A chunk-size line ends with LF alone; HTTP lines end with CRLF."))
                case .incomplete:
                    return bytes.count - cursor > 1_024 ? .failure(malformed("A chunk-size line is longer than 1024 bytes.")) : .needMore
                }
                guard let size = Self.chunkSize(bytes[cursor..<lineEnd]) else {
                    return .failure(malformed("A chunk size is not a hexadecimal number."))
                }
                cursor = lineEnd + 2
                if size == 0 {
                    phase = .trailers(seen: 0)
                } else {
                    guard size <= limits.bodyBytes - (request?.body.count ?? 0) else { return .failure(tooLarge) }
                    phase = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let available = min(remaining, bytes.count - cursor)
                guard available > 0 else { return .needMore }
                request?.body.append(contentsOf: bytes[cursor..<(cursor + available)])
                cursor += available
                phase = remaining == available ? .chunkEnd : .chunkData(remaining: remaining - available)
            case .chunkEnd:
                guard bytes.count - cursor >= 2 else { return .needMore }
                guard bytes[cursor] == 13, bytes[cursor + 1] == 10 else { return .failure(malformed("A chunk's data is not followed by CRLF.")) }
                cursor += 2
                phase = .chunkSize
            case .trailers(let seen):
                let lineEnd: Int
                switch self.lineEnd(bytes, from: cursor) {
                case .at(let found): lineEnd = found
                case .bareLineFeed: return .failure(malformed("A trailer line ends with LF alone; HTTP lines end with CRLF."))
                case .incomplete:
                    return seen + bytes.count - cursor > limits.headBytes
                        ? .failure(HTTPFailure(status: 431, message: "The trailer fields are larger than \(limits.headBytes) bytes."))
                        : .needMore
                }
                let length = lineEnd - cursor
                cursor = lineEnd + 2
                // Trailer fields are read and dropped: nothing here depends on them.
                if length == 0 { return finish() }
                phase = .trailers(seen: seen + length + 2)
            }
        }
    }

    private mutating func finish() -> Step {
        let done = request
        request = nil
        phase = .head
        guard let done else { return .failure(malformed("No request.")) }
        return .request(done)
    }

    private var tooLarge: HTTPFailure {
        HTTPFailure(status: 413, message: "The request body is larger than \(limits.bodyBytes) bytes.")
    }

    private func malformed(_ message: String) -> HTTPFailure {
        HTTPFailure(status: 400, message: message)
    }

    private enum HeadScan {
        /// The index just past the blank line ending the head.
        case end(Int)
        case bareLineFeed
        case incomplete
    }

    /// Looks for the blank line ending the head, resuming where the last search stopped; a LF
    /// without its CR ends the search at once.
    private mutating func scanHead(_ bytes: [UInt8], from cursor: Int) -> HeadScan {
        var index = max(cursor, scanned)
        while index < bytes.count {
            if bytes[index] == 10 {
                guard index > cursor, bytes[index - 1] == 13 else { return .bareLineFeed }
                if index - cursor >= 3, bytes[index - 2] == 10, bytes[index - 3] == 13 { return .end(index + 1) }
            }
            index += 1
        }
        scanned = max(cursor, bytes.count)
        return .incomplete
    }

    /// Where the CRLF ending the line at `cursor` starts; `bareLineFeed` for a LF without its CR.
    private func lineEnd(_ bytes: [UInt8], from cursor: Int) -> LineEnd {
        var index = cursor
        while index < bytes.count {
            if bytes[index] == 10 { return index > cursor && bytes[index - 1] == 13 ? .at(index - 1) : .bareLineFeed }
            index += 1
        }
        return .incomplete
    }

    private enum LineEnd {
        case at(Int)
        case bareLineFeed
        case incomplete
    }

    /// The body's length, or nil when it is chunked (RFC 9112 §6.3). Both framings at once, an
    /// unknown transfer coding, or disagreeing lengths are refused: guessing is how requests get smuggled.
    private func bodyFraming(of request: HTTPRequest) -> Result<Int?, HTTPFailure> {
        if let coding = request.header("transfer-encoding") {
            guard request.header("content-length") == nil else { return .failure(malformed("Send Content-Length or Transfer-Encoding, not both.")) }
            guard coding.lowercased() == "chunked" else {
                return .failure(HTTPFailure(status: 501, message: "Transfer-Encoding \"\(coding)\" is not supported; use chunked."))
            }
            guard request.minorVersion == 1 else { return .failure(malformed("Chunked bodies need HTTP/1.1.")) }
            return .success(nil)
        }
        // Every Content-Length field, and every comma-separated item in one, must be the same
        // decimal number (RFC 9112 §6.3). Read as bytes: a Set of trimmed Strings was the
        // costliest part of parsing a request head (Benchmarks/NOTES.md).
        var agreed: Int?
        for field in request.headers where HTTPRequest.field(field.name, isNamed: "content-length") {
            for item in field.value.utf8.split(separator: 44, omittingEmptySubsequences: false) {
                let digits = item.drop { $0 == 32 || $0 == 9 }.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
                guard (1...12).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }) else {
                    let text = String(decoding: item, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    return .failure(malformed("Content-Length \"\(text)\" is not a number of bytes."))
                }
                let number = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
                guard agreed == nil || agreed == number else { return .failure(malformed("The Content-Length fields disagree.")) }
                agreed = number
            }
        }
        guard let length = agreed else { return .success(0) }
        guard length <= limits.bodyBytes else { return .failure(tooLarge) }
        return .success(length)
    }

    /// A chunk-size line's size; extensions after `;` are ignored. Nil unless 1–8 hex digits.
    static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        let digits = line.prefix { $0 != 59 /* ; */ }.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
        guard (1...8).contains(digits.count) else { return nil }
        var size = 0
        for byte in digits {
            let value: Int
            switch byte {
            case 48...57: value = Int(byte) - 48
            case 65...70: value = Int(byte) - 55
            case 97...102: value = Int(byte) - 87
            default: return nil
            }
            size = size * 16 + value
        }
        return size
    }
}
