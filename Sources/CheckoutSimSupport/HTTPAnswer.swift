/// One HTTP answer, the same value on every transport: status, header fields in order, body bytes.
///
/// The GraphQL-over-HTTP handler and the server's routes make it; the socket writer, the URL
/// protocol and scenarios read it as it is. The body is the response document the executor wrote,
/// shared, never copied on the way (`ARCHITECTURE.md`, "One request from socket to socket").
package struct HTTPAnswer: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// The header fields, in the order they are written.
    package var headers: [(name: String, value: String)]
    /// The body's bytes.
    package var body: [UInt8]
    /// For the request log: the GraphQL session the request ran in, when the route has one.
    package var session: String?
    /// For the request log: the operation names the request gave (`-` for an unnamed one in a batch).
    package var operationNames: [String] = []
    /// Where a multipart answer's deferred parts start in `body` (docs/apollo.md#defer); nil for
    /// any other answer.
    package var deferredPartsStart: Int?
    /// A latency fault met by an answer that may come in parts: the transport writes what comes
    /// before the deferred parts (nothing, for an answer that came whole), waits this long, then
    /// writes the rest. 0: no wait.
    package var nanosecondsBeforeDeferredParts = 0

    /// The answer with `nanoseconds` of latency between its initial part and its deferred parts,
    /// or, when it came whole, before all of it.
    package func waitingBeforeDeferredParts(_ nanoseconds: Int) -> HTTPAnswer {
        var answer = self
        answer.nanosecondsBeforeDeferredParts = nanoseconds
        if answer.deferredPartsStart == nil { answer.deferredPartsStart = 0 }
        return answer
    }

    /// An answer with `status`, `headers` and `body`.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
