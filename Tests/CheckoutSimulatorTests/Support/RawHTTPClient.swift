import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to the test server over a real loopback socket, for the edge cases URLSession
/// will not produce: malformed heads, pipelining, trickled bytes, stalls.
final class RawHTTPClient {
    struct Response {
        let status: Int
        let head: String
        let body: String
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let descriptor: Int32
    private var pending: [UInt8] = []

    /// `timeout` stretches under a sanitizer (`Sanitizers.slowdown`).
    init(port: Int, timeout: Double = 5) throws {
        let timeout = timeout * Sanitizers.slowdown
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // The descriptor is closed by deinit, which runs for an initializer that throws once every
        // property is set: closing it here too closed whatever had reused its number meanwhile
        // (once, an event loop's epoll descriptor in a server of another test).
        guard status == 0 else { throw Failure(description: "connect failed: \(errno)") }
        var interval = timeval()
        interval.tv_sec = .init(timeout)
        interval.tv_usec = .init(timeout.truncatingRemainder(dividingBy: 1) * 1_000_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Leaves without reading: the connection is reset (RST), as a client that gives up does.
    func abort() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let count = bytes.withUnsafeBytes { Glibc_send(descriptor, $0.baseAddress! + offset, $0.count - offset, flags) }
            guard count > 0 else { throw Failure(description: "send failed: \(errno)") }
            offset += count
        }
    }

    /// Reads more bytes; false at end of stream or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        pending += chunk[0..<count]
        return true
    }

    /// The next response (for `HEAD`, pass `bodyless`); throws when the connection ends first.
    func response(bodyless: Bool = false) throws -> Response {
        while true {
            if let end = headEnd() {
                let head = String(decoding: pending[0..<end], as: UTF8.self)
                let statusCode = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
                let probe = Response(status: statusCode, head: head, body: "")
                let length = bodyless || statusCode == 204 || statusCode < 200 ? 0 : Int(probe.header("content-length") ?? "0") ?? 0
                while pending.count < end + 4 + length {
                    guard fill() else { throw Failure(description: "connection ended inside a body") }
                }
                let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                pending.removeFirst(end + 4 + length)
                return Response(status: statusCode, head: head, body: body)
            }
            guard fill() else { throw Failure(description: "connection ended or timed out before a response; got \(String(decoding: pending, as: UTF8.self))") }
        }
    }

    /// Reads until what came holds `text`; throws when the connection ends or times out first.
    func read(through text: String) throws {
        let wanted = Array(text.utf8)
        while !pending.indices.contains(where: { pending[$0...].starts(with: wanted) }) {
            guard fill() else { throw Failure(description: "no \(text) before the connection ended or timed out; got \(String(decoding: pending, as: UTF8.self))") }
        }
    }

    /// True when the server closes the connection (reads end) before `timeout`'s worth of silence.
    func isClosedByServer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
            pending += chunk[0..<count]
        }
    }

    private func headEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0...(pending.count - 4) where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index
        }
        return nil
    }
}

#if canImport(Glibc)
private let Glibc_send = Glibc.send
#else
private let Glibc_send = Darwin.send
#endif
