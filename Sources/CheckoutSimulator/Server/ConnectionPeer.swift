import CheckoutSimSupport

/// The client at the other end of one connection, as a route handling its request sees it.
///
/// A route that waits (an injected latency) or works for long (a posted scenario) asks it
/// whether to go on: the wait ends early when the server stops, and is abandoned when the
/// client has gone, so a client that resets its connection frees its thread at once.
struct ConnectionPeer: Sendable {
    let descriptor: Int32
    let server: SimulatorServer

    /// How a pause ended.
    enum PauseEnd: Equatable {
        case elapsed
        /// The server is stopping: the wait was cut short.
        case stopping
        /// The client closed or reset its connection.
        case peerGone
    }

    /// Waits `nanoseconds`, watching the client and the server's stop.
    ///
    /// Once the client has sent more bytes (a pipelined request), readiness no longer tells of a
    /// hang-up, so the rest of the wait watches only the stop.
    func pause(nanoseconds: Int) -> PauseEnd {
        let clock = ContinuousClock()
        let deadline = clock.now + .nanoseconds(nanoseconds)
        var watched = descriptor
        while true {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return .elapsed }
            switch POSIXSocket.waitUntilReady(watched, wake: server.wake.read, milliseconds: POSIXSocket.milliseconds(until: remaining)) {
            case .timeout: continue
            case .wake: return .stopping
            case .ready:
                if POSIXSocket.peerHasClosed(descriptor) { return .peerGone }
                watched = -1
            }
        }
    }

    /// True when the client has closed or reset its connection (one system call, no wait).
    var hasGone: Bool {
        POSIXSocket.peerHasClosed(descriptor)
    }

    /// True when the client has closed or reset its connection, or the server is stopping.
    var shouldStop: Bool {
        server.isStopping || hasGone
    }
}
