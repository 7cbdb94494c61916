import CheckoutSimulator
import CheckoutSimSupport
import CheckoutSimCommerce
import Foundation

/// A loopback load generator for `bench --http`: keep-alive connections on their own threads,
/// each sending its next request as soon as the last response has been read, like `wrk`.
package enum HTTPLoad {
    /// What one run measured.
    package struct Result: Sendable {
        package let name: String
        package let connections: Int
        /// Responses completed in the measured window.
        package let requests: Int
        /// Responses that were not a 200 with a `Content-Length` body, or connections that failed.
        package let failures: Int
        package let seconds: Double
        package let p50Microseconds: Double
        package let p99Microseconds: Double
        package var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
    }

    /// Runs `connections` connections against `host`:`port` for `warmUp` (not recorded), then
    /// `duration`; connection `c`'s `n`th request carries `body(c, n)` in a POST to `path`.
    package static func run(
        name: String, host: String, port: Int, paths: [String], connections: Int,
        warmUp: Duration, duration: Duration, body: @escaping @Sendable (Int, Int) -> [UInt8]
    ) -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let recordFrom = start + warmUp
        let end = recordFrom + duration
        let collected = Locked(Collected())
        let done = DispatchGroup()
        for index in 0..<connections {
            done.enter()
            let thread = Thread {
                // Connection i posts to paths[i % paths.count]: with sandboxes' paths, each its own shop.
                let path = paths[index % max(1, paths.count)]
                let measured = connection(index, host: host, port: port, path: path, recordFrom: recordFrom, end: end, body: body)
                collected.withLock { $0.latencies += measured.latencies; $0.failures += measured.failures }
                done.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        done.wait()
        var all = collected.withLock { $0 }
        all.latencies.sort()
        func percentile(_ fraction: Double) -> Double {
            guard !all.latencies.isEmpty else { return 0 }
            let position = min(all.latencies.count - 1, Int((Double(all.latencies.count) * fraction).rounded(.down)))
            return Double(all.latencies[position]) / 1_000
        }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return Result(name: name, connections: connections, requests: all.latencies.count, failures: all.failures,
                      seconds: seconds, p50Microseconds: percentile(0.5), p99Microseconds: percentile(0.99))
    }

    private struct Collected {
        var latencies: [Int64] = []
        var failures = 0
    }

    /// One connection's loop; latencies in nanoseconds of the responses finished in the window.
    private static func connection(
        _ index: Int, host: String, port: Int, path: String, recordFrom: ContinuousClock.Instant, end: ContinuousClock.Instant,
        body: (Int, Int) -> [UInt8]
    ) -> Collected {
        var result = Collected()
        let clock = ContinuousClock()
        guard let descriptor = try? POSIXSocket.connected(host: host, port: port) else {
            result.failures = 1
            return result
        }
        defer { POSIXSocket.closeDescriptor(descriptor) }
        let head = Array("POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\nContent-Length: ".utf8)
        var reader = ResponseReader()
        var number = 0
        while true {
            let sent = clock.now
            guard sent < end else { break }
            let payload = body(index, number)
            number += 1
            let request = head + Array("\(payload.count)\r\n\r\n".utf8) + payload
            var offset = 0
            while offset < request.count {
                let count = POSIXSocket.sendSome(descriptor, request, from: offset)
                guard count > 0 else { result.failures += 1; return result }
                offset += count
            }
            guard reader.nextResponse(descriptor) == 200 else { result.failures += 1; return result }
            let finished = clock.now
            if sent >= recordFrom, finished <= end {
                let elapsed = (finished - sent).components
                result.latencies.append(elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
            }
        }
        return result
    }

    /// Reads one `Content-Length` response at a time from a reused buffer.
    private struct ResponseReader {
        private var buffer = [UInt8](repeating: 0, count: 256 * 1_024)
        private var start = 0
        private var end = 0

        /// The status of the next response once all of it has arrived; nil when the connection ends.
        mutating func nextResponse(_ descriptor: Int32) -> Int? {
            while true {
                if let (status, total) = complete() {
                    start += total
                    if start == end { start = 0; end = 0 }
                    return status
                }
                if start > 0 {
                    buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
                    end -= start
                    start = 0
                }
                if end == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
                let count = POSIXSocket.receive(descriptor, into: &buffer, at: end)
                guard count > 0 else { return nil }
                end += count
            }
        }

        /// The status and total length of the response at `start` when it has all arrived.
        ///
        /// Read as bytes: this runs once per response on the generator's threads, which share
        /// the cores with the server being measured.
        private func complete() -> (Int, Int)? {
            guard let headEnd = index(of: [13, 10, 13, 10], from: start) else { return nil }
            // "HTTP/1.1 200 …": the three digits after the first space.
            var status = 0
            if let space = buffer[start..<headEnd].firstIndex(of: 32), space + 3 < headEnd {
                status = buffer[(space + 1)...(space + 3)].reduce(0) { $0 * 10 + Int($1) - 48 }
            }
            var length: Int?
            var line = start
            while let lineEnd = index(of: [13, 10], from: line), lineEnd <= headEnd {
                if lineEnd - line > Self.contentLength.count,
                   zip(buffer[line...], Self.contentLength).allSatisfy({ ASCII.lowercased($0) == $1 }) {
                    length = buffer[(line + Self.contentLength.count)..<lineEnd]
                        .filter { (48...57).contains($0) }.reduce(0) { $0 * 10 + Int($1) - 48 }
                }
                line = lineEnd + 2
            }
            guard let length else { return (0, headEnd + 4 - start) }
            let total = headEnd + 4 - start + length
            return end - start >= total ? (status, total) : nil
        }

        private static let contentLength = Array("content-length:".utf8)

        /// Where `pattern` first starts at or after `from`, before `end`.
        private func index(of pattern: [UInt8], from: Int) -> Int? {
            var index = from
            while index + pattern.count <= end {
                if buffer[index] == pattern[0], buffer[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
                index += 1
            }
            return nil
        }
    }
}
