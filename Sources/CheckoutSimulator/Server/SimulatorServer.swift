import CheckoutSimSupport
import Foundation

/// The HTTP server of docs/http.md as a value: GraphQL over HTTP, the control API and the playground.
///
/// ```swift
/// let server = try await SimulatorServer.start(sim, port: 0)   // a free port
/// let endpoint = server.url                                    // http://127.0.0.1:PORT/graphql
/// await server.stop()
/// ```
///
/// Connections are served by event loops, one per core, each waiting on all of its connections
/// at once (`EventLoop`; epoll on Linux, poll(2) elsewhere; docs/http.md "How the server
/// works"): a client that stalls mid-request, an injected latency or a slowed response is a
/// timer, costing no thread and no CPU, and never delays another. At most `maxConnections` are open; an idle one costs a few
/// hundred bytes. Requests still run one at a time in the simulator; reading, parsing,
/// validating and writing happen outside its lock.
public final class SimulatorServer: Sendable, HTTPHost {
    /// The most bytes of responses one `POST /__sim/scenario` run may read, `repeat` rounds
    /// included (docs/http.md, "The server under pressure").
    static let maxScenarioResponseBytes = 256 << 20

    /// The server's limits and behaviour; the defaults are docs/http.md's.
    public struct Configuration: Sendable {
        /// The `Access-Control-Allow-Origin` every response carries.
        public var corsOrigin = "*"
        /// How long a client may take to send a request's line and headers (then 408).
        public var headerTimeout: Duration = .seconds(10)
        /// How long a client may take to send a body, or to read a response (then 408 / close).
        public var bodyTimeout: Duration = .seconds(30)
        /// How long a keep-alive connection may sit idle between requests.
        public var idleTimeout: Duration = .seconds(60)
        /// At this many open connections, a new one closes the longest-idle keep-alive connection
        /// to get in; only when none is idle does it get 503.
        public var maxConnections = 256
        /// The most requests one `POST /__sim/scenario` run may send, `repeat` rounds included.
        public var maxScenarioSends = 10_000
        /// The longest a `slow` fault may stretch one response; then the rest is written at once.
        public var slowWriteLimit: Duration = .seconds(30)
        /// The most sandboxes besides `default` (docs/http.md#sandboxes); one more is 429.
        public var maxSandboxes = 64
        /// The Storefront access token requests to `/api/VERSION/graphql.json` must carry
        /// (`serve --storefront-token`); nil accepts any (docs/storefront.md).
        public var storefrontToken: String?
        /// Run on each new sandbox's simulator before it answers (`serve --preload`).
        public var prepareSandbox: (@Sendable (Simulator) -> Void)?
        /// How the event loops wait: the platform's best (epoll on Linux, else poll); tests
        /// run the server on poll too.
        package var readiness = ReadinessSet.Mechanism.best
        /// Called once per request, after its response is written (the `serve` command's log).
        public var log: (@Sendable (RequestLog) -> Void)?

        /// docs/http.md's limits, no log.
        public init() {}
    }

    /// One request as the log shows it.
    public struct RequestLog: Sendable, CustomStringConvertible {
        /// The method and the path, without the query.
        public let method: String, path: String
        /// The status sent, 0 when the connection was dropped (network offline).
        public let status: Int
        /// The body bytes sent.
        public let bytes: Int
        /// From the request's last byte to the response's last byte.
        public let duration: Duration
        /// The session the request ran in; `-` for routes without one.
        public let session: String
        /// The operation names the request gave (several for a batch).
        public let operationNames: [String]

        /// `POST /graphql 200 1234B 0.41ms session=default op=Products`.
        public var description: String {
            let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
            let milliseconds = String(microseconds / 1_000) + "." + String(microseconds % 1_000 / 10 + 100).dropFirst()
            let names = operationNames.isEmpty ? "-" : operationNames.joined(separator: ",")
            return "\(method) \(path) \(status) \(bytes)B \(milliseconds)ms session=\(session) op=\(names)"
        }
    }

    /// Why a server could not start.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        /// What kind of problem it was.
        public enum Code: String, Sendable {
            /// The address cannot be resolved or bound (in use, not permitted, out of range).
            case cannotListen
        }
        /// The kind of problem.
        public let code: Code
        /// What went wrong, naming the host and port.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// The simulator answering every request.
    public let simulator: Simulator
    /// The address the server listens on, as given.
    public let host: String
    /// The port it listens on (the one the system picked, when started with port 0).
    public let port: Int
    let configuration: Configuration
    let parserLimits = HTTPRequestParser.Limits()
    let connectionSettings: ConnectionSettings
    private let listener: Int32
    /// Written once on stop and never drained: the acceptor wakes up.
    private let wake: (read: Int32, write: Int32)
    /// The event loops serving the connections, one per core.
    private let loops: [EventLoop]
    private let life = Locked(Life())
    /// The root routes' shop: the sandbox `default`, over `simulator`.
    let root: Sandbox
    /// The other sandboxes, made on first use.
    let sandboxes = Locked(SandboxTable())
    /// The root shop's network faults.
    var network: Locked<NetworkConditions> { root.network }

    private struct Life {
        var open = 0
        /// Keep-alive connections waiting for their next request, by descriptor, with the order
        /// in which they became idle (a counter, not a clock: the smallest waited longest).
        var idle: [Int32: UInt64] = [:]
        var idleOrder: UInt64 = 0
        /// Idle connections shut down to admit a newcomer, until their thread sees it.
        var evicted: Set<Int32> = []
        /// Connections whose request's head is arriving (its first bytes came, its head has not
        /// ended), in the order their heads began: at the limit with none idle, the oldest makes
        /// room, so clients that send their heads a byte at a time cannot hold every slot.
        var reading: [Int32: UInt64] = [:]
        /// Connections whose answer waits for the client to read (the socket's send buffer is
        /// full), in the order they began waiting: at the limit with none idle and no head
        /// arriving, the oldest makes room, so clients that never read cannot hold every slot.
        var stalled: [Int32: UInt64] = [:]
        /// Responses being written slowly (a `slow` fault) right now.
        var slowed = 0
        var stopping = false
        var acceptorDone = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// How many responses may be slowed at once: all connections but an eighth (at least 4), so
    /// slowed responses can never take the last slots that `/healthz` and the control call that
    /// clears the fault need (docs/http.md, "The server under pressure").
    var maxSlowed: Int { max(0, configuration.maxConnections - max(4, configuration.maxConnections / 8)) }

    /// Takes a slot for a slowed response; false when `maxSlowed` are slowed already (the response
    /// is then written at full speed).
    func beginSlowWrite() -> Bool {
        life.withLock { life in
            guard life.slowed < maxSlowed else { return false }
            life.slowed += 1
            return true
        }
    }

    /// How many responses are being slowed now.
    package var slowedCount: Int {
        life.withLock { $0.slowed }
    }

    /// Gives back a slowed response's slot.
    func endSlowWrite() {
        life.withLock { $0.slowed -= 1 }
    }

    /// Starts a server for `simulator` on `host` and `port` (0 picks a free one); it is ready when this returns.
    public static func start(
        _ simulator: Simulator, host: String = "127.0.0.1", port: Int = 4000, configuration: Configuration = Configuration()
    ) async throws(StartError) -> SimulatorServer {
        try SimulatorServer(simulator: simulator, host: host, port: port, configuration: configuration)
    }

    package init(simulator: Simulator, host: String, port: Int, configuration: Configuration) throws(StartError) {
        let bound: (descriptor: Int32, port: Int)
        do {
            bound = try POSIXSocket.listening(host: host, port: port)
        } catch {
            throw StartError(code: .cannotListen, message: error.message)
        }
        // Every loop, or no server: one that cannot wait would leave its share of clients unanswered.
        let made = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount)).map { _ in EventLoop(mechanism: configuration.readiness) }
        let loops = made.compactMap { $0 }
        guard loops.count == made.count, let wake = POSIXSocket.wakePipe() else {
            POSIXSocket.closeDescriptor(bound.descriptor)
            throw StartError(code: .cannotListen, message: "cannot create the server's wake-up pipes")
        }
        self.simulator = simulator
        self.root = Sandbox(name: "default", simulator: simulator)
        self.host = host
        self.port = bound.port
        self.configuration = configuration
        connectionSettings = ConnectionSettings(
            headerTimeout: configuration.headerTimeout, bodyTimeout: configuration.bodyTimeout, idleTimeout: configuration.idleTimeout,
            slowWriteLimit: configuration.slowWriteLimit, corsOrigin: configuration.corsOrigin)
        self.listener = bound.descriptor
        self.wake = wake
        self.loops = loops
        for (index, loop) in loops.enumerated() { loop.start(for: self, named: "checkout-sim loop \(index)") }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "checkout-sim accept"
        thread.start()
    }

    deinit {
        POSIXSocket.closeDescriptor(wake.read)
        POSIXSocket.closeDescriptor(wake.write)
    }

    /// The GraphQL endpoint, `http://HOST:PORT/graphql`.
    public var url: URL {
        URL(string: "\(baseURL)/graphql")!
    }

    /// `http://HOST:PORT`, with an IPv6 host in brackets.
    public var baseURL: String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// The network faults applied to `/graphql` requests (set over HTTP by `/__sim/network`).
    public var networkConditions: NetworkConditions {
        get { network.withLock { $0 } }
    }

    /// Replaces the network faults for later `/graphql` requests.
    public func setNetworkConditions(_ conditions: NetworkConditions) {
        network.withLock { $0 = conditions }
    }

    /// Stops accepting, lets every response in progress finish, closes idle connections, and
    /// returns when every connection is closed.
    public func stop() async {
        beginStopping()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = life.withLock { life -> Bool in
                if life.open == 0, life.acceptorDone { return true }
                life.waiters.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
    }

    /// Stops accepting and wakes every waiting connection, at once and without an async
    /// context (latency waits end, idle connections close); `stop` then waits for the rest.
    package func beginStopping() {
        life.withLock { life in
            guard !life.stopping else { return }
            life.stopping = true
            POSIXSocket.wakeAll(wake.write)
        }
        for loop in loops { loop.post(.stop) }
    }

    /// Stops as `stop` does, blocking until every connection is closed or `limit` has passed
    /// (for the command line, which has no async context and must exit in bounded time).
    package func stopAndWait(writingFor limit: Duration) {
        // Begun here, not in the task: a busy task pool must not delay the stop itself.
        beginStopping()
        let done = DispatchSemaphore(value: 0)
        Task { [self] in
            await stop()
            done.signal()
        }
        _ = done.wait(timeout: .now() + .nanoseconds(limit.clampedNanoseconds))
    }

    var isStopping: Bool {
        life.withLock { $0.stopping }
    }

    /// True once the acceptor has handed over its last connection (a loop may then end).
    var acceptorIsDone: Bool {
        life.withLock { $0.acceptorDone }
    }

    #if DEBUG
    /// How many times the event loops have woken up, all told (an idle server's must not grow;
    /// debug builds count them, for the tests).
    package var loopWakeUps: Int {
        loops.reduce(0) { $0 + $1.wakeUpCount }
    }
    #endif

    private func acceptLoop() {
        var next = 0
        while !isStopping {
            switch POSIXSocket.waitUntilReady(listener, wake: wake.read, milliseconds: -1) {
            case .wake, .timeout: continue
            case .ready: break
            }
            guard let descriptor = POSIXSocket.acceptConnection(listener) else {
                // Out of descriptors, or the peer left before we got to it: back off briefly
                // instead of spinning on a listener that stays readable.
                Thread.sleep(forTimeInterval: 0.01)
                continue
            }
            let admitted = life.withLock { life -> Bool in
                guard !life.stopping else { return false }
                if life.open >= configuration.maxConnections {
                    // At the limit, the longest-idle keep-alive connection makes room (docs/http.md), so
                    // idle clients can never lock everyone out; with none idle, the one whose request
                    // head has been arriving longest does, so slow senders cannot either; then the one
                    // whose answer has waited longest for its client to read, so clients that never
                    // read cannot. Only when every connection is running, delayed or writing to a
                    // client that reads is it a 503. Its loop sees the shutdown and closes it, so
                    // `open` is briefly one over.
                    if let oldest = Self.takeOldest(&life.idle) {
                        life.evicted.insert(oldest)
                        POSIXSocket.shutDown(oldest)
                    } else if let oldest = Self.takeOldest(&life.reading) ?? Self.takeOldest(&life.stalled) {
                        POSIXSocket.shutDown(oldest)
                    } else {
                        return false
                    }
                }
                life.open += 1
                return true
            }
            guard admitted else {
                refuse(descriptor)
                continue
            }
            POSIXSocket.makeNonBlocking(descriptor)
            // Round robin: connections spread evenly over the loops, and each stays on its own.
            loops[next].post(.adopt(descriptor))
            next = (next + 1) % loops.count
        }
        POSIXSocket.closeDescriptor(listener)
        finish { $0.acceptorDone = true }
        for loop in loops { loop.wakeUp() }
    }

    /// Takes the connection listed first (the smallest order) off `table`; nil when it is empty.
    private static func takeOldest(_ table: inout [Int32: UInt64]) -> Int32? {
        guard let oldest = table.min(by: { $0.value < $1.value })?.key else { return nil }
        table[oldest] = nil
        return oldest
    }

    /// Answers a connection past the limit with 503 without waiting for it, and closes it.
    private func refuse(_ descriptor: Int32) {
        let answer = HTTPAnswer.graphQLError("The server has \(configuration.maxConnections) open connections; try again.", status: 503)
        _ = POSIXSocket.sendSome(
            descriptor, answer.head(minorVersion: 1, keepAlive: false, corsOrigin: configuration.corsOrigin), answer.body, from: 0, dontWait: true)
        POSIXSocket.closeDescriptor(descriptor)
    }

    func connectionClosed(_ descriptor: Int32) {
        finish { life in
            life.open -= 1
            life.idle[descriptor] = nil
            life.evicted.remove(descriptor)
            life.reading[descriptor] = nil
            life.stalled[descriptor] = nil
        }
    }

    /// Records that a keep-alive connection waits for its next request: it may be closed to admit another.
    /// Its answers all written, it waits for its client no longer: it leaves the stalled table.
    func connectionIsIdle(_ descriptor: Int32) {
        life.withLock { life in
            life.idleOrder += 1
            life.idle[descriptor] = life.idleOrder
            life.stalled[descriptor] = nil
        }
    }

    /// How many connections wait for their next request now (a connection counts once its loop
    /// has finished writing its last response, a moment after the client read it).
    var idleConnectionCount: Int {
        life.withLock { $0.idle.count }
    }

    /// Records that an idle connection's next request has begun arriving and is not all here;
    /// false when it was closed to admit another (the connection then ends).
    func connectionIsBusy(_ descriptor: Int32) -> Bool {
        life.withLock { life in
            guard Self.leftIdle(descriptor, &life) else { return false }
            life.idleOrder += 1
            life.reading[descriptor] = life.idleOrder
            return true
        }
    }

    /// Takes a connection off the idle table; false when it was closed to admit another.
    private static func leftIdle(_ descriptor: Int32, _ life: inout Life) -> Bool {
        life.idle.removeValue(forKey: descriptor) != nil || life.evicted.remove(descriptor) == nil
    }

    /// How many connections are receiving a request head now (docs/http.md#the-server-under-pressure).
    var readingConnectionCount: Int {
        life.withLock { $0.reading.count }
    }

    /// Records that a connection's request has arrived whole: it no longer makes room for
    /// newcomers. False when it was closed to admit another meanwhile (it then ends, unanswered).
    /// A request that comes whole in one read takes one lock, here, and none before.
    func requestArrived(_ descriptor: Int32, listed: ConnectionListing) -> Bool {
        switch listed {
        case .nothing:
            return true
        case .idle:
            return life.withLock { Self.leftIdle(descriptor, &$0) }
        case .reading:
            life.withLock { $0.reading[descriptor] = nil }
            return true
        }
    }

    /// Records that a connection's answer waits for its client to read (its socket's send buffer
    /// is full): until its answers are all written and it is idle, or it closes, it may be closed
    /// to admit another, in the order it first waited (a client that pipelines and never reads
    /// keeps its place however many of its answers the kernel takes meanwhile).
    func connectionIsStalled(_ descriptor: Int32) {
        life.withLock { life in
            life.idleOrder += 1
            life.stalled[descriptor] = life.idleOrder
        }
    }

    /// How many connections' answers wait for their clients to read now.
    var stalledConnectionCount: Int {
        life.withLock { $0.stalled.count }
    }

    private func finish(_ change: (inout Life) -> Void) {
        let waiters = life.withLock { life -> [CheckedContinuation<Void, Never>] in
            change(&life)
            guard life.open == 0, life.acceptorDone else { return [] }
            defer { life.waiters = [] }
            return life.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
