import CheckoutSimulator
import CheckoutSimCommerce
import Foundation
import CheckoutSimGraphQL

/// One measured case: its name, the timings and how many iterations ran.
package struct BenchmarkResult: Sendable {
    /// The case name, as `bench --json` prints it.
    package let name: String
    /// The median time of one iteration, in microseconds.
    package let medianMicroseconds: Double
    /// The 99th-percentile time of one iteration, in microseconds.
    package let p99Microseconds: Double
    /// How many timed iterations ran.
    package let iterations: Int
    /// For a request case measured with `bench --no-cache`: the median and p99 when every
    /// iteration parses and validates its document as a cold request does; nil otherwise.
    package internal(set) var uncached: (medianMicroseconds: Double, p99Microseconds: Double)?

    /// `{"case": NAME, "median_us": …, "p99_us": …, "iterations": …}`, with `uncached_median_us`
    /// and `uncached_p99_us` after `median_us` and `p99_us` when the case was also measured uncached.
    package var json: JSON {
        var object = JSONObject([
            ("case", .string(name)), ("median_us", .double(Self.rounded(medianMicroseconds))),
            ("p99_us", .double(Self.rounded(p99Microseconds))),
        ])
        if let uncached {
            object.append("uncached_median_us", .double(Self.rounded(uncached.medianMicroseconds)))
            object.append("uncached_p99_us", .double(Self.rounded(uncached.p99Microseconds)))
        }
        object.append("iterations", .int(iterations))
        return .object(object)
    }

    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}

/// Times closures with a monotonic clock: warm-up, then timed iterations, median and p99.
package struct BenchmarkTimer {
    /// How many timed iterations ran.
    package let iterations: Int

    /// A timer running `iterations` timed iterations per case (at least one).
    package init(iterations: Int) {
        self.iterations = max(1, iterations)
    }

    /// Measures a request case through the document cache, then, when `uncached`, again with
    /// `body` told to bypass it (each with its own warm-up).
    func measureRequest(
        _ name: String, iterations override: Int? = nil, uncached: Bool, setUp: () -> Void = {},
        _ body: (Simulator.DocumentCaching) -> Void
    ) -> BenchmarkResult {
        var result = measure(name, iterations: override, setUp: setUp) { body(.reuse) }
        if uncached {
            let cold = measure(name, iterations: override, setUp: setUp) { body(.bypass) }
            result.uncached = (cold.medianMicroseconds, cold.p99Microseconds)
        }
        return result
    }

    /// Runs `setUp` and `body` for warm-up, then times `body` alone; `override` lowers the iteration count for slow cases.
    /// A run of fewer than five iterations (a smoke test's `--iterations 1`) has no warm-up: its
    /// figures say only that the case runs.
    package func measure(_ name: String, iterations override: Int? = nil, setUp: () -> Void = {}, _ body: () -> Void) -> BenchmarkResult {
        let count = override.map { min($0, iterations) } ?? iterations
        let clock = ContinuousClock()
        for _ in 0..<(count < 5 ? 0 : max(1, min(count / 10, 100))) {
            setUp()
            body()
        }
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            setUp()
            let start = clock.now
            body()
            let elapsed = clock.now - start
            samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        }
        samples.sort()
        let median = samples.count % 2 == 1 ? samples[samples.count / 2] : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
        let p99 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)]
        return BenchmarkResult(name: name, medianMicroseconds: median, p99Microseconds: p99, iterations: count)
    }
}

/// Reads the process's peak resident set size, in MB (Linux `VmHWM`); nil where unavailable.
package func peakResidentMegabytes() -> Double? {
    processStatusMegabytes("VmHWM").map { ($0 * 10).rounded() / 10 }
}

/// A kilobyte figure of Linux's `/proc/self/status` (`VmHWM`, `VmRSS`), in MB; nil elsewhere.
func processStatusMegabytes(_ key: String) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
        if let kilobytes = Double(line.filter(\.isNumber)) { return kilobytes / 1024 }
    }
    return nil
}
