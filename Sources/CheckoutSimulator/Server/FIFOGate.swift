import CheckoutSimSupport
import CheckoutSimCommerce
import Dispatch

/// Lets at most `capacity` threads through at once, the others in the order they arrived.
///
/// The server runs a thread per connection; without a gate, 32 busy connections mean 32
/// runnable threads on a 2-core machine, and the one holding the simulator's lock is often
/// preempted while the rest wait for it. Letting only as many requests compute as there are
/// cores, first come first served, keeps the tail close to the median.
final class FIFOGate: Sendable {
    private struct State {
        var active = 0
        var waiting: [DispatchSemaphore] = []
        var head = 0
    }

    private let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many threads are waiting for a place.
    var waitingCount: Int {
        state.withLock { $0.waiting.count - $0.head }
    }

    /// Runs `body` once a place is free, then hands the place to the longest waiter.
    func pass<Result>(_ body: () -> Result) -> Result {
        let turn = state.withLock { state -> DispatchSemaphore? in
            if state.active < capacity {
                state.active += 1
                return nil
            }
            let semaphore = DispatchSemaphore(value: 0)
            state.waiting.append(semaphore)
            return semaphore
        }
        turn?.wait()
        defer { leave() }
        return body()
    }

    private func leave() {
        let next = state.withLock { state -> DispatchSemaphore? in
            guard state.head < state.waiting.count else {
                state.active -= 1
                return nil
            }
            let next = state.waiting[state.head]
            state.head += 1
            if state.head > 64, state.head * 2 > state.waiting.count {
                state.waiting.removeFirst(state.head)
                state.head = 0
            }
            return next
        }
        // The place passes straight to the next waiter: `active` stays as it is.
        next?.signal()
    }
}
