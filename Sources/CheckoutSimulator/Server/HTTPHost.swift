import CheckoutSimSupport

/// What the HTTP core — the event loops (`EventLoop`), their connections (`ServerConnection`) and
/// the request parser — asks of the server it runs in (docs/http.md#how-the-server-works): its
/// limits and timers, an answer for each request, the connection table's bookkeeping, the slots
/// for slowed answers and the request log. The core knows nothing else: routes, shops, sandboxes
/// and dialects are behind `respond(to:peer:)`. `SimulatorServer` is the one host.
protocol HTTPHost: AnyObject, Sendable {
    /// How large a request may be.
    var parserLimits: HTTPRequestParser.Limits { get }
    /// The connections' timers and the CORS origin every answer's head names.
    var connectionSettings: ConnectionSettings { get }
    /// Whether the server is stopping (a long route asks, through its peer).
    var isStopping: Bool { get }
    /// Whether the acceptor has stopped handing out connections (a loop ends after it).
    var acceptorIsDone: Bool { get }

    /// The answer to `request`, now, after a delay, or from a thread of its own.
    func respond(to request: HTTPRequest, peer: ConnectionPeer) -> RouteReply

    /// The connection table (the acceptor makes room with it: docs/http.md#the-server-under-pressure).
    func connectionIsIdle(_ descriptor: Int32)
    /// False when the connection was closed to admit another meanwhile.
    func requestArrived(_ descriptor: Int32, listed: ConnectionListing) -> Bool
    /// False when the connection was closed to admit another meanwhile.
    func connectionIsBusy(_ descriptor: Int32) -> Bool
    func connectionIsStalled(_ descriptor: Int32)
    func connectionClosed(_ descriptor: Int32)

    /// Takes one of the slots for slowed answers; false when they are all taken.
    func beginSlowWrite() -> Bool
    func endSlowWrite()

    /// The request log: one line per request answered (or dropped), and each refused request.
    func log(_ request: HTTPRequest, _ answer: HTTPAnswer?, bytes: Int, duration: Duration)
    func logRejection(_ failure: HTTPFailure)
}

/// A connection's timers and the CORS origin its answers name (docs/http.md#http11).
struct ConnectionSettings: Sendable {
    var headerTimeout: Duration
    var bodyTimeout: Duration
    var idleTimeout: Duration
    var slowWriteLimit: Duration
    var corsOrigin: String
}

/// What the connection table lists of a connection whose request has now arrived whole:
/// nothing (a request pipelined behind the last), the connection as idle (the whole request
/// came in one read), or as receiving a head (it came in several).
enum ConnectionListing {
    case nothing, idle, reading
}
