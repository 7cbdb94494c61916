/// A response the server writes: status, header fields in order, body.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// Close the connection after writing this response.
    var closes = false
    /// Write nothing and close the connection (a simulated network outage).
    var dropsConnection = false
    /// For the log: the GraphQL session and operation names, where the route has them.
    var session: String?
    var operationNames: [String] = []

    init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], closes: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closes = closes
    }

    /// A response that closes the connection without a byte.
    static var dropped: HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.dropsConnection = true
        return response
    }

    /// The status line, the fields, `Content-Length` and the body (left out for `HEAD`).
    ///
    /// No `Date` field: the server has no clock whose time it may show (RFC 9110 §6.6.1 allows
    /// that), and leaving it out keeps responses byte-identical from run to run.
    func serialized(forHead: Bool, minorVersion: Int, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers {
            text += name + ": " + value + "\r\n"
        }
        if status != 204, status >= 200 {
            text += "Content-Length: \(body.count)\r\n"
        }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if minorVersion == 0 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        var bytes = Array(text.utf8)
        if !forHead, status != 204 { bytes += body }
        return bytes
    }

    /// The reason phrase for the statuses the server sends.
    static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 417: return "Expectation Failed"
        case 422: return "Unprocessable Content"
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
