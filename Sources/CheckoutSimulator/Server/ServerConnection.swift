import CheckoutSimSupport
import Foundation

/// One client connection, served on its own thread: read, parse, answer, write, until either side closes.
///
/// Timers (docs/http.md): a request's line and headers must arrive within `headerTimeout` of its
/// first byte (of the connection's start, for the first request), its body within `bodyTimeout`
/// of the head; both end with 408 and a close. Between requests a connection may idle for
/// `idleTimeout`, then it is closed without a word, as clients expect of keep-alive.
struct ServerConnection {
    let descriptor: Int32
    let server: SimulatorServer
    private var buffer: [UInt8] = []
    private var cursor = 0
    private var parser: HTTPRequestParser
    private var scratch = [UInt8](repeating: 0, count: 16_384)

    init(descriptor: Int32, server: SimulatorServer) {
        self.descriptor = descriptor
        self.server = server
        self.parser = HTTPRequestParser(limits: server.parserLimits)
    }

    private enum Waiting {
        /// Between requests: nothing of the next one has arrived.
        case idle
        case head
        case body
    }

    mutating func run() {
        let clock = ContinuousClock()
        var waiting = Waiting.head
        var deadline = clock.now + server.configuration.headerTimeout
        var sentContinue = false
        // A connection waiting for a request with nothing of it read may be closed to admit another.
        var registeredIdle = true
        server.connectionIsIdle(descriptor)
        while true {
            switch parser.next(buffer, cursor: &cursor) {
            case .request(let request):
                compact()
                let started = clock.now
                let peer = ConnectionPeer(descriptor: descriptor, server: server)
                let delivery = server.respond(to: request, peer: peer)
                guard let (answer, truncated, rate) = delivery.written else {
                    // A simulated outage or a dropped request: the connection closes without a
                    // byte (an outage resets it, as an unreachable network does).
                    if case .unreachable = delivery { POSIXSocket.resetOnClose(descriptor) }
                    server.log(request, nil, bytes: 0, duration: clock.now - started)
                    return
                }
                let keepAlive = request.keepsAlive && !server.isStopping && !truncated
                var body = answer.sendsBody(forHead: request.method == "HEAD") ? answer.body : []
                // A truncated answer promises its whole body's length, sends half of it, then closes.
                if truncated { body = Array(body.prefix(body.count / 2)) }
                let head = answer.head(minorVersion: request.minorVersion, keepAlive: keepAlive, corsOrigin: server.configuration.corsOrigin)
                let sent: Bool
                if let rate, server.beginSlowWrite() {
                    sent = write(head, body, bytesPerSecond: rate, peer: peer)
                    server.endSlowWrite()
                } else {
                    sent = write(head, body)
                }
                server.log(request, answer, bytes: body.count, duration: clock.now - started)
                if truncated { return }
                guard sent, keepAlive else { return }
                sentContinue = false
                waiting = cursor < buffer.count ? .head : .idle
                if waiting == .idle {
                    server.connectionIsIdle(descriptor)
                    registeredIdle = true
                }
                deadline = clock.now + (waiting == .idle ? server.configuration.idleTimeout : server.configuration.headerTimeout)
                continue
            case .failure(let failure):
                reject(failure)
                return
            case .needMore:
                break
            }
            if parser.isReadingBody, waiting != .body {
                waiting = .body
                deadline = clock.now + server.configuration.bodyTimeout
                if let expectation = parser.head?.header("expect") {
                    guard expectation.lowercased() == "100-continue" else {
                        reject(HTTPFailure(status: 417, message: "Only \"Expect: 100-continue\" is understood."))
                        return
                    }
                    if !sentContinue, parser.head?.minorVersion == 1 {
                        sentContinue = true
                        guard write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
                    }
                }
            }
            let milliseconds = POSIXSocket.milliseconds(until: deadline - clock.now)
            switch POSIXSocket.waitUntilReady(descriptor, wake: server.wake.read, milliseconds: milliseconds) {
            case .wake:
                // Stopping: an idle connection closes now; one mid-request is not a response in flight.
                return
            case .timeout:
                guard clock.now >= deadline else { continue }
                if waiting != .idle {
                    reject(HTTPFailure(status: 408, message: waiting == .head
                        ? "The request's headers did not arrive in time."
                        : "The request's body did not arrive in time."))
                }
                return
            case .ready:
                if registeredIdle {
                    guard server.connectionIsBusy(descriptor) else { return }
                    registeredIdle = false
                }
                let count = POSIXSocket.receive(descriptor, into: &scratch)
                guard count > 0 else { return }
                buffer.append(contentsOf: scratch[0..<count])
                if waiting == .idle {
                    waiting = .head
                    deadline = clock.now + server.configuration.headerTimeout
                }
            }
        }
    }

    /// Drops the bytes already parsed, keeping any pipelined request that follows.
    private mutating func compact() {
        if cursor == buffer.count {
            // A connection that once carried a large body should not keep its buffer while idle.
            buffer.removeAll(keepingCapacity: buffer.capacity <= 65_536)
        } else {
            buffer.removeSubrange(0..<cursor)
        }
        cursor = 0
    }

    /// Answers a request that cannot be served, then the connection closes.
    private func reject(_ failure: HTTPFailure) {
        let answer = HTTPAnswer.graphQLError(failure.message, status: failure.status)
        _ = write(answer.head(minorVersion: 1, keepAlive: false, corsOrigin: server.configuration.corsOrigin), answer.body)
        server.logRejection(failure)
    }

    /// Writes all of `head` then `body`; false when the peer went away or stopped reading for `bodyTimeout`.
    private func write(_ head: [UInt8], _ body: [UInt8] = []) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + server.configuration.bodyTimeout
        var offset = 0
        while offset < head.count + body.count {
            let count = POSIXSocket.sendSome(descriptor, head, body, from: offset, dontWait: true)
            if count > 0 {
                offset += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK, clock.now < deadline else { return false }
            // The wake pipe is left out: a response already started is finished even while stopping.
            _ = POSIXSocket.waitUntilReady(descriptor, forWriting: true, wake: -1, milliseconds: 100)
        }
        return true
    }

    /// Writes `head` at once, then `body` at `bytesPerSecond`, a tenth of a second's worth at a
    /// time (docs/control.md#faults, `slow`). A client that leaves ends it; a stopping server, or
    /// the end of `slowWriteLimit`, has the rest written at once.
    private func write(_ head: [UInt8], _ body: [UInt8], bytesPerSecond: Int, peer: ConnectionPeer) -> Bool {
        guard write(head) else { return false }
        let clock = ContinuousClock()
        let deadline = clock.now + server.configuration.slowWriteLimit
        let chunk = max(1, bytesPerSecond / 10)
        let pause = Int(Int64(chunk) * 1_000_000_000 / Int64(bytesPerSecond))
        var offset = 0
        while offset < body.count {
            let next = min(body.count, offset + chunk)
            guard write(Array(body[offset..<next])) else { return false }
            offset = next
            guard offset < body.count else { break }
            guard clock.now < deadline else { return write(Array(body[offset...])) }
            switch peer.pause(nanoseconds: pause) {
            case .elapsed: continue
            case .peerGone: return false
            case .stopping: return write(Array(body[offset...]))
            }
        }
        return true
    }
}
