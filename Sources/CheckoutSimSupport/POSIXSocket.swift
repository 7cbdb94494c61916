#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX socket calls the server makes, with the platforms' differences kept here.
///
/// Every descriptor is close-on-exec, so a process a test or an app spawns never inherits the
/// listening socket. Sends never raise `SIGPIPE`: a peer that goes away is an error return.
package enum POSIXSocket {
    /// Why a socket could not be opened or bound.
    package struct Failure: Error, Sendable {
        package let message: String
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #elseif canImport(Musl)
    private static let streamType = SOCK_STREAM
    private static let sendFlags = MSG_NOSIGNAL
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// A listening socket bound to `host` (a numeric address or a name such as `localhost`) and
    /// `port` (0 for a free one), and the port it got.
    package static func listening(host: String, port: Int, backlog: Int32 = 512) throws(Failure) -> (descriptor: Int32, port: Int) {
        guard (0...65_535).contains(port) else { throw Failure(message: "port \(port) is out of range (0–65535)") }
        let descriptor = try firstSocket(host: host, port: port, passive: true, doing: "listen on") { descriptor, info in
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            return bind(descriptor, info.ai_addr, info.ai_addrlen) == 0 && listen(descriptor, backlog) == 0
        }
        return (descriptor, boundPort(descriptor) ?? port)
    }

    /// A blocking socket connected to `host`:`port`, with Nagle's algorithm off (for the load
    /// generator of `bench --http`).
    package static func connected(host: String, port: Int) throws(Failure) -> Int32 {
        let descriptor = try firstSocket(host: host, port: port, passive: false, doing: "connect to") { descriptor, info in
            connect(descriptor, info.ai_addr, info.ai_addrlen) == 0
        }
        setUpConnection(descriptor)
        return descriptor
    }

    /// The first of `host`'s addresses on which a new stream socket passes `setUp`; the socket
    /// is close-on-exec. `doing` words the error ("listen on", "connect to").
    private static func firstSocket(
        host: String, port: Int, passive: Bool, doing: String, setUp: (Int32, addrinfo) -> Bool
    ) throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = passive ? AI_PASSIVE : 0
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw Failure(message: "cannot resolve host \"\(host)\": \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError: Int32 = 0
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, streamType, 0)
            guard descriptor >= 0 else { lastError = errno; continue }
            closeOnExec(descriptor)
            if setUp(descriptor, info.pointee) { return descriptor }
            lastError = errno
            close(descriptor)
        }
        throw Failure(message: "cannot \(doing) \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// The port a bound socket got.
    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        default:
            return nil
        }
    }

    /// The next connection, set up for small, prompt responses; nil when accepting failed.
    package static func acceptConnection(_ listener: Int32) -> Int32? {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        closeOnExec(descriptor)
        setUpConnection(descriptor)
        return descriptor
    }

    /// How many bytes of answers a connection's socket holds for a peer that is not reading:
    /// past it, writes wait, so the connection stops parsing and answering the requests queued
    /// behind (docs/http.md#the-server-under-pressure). Without it the kernel took megabytes, and a
    /// client that pipelined requests and never read had them all answered (30 such clients kept
    /// both loops busy for seconds).
    package static let sendBufferBytes: Int32 = 32 * 1024

    /// Messages are written in one piece, so Nagle's algorithm would only hold them back; the
    /// send buffer is bounded (`sendBufferBytes`); on Darwin, a write to a closed peer returns an
    /// error instead of raising SIGPIPE.
    private static func setUpConnection(_ descriptor: Int32) {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var sendBuffer = sendBufferBytes
        setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// What `waitUntilReady` saw.
    package enum Readiness: Equatable {
        case ready, wake, timeout
    }

    /// `poll`'s timeout for what is left until a deadline: whole milliseconds rounded up (so a
    /// wait never ends just before its deadline and spins), 0 once it has passed.
    package static func milliseconds(until remaining: Duration) -> Int {
        guard remaining > .zero else { return 0 }
        return Int(remaining.components.seconds) * 1_000 + Int(remaining.components.attoseconds / 1_000_000_000_000_000) + 1
    }

    /// Waits until `descriptor` can be read (or written, with `forWriting`), `wake` becomes
    /// readable, or `milliseconds` pass.
    package static func waitUntilReady(_ descriptor: Int32, forWriting: Bool = false, wake: Int32, milliseconds: Int) -> Readiness {
        let events = Int16(truncatingIfNeeded: forWriting ? POLLOUT : POLLIN)
        var fds = [pollfd(fd: descriptor, events: events, revents: 0), pollfd(fd: wake, events: Int16(truncatingIfNeeded: POLLIN), revents: 0)]
        let result = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, 2, milliseconds < 0 ? -1 : Int32(clamping: milliseconds)) }
        if result < 0 { return errno == EINTR ? .timeout : .ready }
        if result == 0 { return .timeout }
        // An error or hang-up on the connection counts as ready: the next read or write reports it.
        if fds[0].revents != 0 { return .ready }
        return .wake
    }

    /// Reads up to `buffer.count` bytes; 0 at end of stream, negative on error.
    package static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Reads into `buffer` from `offset` up to its end; 0 at end of stream, negative on error.
    package static func receive(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + offset, $0.count - offset, 0) }
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Writes what it can of `bytes` from `offset`; the number written, or negative on error.
    package static func sendSome(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int, dontWait: Bool = false) -> Int {
        while true {
            let flags = sendFlags | (dontWait ? Int32(MSG_DONTWAIT) : 0)
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, flags) }
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Writes what it can of `head` then `body`, from `offset` counted across both, in one call
    /// (a response's head and body leave together without being copied into one buffer); the
    /// number written, or negative on error.
    package static func sendSome(_ descriptor: Int32, _ head: [UInt8], _ body: [UInt8], from offset: Int, dontWait: Bool = false) -> Int {
        guard offset < head.count else { return sendSome(descriptor, body, from: offset - head.count, dontWait: dontWait) }
        guard !body.isEmpty else { return sendSome(descriptor, head, from: offset, dontWait: dontWait) }
        let flags = sendFlags | (dontWait ? Int32(MSG_DONTWAIT) : 0)
        return head.withUnsafeBytes { head in
            body.withUnsafeBytes { body in
                // Two vectors on the stack: a response is written without a heap allocation.
                withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { vectors in
                    vectors[0] = iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress! + offset), iov_len: head.count - offset)
                    vectors[1] = iovec(iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress!), iov_len: body.count)
                    var message = msghdr()
                    message.msg_iov = vectors.baseAddress
                    message.msg_iovlen = 2
                    while true {
                        let count = sendmsg(descriptor, &message, flags)
                        if count < 0, errno == EINTR { continue }
                        return count
                    }
                }
            }
        }
    }

    /// A pipe whose read end `waitUntilReady` watches: writing to it wakes every waiter (it is never drained).
    package static func wakePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard ends.withUnsafeMutableBufferPointer({ pipe($0.baseAddress!) }) == 0 else { return nil }
        closeOnExec(ends[0])
        closeOnExec(ends[1])
        return (ends[0], ends[1])
    }

    /// A pipe for waking an event loop: both ends non-blocking, so a wake never blocks its
    /// sender (a full pipe already means "wake up") and the loop drains it without waiting.
    package static func loopWakePipe() -> (read: Int32, write: Int32)? {
        guard let ends = wakePipe() else { return nil }
        makeNonBlocking(ends.read)
        makeNonBlocking(ends.write)
        return ends
    }

    /// Reads everything waiting in a non-blocking pipe.
    package static func drain(_ descriptor: Int32) {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Makes reads and writes on `descriptor` return at once (`EAGAIN`) instead of waiting.
    package static func makeNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Waits until one of `descriptors` is ready or `milliseconds` pass (-1: no limit); the
    /// number ready, 0 on a timeout or an interrupted wait.
    package static func waitForAny(_ descriptors: inout [pollfd], milliseconds: Int32) -> Int {
        let result = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        return max(0, Int(result))
    }

    /// Writes one byte to a wake pipe.
    package static func wakeAll(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Makes the coming close reset the connection (a zero linger time sends RST instead of
    /// FIN), as a network that drops out does; clients report it at once as a lost connection.
    package static func resetOnClose(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Whether the peer has closed its end: true after its FIN or a reset, false while the
    /// connection is open (bytes waiting to be read, such as a pipelined request, count as open).
    package static func peerHasClosed(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        while true {
            let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
            if count < 0, errno == EINTR { continue }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
            return count == 0
        }
    }

    /// Shuts both directions of a connection without closing its descriptor: a thread blocked
    /// in `poll` on it wakes, and its next read sees the end (the descriptor stays its to close).
    package static func shutDown(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes a descriptor.
    package static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    private static func closeOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
}
