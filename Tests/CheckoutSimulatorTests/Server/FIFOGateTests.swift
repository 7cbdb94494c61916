import Foundation
import Testing
@testable import CheckoutSimulator

/// The gate in front of the server's GraphQL work: a bound on concurrency, first come first served.
@Suite struct FIFOGateTests {
    private final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private(set) var most = 0
        private(set) var order: [Int] = []
        func enter(_ id: Int) { lock.lock(); inside += 1; most = max(most, inside); order.append(id); lock.unlock() }
        func leave() { lock.lock(); inside -= 1; lock.unlock() }
        var snapshot: (most: Int, order: [Int]) { lock.lock(); defer { lock.unlock() }; return (most, order) }
    }

    @Test(arguments: [1, 2, 3])
    func neverLetsMoreThanItsCapacityIn(_ capacity: Int) {
        let gate = FIFOGate(capacity: capacity)
        let record = Record()
        DispatchQueue.concurrentPerform(iterations: 24) { id in
            gate.pass {
                record.enter(id)
                usleep(2_000)
                record.leave()
            }
        }
        #expect(record.snapshot.most <= capacity)
        #expect(record.snapshot.order.count == 24)
        #expect(gate.waitingCount == 0)
    }

    @Test func waitersGoInTheOrderTheyArrived() throws {
        let gate = FIFOGate(capacity: 1)
        let record = Record()
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        done.enter()
        let holding = DispatchSemaphore(value: 0)
        Thread { gate.pass { holding.signal(); release.wait() }; done.leave() }.start()
        #expect(holding.wait(timeout: .now() + 10) == .success, "the first thread holds the only place")
        for id in 0..<6 {
            done.enter()
            Thread { gate.pass { record.enter(id); record.leave() }; done.leave() }.start()
            // The next thread starts only once this one is queued, so arrival order is known.
            var polls = 0
            while gate.waitingCount < id + 1, polls < 5_000 { usleep(200); polls += 1 }
            try #require(gate.waitingCount == id + 1)
        }
        release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(record.snapshot.order == [0, 1, 2, 3, 4, 5])
    }
}
