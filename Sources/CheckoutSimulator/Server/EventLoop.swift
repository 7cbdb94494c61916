import CheckoutSimSupport
import Foundation

/// One thread serving many connections: it waits in `poll(2)` for any of their sockets, the
/// earliest of their timers, or its wake pipe, and handles what is ready (docs/http.md,
/// "How the server works"). The server runs one loop per core; a connection stays on its loop.
///
/// poll(2) rather than epoll or kqueue: it is the one mechanism Linux and Darwin share, and the
/// loop's per-wake-up cost of walking its connections was below the noise of a request
/// (Benchmarks/NOTES.md, "Issue 43, the event-driven server").
///
/// `@unchecked Sendable`: `connections`, `descriptors` and `scratch` belong to the loop's thread;
/// other threads reach the loop only through `post`, whose inbox is locked.
final class EventLoop: @unchecked Sendable {
    /// What other threads hand a loop.
    enum Event {
        /// A newly accepted connection.
        case adopt(Int32)
        /// A route run on its own thread has finished for this connection.
        case finished(ServerConnection, Delivery)
    }

    private let wake: (read: Int32, write: Int32)
    private let inbox = Locked<[Event]>([])
    private var connections: [ServerConnection] = []
    private var descriptors: [pollfd] = []
    /// One receive buffer for every connection of the loop: an idle connection holds no buffer.
    private var scratch = [UInt8](repeating: 0, count: 16_384)
    private var sawStop = false
    /// How many times `poll` returned: what an idle server must not spend (tests read it).
    private let wakeUps = Locked(0)

    init?() {
        guard let wake = POSIXSocket.loopWakePipe() else { return nil }
        self.wake = wake
    }

    deinit {
        POSIXSocket.closeDescriptor(wake.read)
        POSIXSocket.closeDescriptor(wake.write)
    }

    /// Starts the loop's thread for `server`; it ends once the server has stopped and its
    /// connections are closed. (The thread holds the server, the loop does not: a stopped
    /// server is freed with its loops.)
    func start(for server: SimulatorServer, named name: String) {
        let thread = Thread { [self] in run(server) }
        thread.name = name
        // The engine's recursion is bounded by the request limits; 4 MiB leaves room on every
        // platform (Apple's secondary threads default to 512 KiB) and costs only address space.
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Hands the loop an event and wakes it.
    func post(_ event: Event) {
        inbox.withLock { $0.append(event) }
        wakeUp()
    }

    /// Wakes the loop (the server is stopping, or the acceptor is done).
    func wakeUp() {
        POSIXSocket.wakeAll(wake.write)
    }

    var wakeUpCount: Int { wakeUps.withLock { $0 } }

    private func run(_ server: SimulatorServer) {
        let clock = ContinuousClock()
        while true {
            for event in inbox.withLock({ events in defer { events.removeAll() }; return events }) {
                switch event {
                case .adopt(let descriptor):
                    let connection = ServerConnection(descriptor: descriptor, server: server, loop: self)
                    connections.append(connection)
                    if sawStop { connection.serverStopping() }
                case .finished(let connection, let delivery):
                    connection.finished(delivery)
                }
            }
            if !sawStop, server.isStopping {
                sawStop = true
                for connection in connections { connection.serverStopping() }
            }
            connections.removeAll { $0.isClosed }
            if sawStop, connections.isEmpty, server.acceptorIsDone, inbox.withLock({ $0.isEmpty }) { return }

            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wake.read, events: Int16(truncatingIfNeeded: POLLIN), revents: 0))
            var earliest: ContinuousClock.Instant?
            for connection in connections {
                let interest = connection.interest
                descriptors.append(pollfd(fd: interest == 0 ? -1 : connection.descriptor, events: interest, revents: 0))
                if let deadline = connection.deadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
            }
            let milliseconds = earliest.map { Int32(clamping: POSIXSocket.milliseconds(until: $0 - clock.now)) } ?? -1
            _ = POSIXSocket.waitForAny(&descriptors, milliseconds: milliseconds)
            wakeUps.withLock { $0 += 1 }
            if descriptors[0].revents != 0 { POSIXSocket.drain(wake.read) }
            let now = clock.now
            // Only the connections polled: one adopted since is not in `descriptors`.
            for index in 0..<(descriptors.count - 1) {
                let connection = connections[index]
                if descriptors[index + 1].revents != 0, !connection.isClosed { connection.ready(scratch: &scratch) }
                if let deadline = connection.deadline, deadline <= now, !connection.isClosed { connection.timerFired() }
            }
        }
    }
}
