import CheckoutSimSupport
import Foundation

/// One thread serving many connections: it waits for any of their sockets (`ReadinessSet`), the
/// earliest of their timers (`LoopTimers`) or its wake pipe, and handles what is ready
/// (docs/http.md, "How the server works"). The server runs one loop per core; a connection
/// stays on its loop. A wake-up costs what is ready, not what is open: connections live in
/// slots, and only those an event touched are looked at again.
///
/// `@unchecked Sendable`: everything but the inbox belongs to the loop's thread; other threads
/// reach the loop only through `post`, whose inbox is locked.
final class EventLoop: @unchecked Sendable {
    /// What other threads hand a loop.
    enum Event {
        /// A newly accepted connection.
        case adopt(Int32)
        /// A route run on its own thread has finished for this connection.
        case finished(ServerConnection, Delivery)
        /// The server is stopping.
        case stop
    }

    /// A connection and what the loop has arranged for it.
    private struct Slot {
        var connection: ServerConnection?
        var serial: UInt64 = 0
        /// The readiness it is watched for.
        var watched: Int16 = 0
        /// Its earliest timer entry, when it has one.
        var scheduled: ContinuousClock.Instant?
    }

    private let wake: (read: Int32, write: Int32)
    private var readiness: ReadinessSet
    private let inbox = Locked<[Event]>([])
    // Only the loop's thread touches these, so release builds skip the runtime's access checks
    // on them (as `ServerConnection` does); debug builds keep them.
    #if DEBUG
    private var slots: [Slot] = []
    private var timers = LoopTimers()
    private var ready: [Int] = []
    /// One receive buffer for every connection of the loop: an idle connection holds no buffer.
    private var scratch = [UInt8](repeating: 0, count: 16_384)
    #else
    @exclusivity(unchecked) private var slots: [Slot] = []
    @exclusivity(unchecked) private var timers = LoopTimers()
    @exclusivity(unchecked) private var ready: [Int] = []
    @exclusivity(unchecked) private var scratch = [UInt8](repeating: 0, count: 16_384)
    #endif
    private var freeSlots: [Int] = []
    private var live = 0
    private var serials: UInt64 = 0
    /// Whether the loop has seen the server's `stop` event: its connections read this, not the
    /// server's locked state, so a request takes no lock to ask.
    private(set) var sawStop = false
    #if DEBUG
    /// How many times the wait returned: what an idle server must not spend (tests read it;
    /// counted in debug builds only, so a served request takes no lock for it).
    private let wakeUps = Locked(0)
    #endif
    #if DEBUG
    /// The loop's thread, once it runs (debug builds, for `assertOnLoop`).
    private var thread: pthread_t?
    #endif

    /// Nil when the wake pipe or the readiness set cannot be made (out of descriptors): the
    /// server then does not start.
    init?(mechanism: ReadinessSet.Mechanism) {
        guard let wake = POSIXSocket.loopWakePipe() else { return nil }
        guard let readiness = ReadinessSet(mechanism: mechanism, wake: wake.read) else {
            POSIXSocket.closeDescriptor(wake.read)
            POSIXSocket.closeDescriptor(wake.write)
            return nil
        }
        self.wake = wake
        self.readiness = readiness
    }

    deinit {
        readiness.close()
        POSIXSocket.closeDescriptor(wake.read)
        POSIXSocket.closeDescriptor(wake.write)
    }

    /// Starts the loop's thread for `server`; it ends once the server has stopped and its
    /// connections are closed. (The thread holds the server, the loop does not: a stopped
    /// server is freed with its loops.)
    func start(for server: any HTTPHost, named name: String) {
        Self.startThread(named: name) { [self] in run(server) }
    }

    /// Starts a thread that runs requests: the loops', and a long route's own.
    static func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
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

    /// Wakes the loop (the acceptor is done).
    func wakeUp() {
        POSIXSocket.wakeAll(wake.write)
    }

    #if DEBUG
    var wakeUpCount: Int { wakeUps.withLock { $0 } }
    #endif

    /// Traps, in debug builds, unless called on the loop's own thread: what the loop and its
    /// connections keep unchecked (their slots, timers, buffers and outputs) is touched only there.
    /// Release builds check nothing.
    @inline(__always) func assertOnLoop(file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        precondition(thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false,
                     "an event loop's state touched off its thread", file: file, line: line)
        #endif
    }

    private func run(_ server: any HTTPHost) {
        #if DEBUG
        thread = pthread_self()
        #endif
        let clock = ContinuousClock()
        // The inbox is read when the wake pipe said something was posted (and at the start), so
        // a wake-up for a socket alone takes no lock.
        var posted = true
        while true {
            let events: [Event] = posted ? inbox.withLock { events in defer { events.removeAll() }; return events } : []
            for event in events {
                switch event {
                case .adopt(let descriptor):
                    let slot = freeSlots.popLast() ?? { slots.append(Slot()); return slots.count - 1 }()
                    let connection = ServerConnection(descriptor: descriptor, server: server, loop: self, slot: slot)
                    serials += 1
                    slots[slot] = Slot(connection: connection, serial: serials)
                    live += 1
                    if sawStop { connection.serverStopping() }
                    settle(slot)
                case .finished(let connection, let delivery):
                    connection.finished(delivery)
                    settle(connection.slot)
                case .stop:
                    guard !sawStop else { break }
                    sawStop = true
                    for slot in slots.indices {
                        guard let connection = slots[slot].connection else { continue }
                        connection.serverStopping()
                        settle(slot)
                    }
                }
            }
            if sawStop, live == 0, server.acceptorIsDone, inbox.withLock({ $0.isEmpty }) { return }

            dropSupersededTimers()
            let milliseconds = timers.first.map { Int32(clamping: POSIXSocket.milliseconds(until: $0.when - clock.now)) } ?? -1
            ready.removeAll(keepingCapacity: true)
            readiness.wait(milliseconds: milliseconds, into: &ready)
            #if DEBUG
            wakeUps.withLock { $0 += 1 }
            #endif
            posted = false
            for token in ready {
                if token == ReadinessSet.wakeToken {
                    // Drained before the inbox is read (next turn): a post after that read
                    // writes the pipe again, so none is missed.
                    POSIXSocket.drain(wake.read)
                    posted = true
                } else if let connection = slots[token].connection {
                    connection.ready(scratch: &scratch)
                    settle(token)
                }
            }
            let now = clock.now
            while let entry = timers.first, entry.when <= now {
                _ = timers.removeFirst()
                guard slots[entry.slot].serial == entry.serial, let connection = slots[entry.slot].connection else { continue }
                if slots[entry.slot].scheduled == entry.when { slots[entry.slot].scheduled = nil }
                if let deadline = connection.deadline, deadline <= now { connection.timerFired() }
                settle(entry.slot)
            }
            // Entries of closed connections leave when they reach the top; when they outnumber
            // the live ones, they go at once, so a server that saw many come and go keeps a small heap.
            if timers.count > 64, timers.count > 4 * live {
                timers.keep { slots[$0.slot].serial == $0.serial && slots[$0.slot].connection != nil }
            }
        }
    }

    /// Takes the entries at the heap's top that would wake the loop for nothing — their
    /// connection has gone, or its deadline was cleared or moved later — and schedules the later
    /// deadline in their place, so an idle loop sleeps until a deadline that is real.
    private func dropSupersededTimers() {
        assertOnLoop()
        while let entry = timers.first {
            let slot = entry.slot
            if slots[slot].serial == entry.serial, let connection = slots[slot].connection,
               let deadline = connection.deadline, deadline <= entry.when {
                return
            }
            _ = timers.removeFirst()
            guard slots[slot].serial == entry.serial, slots[slot].connection != nil else { continue }
            if slots[slot].scheduled == entry.when { slots[slot].scheduled = nil }
            settle(slot)
        }
    }

    /// Brings the loop's arrangements for a slot up to date after its connection handled an
    /// event: frees the slot of a closed connection, watches for the readiness it now waits
    /// for, and schedules its deadline when it is earlier than the one scheduled.
    private func settle(_ slot: Int) {
        assertOnLoop()
        guard let connection = slots[slot].connection else { return }
        if connection.isClosed {
            readiness.forget(token: slot)
            slots[slot] = Slot()
            freeSlots.append(slot)
            live -= 1
            return
        }
        let interest = connection.interest
        if interest != slots[slot].watched {
            readiness.watch(connection.descriptor, token: slot, interest: interest, from: slots[slot].watched)
            slots[slot].watched = interest
        }
        if let deadline = connection.deadline, slots[slot].scheduled.map({ deadline < $0 }) ?? true {
            timers.add(LoopTimers.Entry(when: deadline, slot: slot, serial: slots[slot].serial))
            slots[slot].scheduled = deadline
        }
    }
}
