import CheckoutSimSupport
#if canImport(Glibc)
import Glibc
#if canImport(CEpoll)
import CEpoll
#endif
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptors one event loop watches, each under a token (its connection's slot), and the
/// wait for any of them to become ready.
///
/// `poll(2)` is the mechanism every platform has. Its cost grows with the descriptors watched,
/// ready or not: with 5,000 idle keep-alive connections, a request cost 0.8 ms of CPU. On Linux
/// `epoll` answers with only the ready ones, and that request costs what it costs alone
/// (Benchmarks/NOTES.md, "Issue 43, the event-driven server"), so Linux uses it; on Apple
/// platforms `kqueue` does the same. The interface is the same for all three; the tests run the
/// loop on poll and epoll, and the kqueue code is compiled and run only on Apple platforms,
/// which this project's CI does not have (docs/http.md#how-the-server-works).
package struct ReadinessSet {
    /// Which mechanism waits.
    package enum Mechanism: Sendable {
        case poll
        #if os(Linux)
        case epoll
        #elseif canImport(Darwin)
        case kqueue
        #endif

        /// The best the platform has.
        package static var best: Mechanism {
            #if os(Linux)
            .epoll
            #elseif canImport(Darwin)
            .kqueue
            #else
            .poll
            #endif
        }
    }

    /// The token reported for the loop's own wake pipe.
    static let wakeToken = -1
    static let readable = Int16(truncatingIfNeeded: POLLIN)
    static let writable = Int16(truncatingIfNeeded: POLLOUT)

    private let mechanism: Mechanism
    /// poll: index 0 is the wake pipe, index `token + 1` a connection (-1 when the slot is free).
    private var descriptors: [pollfd] = []
    #if os(Linux)
    private var epoll: Int32 = -1
    /// Four events a wait: a loop that took every ready connection at once served them all
    /// before looking again, and at 64 connections its p99 was 1.3× the thread-per-connection
    /// server's; four at a time brought it level (Benchmarks/NOTES.md; at 32 it stays ~1.35×).
    private var events = [epoll_event](repeating: epoll_event(), count: 4)
    #elseif canImport(Darwin)
    private var queue: Int32 = -1
    /// Four events a wait, as epoll's; a descriptor ready both ways is two of them.
    private var events = [kevent](repeating: kevent(), count: 4)
    #endif

    init?(mechanism: Mechanism, wake: Int32) {
        self.mechanism = mechanism
        switch mechanism {
        case .poll:
            descriptors = [pollfd(fd: wake, events: Self.readable, revents: 0)]
        #if os(Linux)
        case .epoll:
            epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard epoll >= 0 else { return nil }
            control(EPOLL_CTL_ADD, wake, token: Self.wakeToken, interest: Self.readable)
        #elseif canImport(Darwin)
        case .kqueue:
            queue = Darwin.kqueue()
            guard queue >= 0 else { return nil }
            change(wake, token: Self.wakeToken, filter: EVFILT_READ, add: true)
        #endif
        }
    }

    /// Closes what the set itself opened.
    func close() {
        #if os(Linux)
        if epoll >= 0 { POSIXSocket.closeDescriptor(epoll) }
        #elseif canImport(Darwin)
        if queue >= 0 { POSIXSocket.closeDescriptor(queue) }
        #endif
    }

    /// Watches `descriptor` for `interest` (0: nothing) under `token`, replacing what was watched:
    /// `from` is the interest it had (0 when new or not watched).
    mutating func watch(_ descriptor: Int32, token: Int, interest: Int16, from previous: Int16) {
        switch mechanism {
        case .poll:
            while descriptors.count <= token + 1 { descriptors.append(pollfd(fd: -1, events: 0, revents: 0)) }
            descriptors[token + 1] = pollfd(fd: interest == 0 ? -1 : descriptor, events: interest, revents: 0)
        #if os(Linux)
        case .epoll:
            // A descriptor watched for nothing is removed: epoll would still report its hang-up,
            // again and again, while its connection is not listening.
            switch (previous == 0, interest == 0) {
            case (true, true): break
            case (true, false): control(EPOLL_CTL_ADD, descriptor, token: token, interest: interest)
            case (false, true): control(EPOLL_CTL_DEL, descriptor, token: token, interest: 0)
            case (false, false): control(EPOLL_CTL_MOD, descriptor, token: token, interest: interest)
            }
        #elseif canImport(Darwin)
        case .kqueue:
            // One filter per direction, added or deleted as the interest in it changes.
            for (bit, filter) in [(Self.readable, EVFILT_READ), (Self.writable, EVFILT_WRITE)] where (previous & bit != 0) != (interest & bit != 0) {
                change(descriptor, token: token, filter: filter, add: interest & bit != 0)
            }
        #endif
        }
    }

    /// Forgets a slot whose descriptor was closed (epoll and kqueue forget a closed descriptor by themselves).
    mutating func forget(token: Int) {
        if case .poll = mechanism, token + 1 < descriptors.count {
            descriptors[token + 1] = pollfd(fd: -1, events: 0, revents: 0)
        }
    }

    /// Waits until something is ready or `milliseconds` pass (-1: no limit), and appends the
    /// tokens that are ready to `ready`.
    mutating func wait(milliseconds: Int32, into ready: inout [Int]) {
        switch mechanism {
        case .poll:
            guard POSIXSocket.waitForAny(&descriptors, milliseconds: milliseconds) > 0 else { return }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                ready.append(index - 1)
            }
        #if os(Linux)
        case .epoll:
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), milliseconds) }
            for index in 0..<max(0, Int(count)) {
                ready.append(Int(Int64(bitPattern: events[index].data.u64)))
            }
        #elseif canImport(Darwin)
        case .kqueue:
            var limit = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
            let count = events.withUnsafeMutableBufferPointer { buffer in
                milliseconds < 0
                    ? Darwin.kevent(queue, nil, 0, buffer.baseAddress, Int32(buffer.count), nil)
                    : Darwin.kevent(queue, nil, 0, buffer.baseAddress, Int32(buffer.count), &limit)
            }
            let first = ready.count
            for index in 0..<max(0, Int(count)) {
                // A descriptor ready both ways is reported once, as epoll and poll report it.
                let token = Int(bitPattern: events[index].udata)
                if !ready[first...].contains(token) { ready.append(token) }
            }
        #endif
        }
    }

    #if os(Linux)
    private func control(_ operation: Int32, _ descriptor: Int32, token: Int, interest: Int16) {
        var event = epoll_event()
        event.events = (interest & Self.readable != 0 ? EPOLLIN.rawValue : 0) | (interest & Self.writable != 0 ? EPOLLOUT.rawValue : 0)
        event.data.u64 = UInt64(bitPattern: Int64(token))
        _ = epoll_ctl(epoll, operation, descriptor, &event)
    }
    #elseif canImport(Darwin)
    /// Adds (level-triggered) or deletes the `filter` of `descriptor`, its token in the event's
    /// user data; a failure (deleting what is gone) is ignored, as epoll's are.
    private func change(_ descriptor: Int32, token: Int, filter: Int32, add: Bool) {
        var event = kevent(
            ident: UInt(descriptor), filter: Int16(filter), flags: UInt16(add ? EV_ADD : EV_DELETE), fflags: 0, data: 0,
            udata: UnsafeMutableRawPointer(bitPattern: token))
        _ = Darwin.kevent(queue, &event, 1, nil, 0, nil)
    }
    #endif
}
