import CheckoutSimSupport

extension HTTPAnswer {
    /// The head the server writes before the body: the status line, the fields, the CORS fields
    /// (added here, on the one write path, so that every response has them: routes, protocol
    /// errors and the connection-limit 503 alike), `Content-Length` and `Connection` when needed.
    /// The body follows as it is (left out for `HEAD` and 204).
    ///
    /// No `Date` field: the server has no clock whose time it may show (RFC 9110 §6.6.1 allows
    /// that), and leaving it out keeps responses byte-identical from run to run.
    func head(minorVersion: Int, keepAlive: Bool, corsOrigin: String) -> [UInt8] {
        // Appended as bytes into one buffer sized up front: building the head as a String and
        // converting it was measured to cost several times more.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 })
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        append("HTTP/1.1 ")
        append(String(status))
        bytes.append(32)
        append(Self.reason(status))
        bytes += [13, 10]
        for (name, value) in headers {
            append(name)
            bytes += [58, 32]
            append(value)
            bytes += [13, 10]
        }
        append("Access-Control-Allow-Origin: ")
        append(corsOrigin)
        bytes += [13, 10]
        if corsOrigin != "*" { append("Vary: Origin\r\n") }
        if status != 204, status >= 200 {
            append("Content-Length: ")
            append(String(body.count))
            bytes += [13, 10]
        }
        if !keepAlive {
            append("Connection: close\r\n")
        } else if minorVersion == 0 {
            append("Connection: keep-alive\r\n")
        }
        bytes += [13, 10]
        return bytes
    }

    /// Whether the body goes out after the head: not for `HEAD` requests nor for 204.
    func sendsBody(forHead: Bool) -> Bool {
        !forHead && status != 204
    }

    /// The reason phrase for a status: RFC 9110's (and RFC 6585's 429 and 431) for every status it
    /// names, since an aimed fault may answer any of them; `Status N` for one it does not.
    static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 101: return "Switching Protocols"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 203: return "Non-Authoritative Information"
        case 204: return "No Content"
        case 205: return "Reset Content"
        case 206: return "Partial Content"
        case 300: return "Multiple Choices"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 402: return "Payment Required"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 407: return "Proxy Authentication Required"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 411: return "Length Required"
        case 412: return "Precondition Failed"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 416: return "Range Not Satisfiable"
        case 417: return "Expectation Failed"
        case 421: return "Misdirected Request"
        case 422: return "Unprocessable Content"
        case 426: return "Upgrade Required"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }
}
