import Dispatch
import Foundation
import Testing
@testable import CheckoutSimSupport

/// `Locked`, which tries its lock before sleeping on it: every access is still exclusive.
struct LockedTests {
    /// Four threads add to one counter at once, each addition a read and a write apart, so any
    /// two additions that overlapped would lose one; none is lost, whether a waiter got the
    /// lock by trying or by sleeping.
    @Test func contendedAdditionsAreNeverLost() {
        let counter = Locked(0)
        let threads = 4
        let additions = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<additions {
                counter.withLock { value in
                    let read = value
                    value = read &+ 1
                }
            }
        }
        #expect(counter.withLock { $0 } == threads * additions)
    }

    /// A holder that keeps the lock past every try: the waiter sleeps, then gets it.
    @Test func aWaiterPastItsTriesStillGetsTheLock() {
        let order = Locked<[String]>([])
        let held = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            order.withLock { value in
                held.signal()
                // Far longer than `spinLimit` tries take.
                Thread.sleep(forTimeInterval: 0.05)
                value.append("holder")
            }
        }
        held.wait()
        DispatchQueue.global().async {
            order.withLock { $0.append("waiter") }
            done.signal()
        }
        done.wait()
        #expect(order.withLock { $0 } == ["holder", "waiter"])
    }
}
