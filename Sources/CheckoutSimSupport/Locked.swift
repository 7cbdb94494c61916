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

    #if DEBUG
    /// The thread inside `withLock` now, nil when none is (debug builds, for `assertHeld`).
    /// Written only under the lock; a thread that reads it without holding the lock is the
    /// breach `assertHeld` reports (and ThreadSanitizer too).
    private var holder: pthread_t?
    #endif

    /// `value`, behind a new lock.
    package init(_ value: Value) {
        self.value = value
    }

    /// How many times `withLock` tries the lock before it sleeps on it.
    static var spinLimit: Int { 8192 }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        // Tries for a while before sleeping: the server's loops take the same shop's lock for a
        // request's few tens of microseconds, and a waiter put to sleep and woken again cost two
        // context switches and futex calls, more than the wait itself (Benchmarks/NOTES.md, issue
        // 43: listing requests/s at 64 connections rose by a third or more). Every 64 tries it
        // yields its core, so a client or another thread on a full machine still runs; past
        // `spinLimit` tries it sleeps, so a long request keeps no waiter spinning.
        var tries = 1
        while !lock.try() {
            tries += 1
            if tries > Self.spinLimit {
                lock.lock()
                break
            }
            if tries % 64 == 0 { sched_yield() }
        }
        #if DEBUG
        holder = pthread_self()
        defer {
            holder = nil
            lock.unlock()
        }
        #else
        defer { lock.unlock() }
        #endif
        return try body(&value)
    }

    /// Traps, in debug builds, unless the calling thread is inside `withLock` — for a value
    /// that lends out a class whose state the lock guards (`ShopState`). Release builds check
    /// nothing.
    @inline(__always)
    package func assertHeld(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        precondition(holder.map { pthread_equal($0, pthread_self()) != 0 } ?? false, "\(what()) outside its lock", file: file, line: line)
        #endif
    }
}
