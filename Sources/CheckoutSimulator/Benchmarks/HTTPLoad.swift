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
        name: String, host: String, port: Int, path: String, connections: Int,
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
        private func complete() -> (Int, Int)? {
            guard end - start >= 4 else { return nil }
            var index = start
            while index + 3 < end {
                if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { break }
                index += 1
            }
            guard index + 3 < end else { return nil }
            let head = String(decoding: buffer[start..<index], as: UTF8.self)
            let lines = head.split(separator: "\r\n")
            let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
            let length = lines.dropFirst().lazy.compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first
            guard let length else { return (0, index + 4 - start) }
            let total = index + 4 - start + length
            return end - start >= total ? (status, total) : nil
        }
    }
}
