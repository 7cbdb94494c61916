import CheckoutSimSupport
import Foundation

/// One client connection as its event loop serves it: a state machine that reads, parses,
/// answers and writes, never blocking, until either side closes.
///
/// Timers (docs/http.md): a request's line and headers must arrive within `headerTimeout` of its
/// first byte (of the connection's start, for the first request), its body within `bodyTimeout`
/// of the head; both end with 408 and a close. Between requests a connection may idle for
/// `idleTimeout`, then it is closed without a word, as clients expect of keep-alive. A response
/// the client does not read within `bodyTimeout` is abandoned.
///
/// `@unchecked Sendable`: only its loop's thread touches it. A route run on a thread of its own
/// hands its delivery back through the loop's inbox and never touches the connection. Debug
/// builds check it: every entry point and `advance` trap off the loop's thread (`assertOnLoop`).
final class ServerConnection: @unchecked Sendable {
    let descriptor: Int32
    /// The server it runs in, as the HTTP core sees it.
    let server: any HTTPHost
    /// The loop serving it, which a route run on its own thread hands the delivery to.
    private let loop: EventLoop
    /// Its place in the loop's table.
    let slot: Int
    private let clock = ContinuousClock()
    // Only the loop's thread touches a connection, so release builds skip the runtime's access
    // checks on what every request changes in place (a call in and out of its access set each,
    // a dozen a request; Benchmarks/NOTES.md, issue 43). Debug builds, which the tests run, keep them.
    #if DEBUG
    private var buffer: [UInt8] = []
    private var cursor = 0
    private var parser: HTTPRequestParser
    #else
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    @exclusivity(unchecked) private var cursor = 0
    @exclusivity(unchecked) private var parser: HTTPRequestParser
    #endif
    private var sentContinue = false
    /// What the server's tables list it as while a request arrives (an idle or a reading one
    /// may be closed to admit another): told when its request is whole, or when it is not all here
    /// after a read, so a request that comes in one read takes one lock take, not two.
    private var listed = ConnectionListing.nothing
    /// Whether a response is being slowed in one of the server's slots for that.
    private var holdsSlowSlot = false
    /// Whether the server's stalled table lists it: an answer waited for the client to read, and
    /// the connection has not been idle since.
    private var registeredStalled = false
    private(set) var state = State.reading(.head)
    // `pending`: the request a route is working on or a latency delays (`working`, `delaying`).
    // `output`: what is being written (`writing`, `pacing`), kept apart from `state` so that
    // writing changes it in place: carried in the state, it was copied at every step.
    #if DEBUG
    private var pending: Exchange?
    private var output: Output?
    #else
    @exclusivity(unchecked) private var pending: Exchange?
    @exclusivity(unchecked) private var output: Output?
    #endif
    /// When the current state ends by itself: a timeout, the end of a latency or a pacing pause.
    private(set) var deadline: ContinuousClock.Instant?
    private(set) var isClosed = false

    enum Waiting {
        /// Between requests: nothing of the next one has arrived.
        case idle
        case head
        case body
    }

    enum State {
        case reading(Waiting)
        /// A route runs on a thread of its own; the loop gets its delivery through its inbox.
        case working
        /// An injected latency, then `then` delivers; `watchesPeer` until the client sends more
        /// (then readiness no longer tells of a hang-up).
        case delaying(then: @Sendable () -> Delivery, watchesPeer: Bool)
        /// `output` is being written; the loop waits for the socket to take more.
        case writing
        /// A slowed response between two chunks of `output`.
        case pacing(watchesPeer: Bool)
    }

    /// The request being answered and when it was read.
    struct Exchange {
        let request: HTTPRequest
        let started: ContinuousClock.Instant
    }

    /// What is being written and what follows it.
    struct Output {
        var head: [UInt8]
        var body: [UInt8]
        var offset = 0
        /// The answer's request, or nil for a refusal (the connection then closes).
        var response: Response?
        /// The rest of a slowed body, written a chunk at a time.
        var paced: Paced?
    }

    struct Response {
        let exchange: Exchange
        let answer: HTTPAnswer
        let bodyBytes: Int
        let keepAlive: Bool
        let truncated: Bool
    }

    struct Paced {
        var rest: ArraySlice<UInt8>
        let chunk: Int
        let pause: Duration
        /// After this the rest is written at once (`slowWriteLimit`).
        let limit: ContinuousClock.Instant
    }

    init(descriptor: Int32, server: any HTTPHost, loop: EventLoop, slot: Int) {
        self.descriptor = descriptor
        self.server = server
        self.loop = loop
        self.slot = slot
        self.parser = HTTPRequestParser(limits: server.parserLimits)
        loop.assertOnLoop()
        // A connection waiting for a request with nothing of it read may be closed to admit another.
        server.connectionIsIdle(descriptor)
        listed = .idle
        deadline = clock.now + server.connectionSettings.headerTimeout
    }

    /// The readiness the connection waits for now (0: none, only its deadline).
    var interest: Int16 {
        switch state {
        case .reading, .delaying(_, watchesPeer: true), .pacing(watchesPeer: true): ReadinessSet.readable
        case .writing: ReadinessSet.writable
        case .working, .delaying, .pacing: 0
        }
    }

    // MARK: Events from the loop

    /// The socket is ready for what `interest` asked (or has an error or a hang-up).
    func ready(scratch: inout [UInt8]) {
        loop.assertOnLoop()
        switch state {
        case .reading(let waiting):
            // A connection closed to admit another reads its end (or nothing) here, then closes.
            let count = POSIXSocket.receive(descriptor, into: &scratch)
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            guard count > 0 else { return close() }
            buffer.append(contentsOf: scratch[0..<count])
            if waiting == .idle {
                state = .reading(.head)
                deadline = clock.now + server.connectionSettings.headerTimeout
            }
            advance()
        case .delaying(let then, _):
            if POSIXSocket.peerHasClosed(descriptor) { return drop() }
            state = .delaying(then: then, watchesPeer: false)
        case .pacing:
            if POSIXSocket.peerHasClosed(descriptor) { return finish(sent: false) }
            state = .pacing(watchesPeer: false)
        case .writing:
            advance()
        case .working:
            break
        }
    }

    /// The deadline has passed.
    func timerFired() {
        loop.assertOnLoop()
        deadline = nil
        switch state {
        case .reading(.idle):
            close()
        case .reading(let waiting):
            reject(HTTPFailure(status: 408, message: waiting == .head
                ? "The request's headers did not arrive in time."
                : "The request's body did not arrive in time."))
        case .delaying(let then, _):
            deliver(then())
        case .writing:
            // The client stopped reading.
            finish(sent: false)
        case .pacing:
            nextChunk(all: clock.now >= (output?.paced?.limit ?? clock.now))
        case .working:
            break
        }
        advance()
    }

    /// The server began stopping: a connection waiting for a request closes (one mid-request is
    /// not a response in flight), a latency ends now, a slowed response is written at once.
    func serverStopping() {
        loop.assertOnLoop()
        switch state {
        case .reading: close()
        case .delaying(let then, _): deliver(then())
        case .pacing: nextChunk(all: true)
        case .writing, .working: break
        }
        advance()
    }

    /// A route run on its own thread has its delivery.
    func finished(_ delivery: Delivery) {
        loop.assertOnLoop()
        guard case .working = state else { return }
        deliver(delivery)
        advance()
    }

    // MARK: Reading and answering

    /// Parses and answers what the buffer holds, and writes what is pending, until the
    /// connection must wait (for bytes, for the socket, for a timer or a route's thread).
    private func advance() {
        loop.assertOnLoop()
        while !isClosed {
            switch state {
            case .reading(let waiting):
                switch parser.next(buffer, cursor: &cursor) {
                case .request(let request):
                    compact()
                    guard server.requestArrived(descriptor, listed: listed) else { return close() }
                    listed = .nothing
                    answer(request)
                case .failure(let failure):
                    reject(failure)
                case .needMore:
                    if listed == .idle, waiting != .idle {
                        // Begun, not all here: a slow head may make room for newcomers.
                        guard server.connectionIsBusy(descriptor) else { return close() }
                        listed = .reading
                    }
                    guard parser.isReadingBody, waiting != .body else { return }
                    state = .reading(.body)
                    deadline = clock.now + server.connectionSettings.bodyTimeout
                    guard let expectation = parser.head?.header("expect") else { return }
                    guard expectation.lowercased() == "100-continue" else {
                        return reject(HTTPFailure(status: 417, message: "Only \"Expect: 100-continue\" is understood."))
                    }
                    if !sentContinue, parser.head?.minorVersion == 1 {
                        sentContinue = true
                        // Nothing else is being written, so the socket takes these 25 bytes at once.
                        let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                        guard POSIXSocket.sendSome(descriptor, interim, from: 0, dontWait: true) == interim.count else { return close() }
                    }
                    return
                }
            case .writing:
                guard flush() else { return }
            case .working, .delaying, .pacing:
                return
            }
        }
    }

    private func answer(_ request: HTTPRequest) {
        pending = Exchange(request: request, started: clock.now)
        deadline = nil
        switch server.respond(to: request, peer: ConnectionPeer(descriptor: descriptor, server: server)) {
        case .now(let delivery):
            deliver(delivery)
        case .after(let nanoseconds, let then):
            guard !loop.sawStop else { return deliver(then()) }
            state = .delaying(then: then, watchesPeer: true)
            deadline = clock.now + .nanoseconds(nanoseconds)
        case .onOwnThread(let work):
            state = .working
            EventLoop.startThread(named: "checkout-sim route") { [loop, self] in loop.post(.finished(self, work())) }
        }
    }

    /// Writes the delivery for the pending request.
    private func deliver(_ delivery: Delivery) {
        guard let exchange = pending, let (answer, truncated, rate) = delivery.written else {
            // A simulated outage or a dropped request: the connection closes without a byte
            // (an outage resets it, as an unreachable network does).
            if case .unreachable = delivery { POSIXSocket.resetOnClose(descriptor) }
            return drop()
        }
        pending = nil
        let request = exchange.request
        let keepAlive = request.keepsAlive && !loop.sawStop && !truncated
        var body = answer.sendsBody(forHead: request.method == "HEAD") ? answer.body : []
        // A truncated answer promises its whole body's length, sends half of it, then closes.
        if truncated { body = Array(body.prefix(body.count / 2)) }
        let head = answer.head(minorVersion: request.minorVersion, keepAlive: keepAlive, corsOrigin: server.connectionSettings.corsOrigin)
        let response = Response(exchange: exchange, answer: answer, bodyBytes: body.count, keepAlive: keepAlive, truncated: truncated)
        if answer.nanosecondsBeforeDeferredParts > 0, let start = answer.deferredPartsStart, start <= body.count, server.beginSlowWrite() {
            holdsSlowSlot = true
            // docs/apollo.md#defer: a latency met by an answer in parts waits before its deferred
            // parts (before all of it, head included, when it came whole). The wait is a pacing pause.
            let wait = Duration.nanoseconds(Int64(answer.nanosecondsBeforeDeferredParts))
            let (now, later): ([UInt8], ArraySlice<UInt8>) = start == 0 ? ([], (head + body)[...]) : (Array(body[..<start]), body[start...])
            let paced = Paced(rest: later, chunk: max(1, later.count), pause: wait, limit: clock.now + wait + server.connectionSettings.slowWriteLimit)
            startWriting(Output(head: start == 0 ? [] : head, body: now, response: response, paced: paced))
        } else if let rate, !body.isEmpty, server.beginSlowWrite() {
            holdsSlowSlot = true
            // docs/control.md#faults, `slow`: the head at once, then a tenth of a second's worth at a time.
            let chunk = max(1, rate / 10)
            let paced = Paced(
                rest: body[...], chunk: chunk, pause: .nanoseconds(Int64(chunk) * 1_000_000_000 / Int64(rate)),
                limit: clock.now + server.connectionSettings.slowWriteLimit)
            startWriting(Output(head: head, body: [], response: response, paced: paced))
        } else {
            startWriting(Output(head: head, body: body, response: response))
        }
    }

    /// Answers a request that cannot be served, then the connection closes.
    private func reject(_ failure: HTTPFailure) {
        let answer = HTTPAnswer.graphQLError(failure.message, status: failure.status)
        server.logRejection(failure)
        startWriting(Output(head: answer.head(minorVersion: 1, keepAlive: false, corsOrigin: server.connectionSettings.corsOrigin), body: answer.body))
    }

    /// The pending request is not answered: the connection closes without a byte.
    private func drop() {
        if let exchange = pending { server.log(exchange.request, nil, bytes: 0, duration: clock.now - exchange.started) }
        pending = nil
        close()
    }

    // MARK: Writing

    private func startWriting(_ next: Output) {
        output = next
        state = .writing
        deadline = clock.now + server.connectionSettings.bodyTimeout
    }

    /// Writes what the socket takes; true when the state moved on (the output is written).
    private func flush() -> Bool {
        guard output != nil else { return true }
        // Read in place (`output!`): a copy of the output would retain its arrays at every step.
        while output!.offset < output!.head.count + output!.body.count {
            let count = POSIXSocket.sendSome(descriptor, output!.head, output!.body, from: output!.offset, dontWait: true)
            if count > 0 {
                output!.offset += count
                continue
            }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                // The client is not reading: the connection may make room for a newcomer.
                if !registeredStalled {
                    registeredStalled = true
                    server.connectionIsStalled(descriptor)
                }
                return false
            }
            finish(sent: false)
            return true
        }
        if let paced = output?.paced, !paced.rest.isEmpty {
            if loop.sawStop || clock.now >= paced.limit {
                nextChunk(all: true)
            } else {
                state = .pacing(watchesPeer: true)
                deadline = clock.now + paced.pause
            }
            return true
        }
        finish(sent: true)
        return true
    }

    /// Moves the next chunk of a slowed body (or all the rest) into the output and writes it.
    private func nextChunk(all: Bool) {
        guard var paced = output?.paced else { return }
        let take = all ? paced.rest.count : min(paced.chunk, paced.rest.count)
        let chunk = Array(paced.rest.prefix(take))
        paced.rest = paced.rest.dropFirst(take)
        startWriting(Output(head: [], body: chunk, response: output?.response, paced: paced))
    }

    /// The output's response ended (written whole, or abandoned): log it, then wait for the
    /// next request or close.
    private func finish(sent: Bool) {
        releaseSlowSlot()
        let response = output?.response
        output = nil
        guard let response else { return close() }
        server.log(response.exchange.request, response.answer, bytes: response.bodyBytes, duration: clock.now - response.exchange.started)
        guard sent, response.keepAlive, !response.truncated, !loop.sawStop else { return close() }
        sentContinue = false
        if cursor < buffer.count {
            state = .reading(.head)
            deadline = clock.now + server.connectionSettings.headerTimeout
        } else {
            state = .reading(.idle)
            deadline = clock.now + server.connectionSettings.idleTimeout
            // Listed as idle, and off the stalled table in the same lock take.
            server.connectionIsIdle(descriptor)
            listed = .idle
            registeredStalled = false
        }
    }

    private func releaseSlowSlot() {
        guard holdsSlowSlot else { return }
        holdsSlowSlot = false
        server.endSlowWrite()
    }

    /// Drops the bytes already parsed, keeping any pipelined request that follows.
    private func compact() {
        if cursor == buffer.count {
            // A connection that once carried a large body should not keep its buffer while idle.
            buffer.removeAll(keepingCapacity: buffer.capacity <= 65_536)
        } else {
            buffer.removeSubrange(0..<cursor)
        }
        cursor = 0
    }

    /// Closes the connection; its loop forgets it.
    func close() {
        loop.assertOnLoop()
        guard !isClosed else { return }
        isClosed = true
        deadline = nil
        releaseSlowSlot()
        // Out of the idle table before the descriptor closes, so it is never shut down once its
        // number is reused.
        server.connectionClosed(descriptor)
        POSIXSocket.closeDescriptor(descriptor)
    }
}
