import Foundation

/// A value behind a lock, for code that must run on macOS 13 / iOS 16, where
/// `Synchronization.Mutex` (macOS 15 / iOS 18) is not available.
///
/// `@unchecked Sendable`: every access to `value` goes through `withLock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    // The lock is what makes each access exclusive, so release builds skip the runtime's own
    // check, which was a call in and out of its access set for every lock taken (a dozen a
    // served request; Benchmarks/NOTES.md, issue 43). Debug builds keep it.
    #if DEBUG
    private var value: Value
    #else
    @exclusivity(unchecked) private var value: Value
    #endif

    /// `value`, behind a new lock.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
