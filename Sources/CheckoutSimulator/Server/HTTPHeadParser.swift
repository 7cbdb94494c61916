import CheckoutSimSupport

/// Parses a request's head — the request line and the header fields — strictly (RFC 9112 §3, §5).
///
/// Anything a lenient parser would have to guess at is refused with 400: whitespace before a
/// colon, folded lines, control characters, a missing or repeated `Host`. (A bare LF never gets
/// here: `HTTPRequestParser` refuses it while it looks for the head's end.)
enum HTTPHeadParser {
    /// More fields than this is a 431, however short they are.
    static let maxFields = 100

    /// The request the head describes, with an empty body; `head` excludes the final CRLF CRLF,
    /// and every LF in it follows a CR.
    static func parse(_ head: ArraySlice<UInt8>) -> Result<HTTPRequest, HTTPFailure> {
        // The lines are walked in place, counted first so that too many fields is a 431 whatever
        // else is wrong (a list of the lines, and the fields' list grown one by one, were half
        // the head's allocations; Benchmarks/NOTES.md, issue 43).
        let fieldCount = head.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        guard fieldCount <= maxFields else {
            return .failure(HTTPFailure(status: 431, message: "The request has more than \(maxFields) header fields."))
        }
        var lineEnd = head.firstIndex(of: 10) ?? head.endIndex
        var request: HTTPRequest
        switch requestLine(lineEnd == head.endIndex ? head : head[head.startIndex..<lineEnd].dropLast()) {
        case .success(let parsed): request = parsed
        case .failure(let failure): return .failure(failure)
        }
        request.headers.reserveCapacity(fieldCount)
        while lineEnd < head.endIndex {
            let start = lineEnd + 1
            lineEnd = head[start...].firstIndex(of: 10) ?? head.endIndex
            // The CR before an LF is dropped (a slice, so no index can leave the head).
            switch field(lineEnd == head.endIndex ? head[start..<lineEnd] : head[start..<lineEnd].dropLast()) {
            case .success(let field): request.headers.append(field)
            case .failure(let failure): return .failure(failure)
            }
        }
        let hosts = request.headers.reduce(0) { $0 + (HTTPRequest.field($1.name, isNamed: "host") ? 1 : 0) }
        if request.minorVersion == 1, hosts != 1 {
            return .failure(bad(hosts == 0 ? "An HTTP/1.1 request needs a Host field." : "The request has more than one Host field."))
        }
        return .success(request)
    }

    /// `METHOD SP target SP HTTP/1.x`.
    private static func requestLine(_ line: ArraySlice<UInt8>) -> Result<HTTPRequest, HTTPFailure> {
        // Exactly two spaces: the method, the target and the version between them (found in
        // place; `split` made an array of the parts).
        guard let firstSpace = line.firstIndex(of: 32), let secondSpace = line[(firstSpace + 1)...].firstIndex(of: 32),
              !line[(secondSpace + 1)...].contains(32)
        else { return .failure(bad("The request line is not \"METHOD /path HTTP/1.1\".")) }
        let parts = (line[..<firstSpace], line[(firstSpace + 1)..<secondSpace], line[(secondSpace + 1)...])
        guard !parts.0.isEmpty, parts.0.allSatisfy(isTokenByte) else { return .failure(bad("The method is not a token.")) }
        guard !parts.1.isEmpty, parts.1.allSatisfy({ (33...126).contains($0) }) else {
            return .failure(bad("The request target is empty or has characters that must be percent-encoded."))
        }
        let version = String(decoding: parts.2, as: UTF8.self)
        let minor: Int
        switch version {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        default:
            if version.hasPrefix("HTTP/"), version.count == 8 {
                return .failure(HTTPFailure(status: 505, message: "\(version) is not supported; use HTTP/1.1."))
            }
            return .failure(bad("The request line does not end with HTTP/1.1 or HTTP/1.0."))
        }
        var target = String(decoding: parts.1, as: UTF8.self)
        // Absolute form (RFC 9112 §3.2.2), as proxies send it: only the path and query matter here.
        // The usual origin form ("/…") is not lowercased and searched for a scheme.
        if parts.1.first != UInt8(ascii: "/") {
            let lowered = target.lowercased()
            for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
                let rest = target.dropFirst(scheme.count)
                target = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { rest[$0...].hasPrefix("?") ? "/" + rest[$0...] : String(rest[$0...]) } ?? "/"
            }
        }
        guard target.hasPrefix("/") || target == "*" else { return .failure(bad("The request target must start with \"/\".")) }
        return .success(HTTPRequest(method: String(decoding: parts.0, as: UTF8.self), target: target, minorVersion: minor, headers: []))
    }

    /// `name: value`, the value without surrounding whitespace.
    private static func field(_ line: ArraySlice<UInt8>) -> Result<(name: String, value: String), HTTPFailure> {
        guard let first = line.first, first != 32, first != 9 else { return .failure(bad("Folded header lines are not accepted.")) }
        guard let colon = line.firstIndex(of: 58) else { return .failure(bad("A header line has no colon.")) }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            return .failure(bad("The header name \"\(String(decoding: name, as: UTF8.self))\" is not a token."))
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 32 || byte == 9 { value = value.dropFirst() }
        while let byte = value.last, byte == 32 || byte == 9 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 9 || (32...126).contains($0) || $0 >= 128 }) else {
            return .failure(bad("The header \(String(decoding: name, as: UTF8.self)) has a control character."))
        }
        // Names are stored lowercased (they are case-insensitive), so every lookup is a plain compare.
        return .success((name.withUnsafeBufferPointer { ASCII.lowercased($0) }, String(decoding: value, as: UTF8.self)))
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: return true
        default: return false
        }
    }

    private static func bad(_ message: String) -> HTTPFailure {
        HTTPFailure(status: 400, message: message)
    }
}
