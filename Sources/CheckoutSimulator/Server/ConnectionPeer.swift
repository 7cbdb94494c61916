import CheckoutSimSupport

/// The client at the other end of one connection, as a route handling its request sees it.
///
/// A route that works for long (a posted scenario, a GraphQL request being executed) asks it
/// whether to go on, so a client that resets its connection stops the work at once.
struct ConnectionPeer: Sendable {
    let descriptor: Int32
    let server: any HTTPHost

    /// True when the client has closed or reset its connection (one system call, no wait).
    var hasGone: Bool {
        POSIXSocket.peerHasClosed(descriptor)
    }

    /// True when the client has closed or reset its connection, or the server is stopping.
    var shouldStop: Bool {
        server.isStopping || hasGone
    }
}
