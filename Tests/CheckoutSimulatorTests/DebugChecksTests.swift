#if DEBUG
@testable import CheckoutSimulator
import CheckoutSimCommerce
import CheckoutSimSupport
import Testing
import Foundation

/// The debug checks that stand for the release builds' unchecked code
/// (ARCHITECTURE.md#unchecked-code-and-what-checks-it): each traps on the breach it names, and
/// the same steps kept within the invariant do not. Each breach runs in a child process (an exit
/// test), since a trap ends the process.
@Suite struct DebugChecksTests {
    static func guardedState() -> Locked<ShopState> {
        let fixtures = try! Fixtures.bundled()
        let shop = Shop(
            store: fixtures.store, catalog: fixtures.catalog, offers: fixtures.offers, scratchTable: fixtures.scratchCards,
            testCards: fixtures.testCards, seed: 1, now: fixtures.store.now)
        return ShopState.guarded(shop: shop, content: fixtures.collections)
    }

    @Test func theShopTouchedOutsideItsLockTraps() async {
        // The lock stays alive: the trap is for the lock not held, not for a lock gone.
        await #expect(processExitsWith: .failure) {
            let locked = DebugChecksTests.guardedState()
            var escaped: ShopState?
            locked.withLock { escaped = $0 }
            _ = escaped?.shop.clock
            withExtendedLifetime(locked) {}
        }
        await #expect(processExitsWith: .failure) {
            let locked = DebugChecksTests.guardedState()
            var escaped: ShopState?
            locked.withLock { escaped = $0 }
            escaped?.beginReading()
            exit(0)
        }
        await #expect(processExitsWith: .success) {
            _ = DebugChecksTests.guardedState().withLock { $0.shop.clock }
        }
    }

    @Test func aRowHandedOutWithNoRequestReadingTheShopTraps() async {
        await #expect(processExitsWith: .failure) {
            DebugChecksTests.guardedState().withLock { _ = $0.amountRow(Amount(integer: 1)) }
        }
        await #expect(processExitsWith: .success) {
            DebugChecksTests.guardedState().withLock { state in
                let context = RequestContext(state: state, sessionName: "a")
                _ = context.state.amountRow(Amount(integer: 1))
            }
        }
    }

    @Test func aLoopTouchedOffItsThreadTraps() async {
        await #expect(processExitsWith: .failure) {
            EventLoop(mechanism: .poll)?.assertOnLoop()
        }
    }

    @Test func aLockAssertedOutsideItTraps() async {
        await #expect(processExitsWith: .failure) {
            Locked(0).assertHeld("a counter")
        }
        // Held once and let go: the lock no longer counts as held by this thread.
        await #expect(processExitsWith: .failure) {
            let counter = Locked(0)
            counter.withLock { $0 += 1 }
            counter.assertHeld("a counter")
        }
        await #expect(processExitsWith: .success) {
            let counter = Locked(0)
            counter.withLock { _ in counter.assertHeld("a counter") }
        }
    }
}
#endif
